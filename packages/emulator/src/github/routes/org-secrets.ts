// Organization secrets: visibility (`all`, `private`, `selected`) and the selected repositories.
// https://docs.github.com/rest/actions/secrets#create-or-update-an-organization-secret

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { requirePermission } from '../auth.js';
import { GitHubError, invalidRequest, notFound } from '../github-error.js';
import type { OrgSecretVisibility, StoredSecret } from '../secret-store.js';
import type { GitHubWorld, Organization } from '../targets.js';
import { apiBase, type GitHubContext, githubRoute } from './github-route.js';
import { paginate } from './pagination.js';
import { repositoryJson } from './repositories.js';
import { bodyObject, stringField } from './sealed-value.js';
import { ORGANIZATION_DOCS, type SecretScope } from './secret-scope.js';

const VISIBILITIES: readonly OrgSecretVisibility[] = ['all', 'private', 'selected'];
const PAGE = 'https://docs.github.com/rest/actions/secrets';
const SELECTED_DOCS = {
  list: `${PAGE}#list-selected-repositories-for-an-organization-secret`,
  set: `${PAGE}#set-selected-repositories-for-an-organization-secret`,
  add: `${PAGE}#add-selected-repository-to-an-organization-secret`,
  remove: `${PAGE}#remove-selected-repository-from-an-organization-secret`,
};
const PERMISSION = 'organization_secrets';

function selectedRepositoriesUrl(req: EmulatorRequest, org: string, name: string): string {
  return `${apiBase(req)}/orgs/${org}/actions/secrets/${name}/repositories`;
}

/**
 * Repository ids that may be selected: each a repository of this organization (an integer, or a
 * numeric string as the schema also allows), else 422.
 */
export function selectableRepositoryIds(world: GitHubWorld, org: Organization, raw: unknown, docs: string): number[] {
  if (!Array.isArray(raw)) throw invalidRequest(`For 'properties/selected_repository_ids', the value is not an array.`, docs);
  return raw.map((item) => {
    const id = typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      throw invalidRequest(`For 'items', a ${typeof item} is not an integer.`, docs);
    }
    const repo = world.repoById(id);
    if (!repo || repo.owner.toLowerCase() !== org.login.toLowerCase()) {
      throw invalidRequest(`Repository ${id} is not a repository of the ${org.login} organization.`, docs);
    }
    return id;
  });
}

export const organizationScope: SecretScope = {
  collection: '/orgs/:org/actions/secrets',
  permission: PERMISSION,
  docs: ORGANIZATION_DOCS,
  resolve: (world, p) => world.org(p.org!)?.actions,
  describe: (secret, req) => ({
    visibility: secret.visibility,
    ...(secret.visibility === 'selected' && {
      selected_repositories_url: selectedRepositoriesUrl(req, req.params.org!, secret.name),
    }),
  }),
  writeFields: (ctx, req, existing) => {
    const docs = ORGANIZATION_DOCS.put;
    const body = bodyObject(req.body, 'visibility', docs);
    const visibility = stringField(body, 'visibility', docs);
    if (visibility === undefined) throw invalidRequest(`"visibility" wasn't supplied.`, docs);
    if (!VISIBILITIES.includes(visibility as OrgSecretVisibility)) {
      throw invalidRequest(`For 'properties/visibility', the value is not one of ${JSON.stringify(VISIBILITIES)}.`, docs);
    }
    const raw = body.selected_repository_ids;
    if (visibility !== 'selected' && Array.isArray(raw) && raw.length > 0) {
      throw invalidRequest('You can only provide a list of repository ids when the visibility is set to selected.', docs);
    }
    const org = ctx.world.org(req.params.org!)!;
    const ids = raw === undefined ? undefined : selectableRepositoryIds(ctx.world, org, raw, docs);
    return {
      write: { visibility: visibility as OrgSecretVisibility, selectedRepositoryIds: ids },
      valueOptional: existing !== undefined,
    };
  },
};

