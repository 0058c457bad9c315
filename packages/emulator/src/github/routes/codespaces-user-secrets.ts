// The authenticated user's Codespaces secrets: each for the repositories selected for it (any the
// user can reach), its visibility always `selected`. Only a user's token reaches them: GitHub answers
// an App's installation token 403, as it acts for no user.
// https://docs.github.com/rest/codespaces/secrets

import type { Route } from '../../core/http-server.js';
import { requirePermission } from '../auth.js';
import { GitHubError, notFound } from '../github-error.js';
import { apiBase, type GitHubContext } from './github-route.js';
import { bodyObject } from './sealed-value.js';
import type { SecretScope } from './secret-scope.js';
import { selectableIds, selectionRoutes } from './selected-repositories.js';

const PAGE = 'https://docs.github.com/rest/codespaces/secrets';
const PERMISSION = 'codespaces_user_secrets';
const DOCS = {
  publicKey: `${PAGE}#get-public-key-for-the-authenticated-user`,
  list: `${PAGE}#list-secrets-for-the-authenticated-user`,
  get: `${PAGE}#get-a-secret-for-the-authenticated-user`,
  put: `${PAGE}#create-or-update-a-secret-for-the-authenticated-user`,
  delete: `${PAGE}#delete-a-secret-for-the-authenticated-user`,
};

/** Any repository the emulator knows may be selected: a token's user reaches them all. */
export function userSelectableIds(ctx: Pick<GitHubContext, 'world'>, raw: unknown, docs: string): number[] {
  return selectableIds(raw, docs, (id) => (ctx.world.repoById(id) ? undefined : `Repository ${id} was not found.`));
}

export const codespacesUserScope: SecretScope = {
  collection: '/user/codespaces/secrets',
  permission: PERMISSION,
  docs: DOCS,
  // The user secret's description requires its repositories' URL.
  optional: [],
  resolve: (world, _params, caller) => {
    if (caller.user === undefined) throw new GitHubError(403, 'Resource not accessible by integration', DOCS.get);
    return world.user(caller.user)?.codespaces;
  },
  describe: (secret, req) => ({
    visibility: secret.visibility,
    selected_repositories_url: `${apiBase(req)}/user/codespaces/secrets/${secret.name}/repositories`,
  }),
  writeFields: (ctx, req) => {
    const body = bodyObject(req.body, 'key_id', DOCS.put);
    const raw = body.selected_repository_ids;
    const ids = raw === undefined ? undefined : userSelectableIds(ctx, raw, DOCS.put);
    return { write: { visibility: 'selected', selectedRepositoryIds: ids }, valueOptional: false };
  },
};

/** `GET|PUT /user/codespaces/secrets/{name}/repositories` and `PUT|DELETE .../repositories/{repository_id}`. */
export function userSelectedRepositoryRoutes(ctx: GitHubContext): Route[] {
  return selectionRoutes(ctx, {
    secretPath: '/user/codespaces/secrets/:secret_name',
    permission: PERMISSION,
    docs: {
      list: `${PAGE}#list-selected-repositories-for-a-user-secret`,
      set: `${PAGE}#set-selected-repositories-for-a-user-secret`,
      add: `${PAGE}#add-a-selected-repository-to-a-user-secret`,
      remove: `${PAGE}#remove-a-selected-repository-from-a-user-secret`,
    },
    secretOf: (ctx, req, caller, need, docs) => {
      const target = codespacesUserScope.resolve(ctx.world, req.params, caller);
      const secret = target?.secrets.get(req.params.secret_name!);
      if (!target || !secret) throw notFound(docs);
      requirePermission(caller, need, PERMISSION, docs);
      return secret;
    },
    selectable: () => true,
    notSelectable: (_ctx, _req, id) => `Repository ${id} was not found.`,
  });
}
