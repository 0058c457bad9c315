// The selected repositories of a secret that has them (an organization's Actions or Codespaces
// secret, a user's Codespaces secret): `GET|PUT .../repositories`, `PUT|DELETE .../repositories/{id}`.
// https://docs.github.com/rest/actions/secrets#list-selected-repositories-for-an-organization-secret
// https://docs.github.com/rest/codespaces/secrets#list-selected-repositories-for-a-user-secret

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import type { Caller } from '../auth.js';
import { GitHubError, invalidRequest, notFound } from '../github-error.js';
import type { StoredSecret } from '../secret-store.js';
import type { Repository } from '../targets.js';
import { apiBase, type GitHubContext, githubRoute } from './github-route.js';
import { paginate } from './pagination.js';
import { repositoryJson } from './repositories.js';
import { bodyObject } from './sealed-value.js';

export interface SelectionDocs {
  list: string;
  set: string;
  add: string;
  remove: string;
}

/** Where one kind of secret keeps its selection. */
export interface SelectionScope {
  /** The secret's path, e.g. `/orgs/:org/actions/secrets/:secret_name`. */
  secretPath: string;
  permission: string;
  docs: SelectionDocs;
  /** The secret the path names (404 when there is none), after the caller is let in. */
  secretOf(ctx: GitHubContext, req: EmulatorRequest, caller: Caller, need: 'read' | 'write', docs: string): StoredSecret;
  /** Whether a repository may be selected for the secret the request names. */
  selectable(ctx: GitHubContext, req: EmulatorRequest, repo: Repository): boolean;
  /** What the 422 for a repository that may not be selected says. */
  notSelectable(ctx: GitHubContext, req: EmulatorRequest, id: number): string;
}

/**
 * Repository ids that may be selected, else 422: integers, or also numeric strings where the
 * endpoint's schema allows them (`numericStrings`: an Actions or Dependabot organization secret, a
 * user's Codespaces secret; a Codespaces organization secret takes integers only).
 */
export function selectableIds(raw: unknown, docs: string, allowed: (id: number) => string | undefined, numericStrings = true): number[] {
  if (!Array.isArray(raw)) throw invalidRequest(`For 'properties/selected_repository_ids', the value is not an array.`, docs);
  return raw.map((item) => {
    const id = numericStrings && typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      throw invalidRequest(`For 'items', a ${typeof item} is not an integer.`, docs);
    }
    const problem = allowed(id);
    if (problem) throw invalidRequest(problem, docs);
    return id;
  });
}

export function selectionRoutes(ctx: GitHubContext, scope: SelectionScope): Route[] {
  const base = `${scope.secretPath}/repositories`;
  const { docs } = scope;
  const ids = (req: EmulatorRequest, raw: unknown, page: string) =>
    selectableIds(raw, page, (id) => {
      const repo = ctx.world.repoById(id);
      return repo && scope.selectable(ctx, req, repo) ? undefined : scope.notSelectable(ctx, req, id);
    });
  // Changing the selection of a secret whose visibility is not `selected` is a 409, as GitHub documents
  // it, in GitHub's error shape (the description lists it with no body for one repository).
  const mustBeSelected = (secret: StoredSecret, page: string) => {
    if (secret.visibility !== 'selected') {
      throw new GitHubError(409, `The visibility of ${secret.name} is ${secret.visibility}, not selected.`, page);
    }
  };
  /** A repository id in the path: 404 unless it names a repository that may be selected. */
  const idParam = (req: EmulatorRequest, page: string): number => {
    const text = req.params.repository_id!;
    const repo = /^\d+$/.test(text) ? ctx.world.repoById(Number(text)) : undefined;
    if (!repo || !scope.selectable(ctx, req, repo)) throw notFound(page);
    return repo.id;
  };

  return [
    githubRoute(ctx, 'GET', base, (req, caller) => {
      const secret = scope.secretOf(ctx, req, caller, 'read', docs.list);
      const repos = (secret.selectedRepositoryIds ?? []).flatMap((id) => ctx.world.repoById(id) ?? []);
      const page = paginate(req, repos);
      const repositories = page.items.map((r) => repositoryJson(ctx, r, apiBase(req), 'minimal'));
      return { status: 200, headers: page.headers, body: { total_count: repos.length, repositories } };
    }),
    githubRoute(ctx, 'PUT', base, (req, caller) => {
      const secret = scope.secretOf(ctx, req, caller, 'write', docs.set);
      const body = bodyObject(req.body, 'selected_repository_ids', docs.set);
      if (body.selected_repository_ids === undefined) throw invalidRequest(`"selected_repository_ids" wasn't supplied.`, docs.set);
      const selected = ids(req, body.selected_repository_ids, docs.set);
      mustBeSelected(secret, docs.set);
      secret.selectedRepositoryIds = [...new Set(selected)];
      return { status: 204 };
    }),
    githubRoute(ctx, 'PUT', `${base}/:repository_id`, (req, caller) => {
      const secret = scope.secretOf(ctx, req, caller, 'write', docs.add);
      const id = idParam(req, docs.add);
      mustBeSelected(secret, docs.add);
      if (!secret.selectedRepositoryIds?.includes(id)) secret.selectedRepositoryIds = [...(secret.selectedRepositoryIds ?? []), id];
      return { status: 204 };
    }),
    githubRoute(ctx, 'DELETE', `${base}/:repository_id`, (req, caller) => {
      const secret = scope.secretOf(ctx, req, caller, 'write', docs.remove);
      const id = idParam(req, docs.remove);
      mustBeSelected(secret, docs.remove);
      secret.selectedRepositoryIds = (secret.selectedRepositoryIds ?? []).filter((x) => x !== id);
      return { status: 204 };
    }),
  ];
}