/** `GET|PUT .../repositories` and `PUT|DELETE .../repositories/{repository_id}` of an org secret. */
export function selectedRepositoryRoutes(ctx: GitHubContext): Route[] {
  const base = `${organizationScope.collection}/:secret_name/repositories`;

  const orgSecret = (req: EmulatorRequest, docs: string): { org: Organization; secret: StoredSecret } => {
    const org = ctx.world.org(req.params.org!);
    const secret = org?.actions.secrets.get(req.params.secret_name!);
    if (!org || !secret) throw notFound(docs);
    return { org, secret };
  };
  // Changing the selection of a secret whose visibility is not `selected` is a 409, as GitHub documents
  // it, in GitHub's error shape (the description lists it with no body for one repository).
  const mustBeSelected = (secret: StoredSecret, docs: string) => {
    if (secret.visibility !== 'selected') {
      throw new GitHubError(409, `The visibility of ${secret.name} is ${secret.visibility}, not selected.`, docs);
    }
  };

  return [
    githubRoute(ctx, 'GET', base, (req, caller) => {
      const { secret } = orgSecret(req, SELECTED_DOCS.list);
      requirePermission(caller, 'read', PERMISSION, SELECTED_DOCS.list, { owner: req.params.org! });
      const repos = (secret.selectedRepositoryIds ?? []).flatMap((id) => ctx.world.repoById(id) ?? []);
      const page = paginate(req, repos);
      const repositories = page.items.map((r) => repositoryJson(ctx, r, apiBase(req), 'minimal'));
      return { status: 200, headers: page.headers, body: { total_count: repos.length, repositories } };
    }),
    githubRoute(ctx, 'PUT', base, (req, caller) => {
      const { org, secret } = orgSecret(req, SELECTED_DOCS.set);
      requirePermission(caller, 'write', PERMISSION, SELECTED_DOCS.set, { owner: req.params.org! });
      const body = bodyObject(req.body, 'selected_repository_ids', SELECTED_DOCS.set);
      if (body.selected_repository_ids === undefined) {
        throw invalidRequest(`"selected_repository_ids" wasn't supplied.`, SELECTED_DOCS.set);
      }
      const ids = selectableRepositoryIds(ctx.world, org, body.selected_repository_ids, SELECTED_DOCS.set);
      mustBeSelected(secret, SELECTED_DOCS.set);
      secret.selectedRepositoryIds = [...new Set(ids)];
      return { status: 204 };
    }),
    githubRoute(ctx, 'PUT', `${base}/:repository_id`, (req, caller) => {
      const { org, secret } = orgSecret(req, SELECTED_DOCS.add);
      requirePermission(caller, 'write', PERMISSION, SELECTED_DOCS.add, { owner: req.params.org! });
      const id = repositoryIdParam(ctx, org, req.params.repository_id!, SELECTED_DOCS.add);
      mustBeSelected(secret, SELECTED_DOCS.add);
      if (!secret.selectedRepositoryIds?.includes(id)) secret.selectedRepositoryIds = [...(secret.selectedRepositoryIds ?? []), id];
      return { status: 204 };
    }),
    githubRoute(ctx, 'DELETE', `${base}/:repository_id`, (req, caller) => {
      const { org, secret } = orgSecret(req, SELECTED_DOCS.remove);
      requirePermission(caller, 'write', PERMISSION, SELECTED_DOCS.remove, { owner: req.params.org! });
      const id = repositoryIdParam(ctx, org, req.params.repository_id!, SELECTED_DOCS.remove);
      mustBeSelected(secret, SELECTED_DOCS.remove);
      secret.selectedRepositoryIds = (secret.selectedRepositoryIds ?? []).filter((x) => x !== id);
      return { status: 204 };
    }),
  ];
}

/** A repository id in the path: 404 unless it names a repository of the organization. */
function repositoryIdParam(ctx: GitHubContext, org: Organization, text: string, docs: string): number {
  const repo = /^\d+$/.test(text) ? ctx.world.repoById(Number(text)) : undefined;
  if (!repo || repo.owner.toLowerCase() !== org.login.toLowerCase()) throw notFound(docs);
  return repo.id;
}
