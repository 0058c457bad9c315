// Organization secrets, of Actions, Codespaces and Dependabot: visibility (`all`, `private`, `selected`) and
// the selected repositories, the same fields under both.
// https://docs.github.com/rest/actions/secrets#create-or-update-an-organization-secret
// https://docs.github.com/rest/codespaces/organization-secrets#create-or-update-an-organization-secret

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { requirePermission } from '../auth.js';
import { invalidRequest, notFound } from '../github-error.js';
import type { OrgSecretVisibility } from '../secret-store.js';
import type { GitHubWorld, Organization } from '../targets.js';
import { apiBase, type GitHubContext } from './github-route.js';
import { bodyObject, stringField } from './sealed-value.js';
import { scopeDocs, type SecretScope } from './secret-scope.js';
import { selectableIds, type SelectionScope, selectionRoutes } from './selected-repositories.js';

const VISIBILITIES: readonly OrgSecretVisibility[] = ['all', 'private', 'selected'];

type Service = 'actions' | 'codespaces' | 'dependabot';

/**
 * `numericStrings`: whether `selected_repository_ids` may hold numeric strings (the published schema: Actions anyOf integer/string,
 * Codespaces integer).
 */
const SERVICES: Record<Service, { page: string; permission: string; numericStrings: boolean }> = {
  actions: { page: 'https://docs.github.com/rest/actions/secrets', permission: 'organization_secrets', numericStrings: true },
  codespaces: {
    page: 'https://docs.github.com/rest/codespaces/organization-secrets',
    permission: 'organization_codespaces_secrets',
    numericStrings: false,
  },
  dependabot: {
    page: 'https://docs.github.com/rest/dependabot/secrets',
    permission: 'organization_dependabot_secrets',
    numericStrings: true,
  },
};

/**
 * Repository ids that may be selected: each a repository of this organization (an integer, or a
 * numeric string where the service's schema allows it), else 422.
 */
export function selectableRepositoryIds(
  world: GitHubWorld,
  org: Organization,
  raw: unknown,
  docs: string,
  numericStrings = true,
): number[] {
  const allowed = (id: number) => {
    const repo = world.repoById(id);
    if (repo && repo.owner.toLowerCase() === org.login.toLowerCase()) return undefined;
    return `Repository ${id} is not a repository of the ${org.login} organization.`;
  };
  return selectableIds(raw, docs, allowed, numericStrings);
}

/** The secrets of one service of an organization. */
function orgSecretScope(service: Service): SecretScope {
  const { page, permission, numericStrings } = SERVICES[service];
  const docs = scopeDocs(page, 'an-organization');
  return {
    collection: `/orgs/:org/${service}/secrets`,
    permission,
    docs,
    resolve: (world, p) => world.org(p.org!)?.[service],
    describe: (secret, req) => ({
      visibility: secret.visibility,
      ...(secret.visibility === 'selected' && {
        selected_repositories_url: `${apiBase(req)}/orgs/${req.params.org!}/${service}/secrets/${secret.name}/repositories`,
      }),
    }),
    writeFields: (ctx, req, existing) => {
      const body = bodyObject(req.body, 'visibility', docs.put);
      const visibility = stringField(body, 'visibility', docs.put);
      if (visibility === undefined) throw invalidRequest(`"visibility" wasn't supplied.`, docs.put);
      if (!VISIBILITIES.includes(visibility as OrgSecretVisibility)) {
        throw invalidRequest(`For 'properties/visibility', the value is not one of ${JSON.stringify(VISIBILITIES)}.`, docs.put);
      }
      const raw = body.selected_repository_ids;
      if (visibility !== 'selected' && Array.isArray(raw) && raw.length > 0) {
        throw invalidRequest('You can only provide a list of repository ids when the visibility is set to selected.', docs.put);
      }
      const org = ctx.world.org(req.params.org!)!;
      const ids = raw === undefined ? undefined : selectableRepositoryIds(ctx.world, org, raw, docs.put, numericStrings);
      return {
        write: { visibility: visibility as OrgSecretVisibility, selectedRepositoryIds: ids },
        valueOptional: existing !== undefined,
      };
    },
  };
}

export const organizationScope = orgSecretScope('actions');
export const codespacesOrganizationScope = orgSecretScope('codespaces');
/** Dependabot's organization secrets: no rotation writes them, an inventory of copies lists them. */
export const dependabotOrganizationScope = orgSecretScope('dependabot');

/** `GET|PUT .../repositories` and `PUT|DELETE .../repositories/{repository_id}` of an org secret. */
export function selectedRepositoryRoutes(ctx: GitHubContext, service: Service = 'actions'): Route[] {
  const { page, permission } = SERVICES[service];
  const scope: SelectionScope = {
    secretPath: `/orgs/:org/${service}/secrets/:secret_name`,
    permission,
    docs: {
      list: `${page}#list-selected-repositories-for-an-organization-secret`,
      set: `${page}#set-selected-repositories-for-an-organization-secret`,
      add: `${page}#add-selected-repository-to-an-organization-secret`,
      remove: `${page}#remove-selected-repository-from-an-organization-secret`,
    },
    secretOf: (ctx, req, caller, need, docs) => {
      const secret = ctx.world.org(req.params.org!)?.[service].secrets.get(req.params.secret_name!);
      if (!secret) throw notFound(docs);
      requirePermission(caller, need, permission, docs, { owner: req.params.org! });
      return secret;
    },
    selectable: (_ctx, req: EmulatorRequest, repo) => repo.owner.toLowerCase() === req.params.org!.toLowerCase(),
    notSelectable: (ctx, req, id) => `Repository ${id} is not a repository of the ${ctx.world.org(req.params.org!)!.login} organization.`,
  };
  return selectionRoutes(ctx, scope);
}
