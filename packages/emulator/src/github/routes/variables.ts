// Repository variables of GitHub Actions: list, get, create (201), update (204), delete (204).
// Unlike secrets, a variable's value is readable. Names follow the secret rules. The list pages 10
// to a page by default and 30 at most; an update takes `name` (a rename) and `value`, neither required.
// https://docs.github.com/rest/actions/variables

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { type Caller, requirePermission } from '../auth.js';
import { GitHubError, notFound } from '../github-error.js';
import { shaped } from '../../core/response-shape.js';
import { canonicalSecretName, secretNameProblem, secretValueProblem } from '../names.js';
import { githubTimestamp } from '../secret-store.js';
import type { Repository } from '../targets.js';
import { type GitHubContext, githubRoute } from './github-route.js';
import { type PageSize, paginate } from './pagination.js';

const DOCS = 'https://docs.github.com/rest/actions/variables';
const PERMISSION = 'actions_variables';
const COLLECTION = '/repos/:owner/:repo/actions/variables';
/**
 * "500 variables per repository"
 * (https://docs.github.com/actions/reference/workflows-and-actions/variables#limits-for-configuration-variables).
 */
export const MAX_REPOSITORY_VARIABLES = 500;
/** "List repository variables": per_page "(max 30)", "Default: 10". */
export const VARIABLES_PAGE_SIZE: PageSize = { default: 10, max: 30 };

interface Variable {
  name: string;
  value: string;
  created_at: string;
  updated_at: string;
}

/** Per repository, by upper-cased name. */
const stores = new WeakMap<Repository, Map<string, Variable>>();

function variablesOf(repo: Repository): Map<string, Variable> {
  const store = stores.get(repo) ?? new Map<string, Variable>();
  stores.set(repo, store);
  return store;
}

/** A repository's variables as stored, sorted by name (the state API's read: no request, no permission, no fault). */
export function storedVariables(repo: Repository): Array<{ name: string; value: string }> {
  return [...variablesOf(repo).values()].map(({ name, value }) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));
}

export function variableRoutes(ctx: GitHubContext): Route[] {
  const storeFor = (req: EmulatorRequest, caller: Caller, need: 'read' | 'write'): Map<string, Variable> => {
    const repo = ctx.world.repo(req.params.owner!, req.params.repo!);
    if (!repo) throw notFound(DOCS);
    requirePermission(caller, need, PERMISSION, DOCS, { owner: repo.owner, repositoryId: repo.id });
    return variablesOf(repo);
  };
  const optionalField = (body: unknown, name: string): string | undefined => {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
    if (value !== undefined && typeof value !== 'string')
      throw new GitHubError(422, `Invalid request.\n\n"${name}" is not a string.`, DOCS);
    return value;
  };
  const field = (body: unknown, name: string): string => {
    const value = optionalField(body, name);
    if (value === undefined) throw new GitHubError(422, `Invalid request.\n\n"${name}" wasn't supplied.`, DOCS);
    return value;
  };
  const checked = (name: string, value: string) => {
    const problem = secretNameProblem(name)?.replace(/Secret/g, 'Variable') ?? secretValueProblem(value)?.replace(/Secret/g, 'Variable');
    if (problem) throw new GitHubError(422, problem, DOCS);
  };

  return [
    githubRoute(ctx, 'GET', COLLECTION, (req, caller) => {
      const all = [...storeFor(req, caller, 'read').values()].sort((a, b) => a.name.localeCompare(b.name));
      const page = paginate(req, all, VARIABLES_PAGE_SIZE);
      return {
        status: 200,
        headers: page.headers,
        body: { total_count: all.length, variables: page.items.map((v) => shaped(ctx.shape, { ...v }, { optional: [] })) },
      };
    }),
    githubRoute(ctx, 'POST', COLLECTION, (req, caller) => {
      const store = storeFor(req, caller, 'write');
      const [name, value] = [field(req.body, 'name'), field(req.body, 'value')];
      checked(name, value);
      if (store.has(canonicalSecretName(name))) throw new GitHubError(409, 'Already exists - Variable already exists', DOCS);
      // The wording is the emulator's: GitHub's own text for this refusal is not documented.
      if (store.size >= MAX_REPOSITORY_VARIABLES) {
        throw new GitHubError(
          422,
          `Failed to create variable: the repository has reached the limit of ${MAX_REPOSITORY_VARIABLES} variables.`,
          DOCS,
        );
      }
      const now = githubTimestamp(new Date(ctx.world.clock()));
      store.set(canonicalSecretName(name), { name: canonicalSecretName(name), value, created_at: now, updated_at: now });
      return { status: 201, body: {} };
    }),
    githubRoute(ctx, 'GET', `${COLLECTION}/:name`, (req, caller) => {
      const variable = storeFor(req, caller, 'read').get(canonicalSecretName(req.params.name!));
      if (!variable) throw notFound(DOCS);
      return { status: 200, body: shaped(ctx.shape, { ...variable }, { optional: [] }) };
    }),
    githubRoute(ctx, 'PATCH', `${COLLECTION}/:name`, (req, caller) => {
      const store = storeFor(req, caller, 'write');
      const variable = store.get(canonicalSecretName(req.params.name!));
      if (!variable) throw notFound(DOCS);
      const [rename, newValue] = [optionalField(req.body, 'name'), optionalField(req.body, 'value')];
      const name = rename === undefined ? variable.name : canonicalSecretName(rename);
      const value = newValue ?? variable.value;
      checked(name, value);
      if (name !== variable.name && store.has(name)) throw new GitHubError(409, 'Already exists - Variable already exists', DOCS);
      store.delete(variable.name);
      store.set(name, { ...variable, name, value, updated_at: githubTimestamp(new Date(ctx.world.clock())) });
      return { status: 204 };
    }),
    githubRoute(ctx, 'DELETE', `${COLLECTION}/:name`, (req, caller) => {
      if (!storeFor(req, caller, 'write').delete(canonicalSecretName(req.params.name!))) throw notFound(DOCS);
      return { status: 204 };
    }),
  ];
}
