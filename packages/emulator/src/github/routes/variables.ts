// Repository variables of GitHub Actions: list, get, create (201), update (204), delete (204).
// Unlike secrets, a variable's value is readable. Names follow the secret rules.
// https://docs.github.com/rest/actions/variables

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { type Caller, requirePermission } from '../auth.js';
import { GitHubError, notFound } from '../github-error.js';
import { canonicalSecretName, secretNameProblem, secretValueProblem } from '../names.js';
import { githubTimestamp } from '../secret-store.js';
import type { Repository } from '../targets.js';
import { type GitHubContext, githubRoute } from './github-route.js';
import { paginate } from './pagination.js';

const DOCS = 'https://docs.github.com/rest/actions/variables';
const PERMISSION = 'actions_variables';
const COLLECTION = '/repos/:owner/:repo/actions/variables';
/** "500 variables per repository" (https://docs.github.com/actions/reference/workflows-and-actions/variables#limits-for-configuration-variables). */
export const MAX_REPOSITORY_VARIABLES = 500;

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

export function variableRoutes(ctx: GitHubContext): Route[] {
  const storeFor = (req: EmulatorRequest, caller: Caller, need: 'read' | 'write'): Map<string, Variable> => {
    const repo = ctx.world.repo(req.params.owner!, req.params.repo!);
    if (!repo) throw notFound(DOCS);
    requirePermission(caller, need, PERMISSION, DOCS, { owner: repo.owner, repositoryId: repo.id });
    return variablesOf(repo);
  };
  const field = (body: unknown, name: string): string => {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
    if (typeof value !== 'string') throw new GitHubError(422, `Invalid request.\n\n"${name}" is not a string.`, DOCS);
    return value;
  };
  const checked = (name: string, value: string) => {
    const problem = secretNameProblem(name)?.replace(/Secret/g, 'Variable') ?? secretValueProblem(value)?.replace(/Secret/g, 'Variable');
    if (problem) throw new GitHubError(422, problem, DOCS);
  };

  return [
    githubRoute(ctx, 'GET', COLLECTION, (req, caller) => {
      const all = [...storeFor(req, caller, 'read').values()].sort((a, b) => a.name.localeCompare(b.name));
      const page = paginate(req, all);
      return { status: 200, headers: page.headers, body: { total_count: all.length, variables: page.items } };
    }),
    githubRoute(ctx, 'POST', COLLECTION, (req, caller) => {
      const store = storeFor(req, caller, 'write');
      const [name, value] = [field(req.body, 'name'), field(req.body, 'value')];
      checked(name, value);
      if (store.has(canonicalSecretName(name))) throw new GitHubError(409, 'Already exists - Variable already exists', DOCS);
      // The wording is the emulator's: GitHub's own text for this refusal is not documented.
      if (store.size >= MAX_REPOSITORY_VARIABLES) {
        throw new GitHubError(422, `Failed to create variable: the repository has reached the limit of ${MAX_REPOSITORY_VARIABLES} variables.`, DOCS);
      }
      const now = githubTimestamp(new Date(ctx.world.clock()));
      store.set(canonicalSecretName(name), { name: canonicalSecretName(name), value, created_at: now, updated_at: now });
      return { status: 201, body: {} };
    }),
    githubRoute(ctx, 'GET', `${COLLECTION}/:name`, (req, caller) => {
      const variable = storeFor(req, caller, 'read').get(canonicalSecretName(req.params.name!));
      if (!variable) throw notFound(DOCS);
      return { status: 200, body: variable };
    }),
    githubRoute(ctx, 'PATCH', `${COLLECTION}/:name`, (req, caller) => {
      const store = storeFor(req, caller, 'write');
      const variable = store.get(canonicalSecretName(req.params.name!));
      if (!variable) throw notFound(DOCS);
      const value = field(req.body, 'value');
      checked(variable.name, value);
      store.set(variable.name.toUpperCase(), { ...variable, value, updated_at: githubTimestamp(new Date(ctx.world.clock())) });
      return { status: 204 };
    }),
    githubRoute(ctx, 'DELETE', `${COLLECTION}/:name`, (req, caller) => {
      if (!storeFor(req, caller, 'write').delete(canonicalSecretName(req.params.name!))) throw notFound(DOCS);
      return { status: 204 };
    }),
  ];
}
