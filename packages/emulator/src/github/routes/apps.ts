// The GitHub App endpoints a client needs to act for an installation: find the installation (of the
// app, of a repository, an organization or a user), mint an installation token, revoke it.
// https://docs.github.com/rest/apps/apps

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { shaped } from '../../core/response-shape.js';
import { JWT_MESSAGES } from '../app-jwt.js';
import { type AppPermissionLevel, type AppPermissions, type AppRecord, type InstallationRecord, levelCovers } from '../apps.js';
import type { Caller } from '../auth.js';
import { GitHubError, invalidRequest, notFound } from '../github-error.js';
import { githubTimestamp } from '../secret-store.js';
import { nodeId, simpleUser } from '../wire.js';
import { apiBase, type GitHubContext, githubRoute } from './github-route.js';

const DOCS = {
  app: 'https://docs.github.com/rest/apps/apps#get-the-authenticated-app',
  list: 'https://docs.github.com/rest/apps/apps#list-installations-for-the-authenticated-app',
  repo: 'https://docs.github.com/rest/apps/apps#get-a-repository-installation-for-the-authenticated-app',
  org: 'https://docs.github.com/rest/apps/apps#get-an-organization-installation-for-the-authenticated-app',
  user: 'https://docs.github.com/rest/apps/apps#get-a-user-installation-for-the-authenticated-app',
  token: 'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app',
  revoke: 'https://docs.github.com/rest/apps/installations#revoke-an-installation-access-token',
};

/** GitHub's answers to a narrowing it cannot grant. */
const NOT_ACCESSIBLE = 'There is at least one repository that does not exist or is not accessible to the parent installation.';
const NOT_GRANTED = 'The permissions requested are not granted to this installation.';
/** Most repositories one token may name (documented). */
const MAX_REPOSITORIES = 500;

/** The app behind a JWT; these endpoints answer 401 to any other credential, as GitHub does. */
function appOf(caller: Caller): AppRecord {
  if (!caller.app) throw new GitHubError(401, JWT_MESSAGES.undecodable);
  return caller.app;
}

export function appRoutes(ctx: GitHubContext): Route[] {
  /**
   * An installation. `listed`: the list's description joins simple-user and enterprise with allOf
   * (the single lookups use anyOf), so a listed account also carries the enterprise's required
   * name, slug and timestamps.
   */
  const installationJson = (req: EmulatorRequest, record: InstallationRecord, listed = false) => {
    const api = apiBase(req);
    const owner = { login: record.owner, id: record.ownerId, type: record.ownerType };
    const user = simpleUser(ctx.shape, owner, api);
    const account = listed
      ? { ...user, name: record.owner, slug: record.owner.toLowerCase(), created_at: record.createdAt, updated_at: record.createdAt }
      : user;
    const settings = record.ownerType === 'Organization' ? `organizations/${record.owner}/settings` : 'settings';
    return shaped(
      ctx.shape,
      {
        id: record.id,
        account,
        repository_selection: record.selection,
        access_tokens_url: `${api}/app/installations/${record.id}/access_tokens`,
        repositories_url: `${api}/installation/repositories`,
        html_url: `https://github.com/${settings}/installations/${record.id}`,
        app_id: record.app.id,
        client_id: record.app.clientId,
        target_id: record.ownerId,
        target_type: record.ownerType,
        permissions: { ...record.permissions },
        events: [] as string[],
        created_at: record.createdAt,
        updated_at: record.createdAt,
        single_file_name: null,
        has_multiple_single_files: false,
        single_file_paths: [] as string[],
        app_slug: record.app.slug,
        suspended_by: null,
        suspended_at: null,
        contact_email: null as string | null,
      },
      { optional: ['client_id', 'has_multiple_single_files', 'single_file_paths', 'contact_email'] },
    );
  };

  const ownerInstallation = (caller: Caller, owner: string, docs: string) => {
    const record = ctx.apps.installationOn(appOf(caller).id, owner);
    if (!record) throw notFound(docs);
    return record;
  };

  /**
   * The app itself (integration). Assumed: its owner is the account of its first installation (the
   * emulator's apps have no owner of their own), and it asks the permissions that installation holds.
   */
  const appJson = (req: EmulatorRequest, app: AppRecord) => {
    const installations = ctx.apps.installationsOf(app.id);
    const first = installations[0];
    const owner = first
      ? { login: first.owner, id: first.ownerId, type: first.ownerType }
      : { login: 'emulator', id: 1, type: 'User' as const };
    const created = first?.createdAt ?? githubTimestamp(new Date(ctx.world.clock()));
    return shaped(
      ctx.shape,
      {
        id: app.id,
        slug: app.slug,
        node_id: nodeId('A', app.id),
        client_id: app.clientId,
        owner: simpleUser(ctx.shape, owner, apiBase(req)),
        name: app.name,
        description: null as string | null,
        external_url: `https://github.com/apps/${app.slug}`,
        html_url: `https://github.com/apps/${app.slug}`,
        created_at: created,
        updated_at: created,
        permissions: { ...(first?.permissions ?? {}) },
        events: [] as string[],
        installations_count: installations.length,
      },
      { optional: ['slug', 'client_id', 'installations_count'] },
    );
  };

  return [
    githubRoute(ctx, 'GET', '/app', (req, caller) => ({ status: 200, body: appJson(req, appOf(caller)) })),

    // One page holds them all: the emulator's apps have few installations.
    githubRoute(ctx, 'GET', '/app/installations', (req, caller) => ({
      status: 200,
      body: ctx.apps.installationsOf(appOf(caller).id).map((record) => installationJson(req, record, true)),
    })),

    githubRoute(ctx, 'GET', '/repos/:owner/:repo/installation', (req, caller) => {
      const app = appOf(caller);
      const repo = ctx.world.repo(req.params.owner!, req.params.repo!);
      const record = repo && ctx.apps.installationOn(app.id, repo.owner);
      if (!repo || !record || (record.selection === 'selected' && !record.repositoryIds.has(repo.id))) throw notFound(DOCS.repo);
      return { status: 200, body: installationJson(req, record) };
    }),

    githubRoute(ctx, 'GET', '/orgs/:org/installation', (req, caller) => {
      const record = ownerInstallation(caller, req.params.org!, DOCS.org);
      if (record.ownerType !== 'Organization') throw notFound(DOCS.org);
      return { status: 200, body: installationJson(req, record) };
    }),

    githubRoute(ctx, 'GET', '/users/:username/installation', (req, caller) => {
      const record = ownerInstallation(caller, req.params.username!, DOCS.user);
      if (record.ownerType !== 'User') throw notFound(DOCS.user);
      return { status: 200, body: installationJson(req, record) };
    }),

    githubRoute(ctx, 'POST', '/app/installations/:installation_id/access_tokens', (req, caller) => {
      const app = appOf(caller);
      const id = /^\d{1,15}$/.test(req.params.installation_id!) ? Number(req.params.installation_id) : Number.NaN;
      const record = ctx.apps.installation(id);
      if (!record || record.app.id !== app.id) throw notFound(DOCS.token);
      const body = tokenRequest(req.body);
      const repositoryIds = narrowRepositories(ctx, record, body);
      const permissions = narrowPermissions(record, body.permissions);
      const { token, grant } = ctx.apps.mint(record, repositoryIds, permissions);
      return {
        status: 201,
        body: shaped(
          ctx.shape,
          {
            token,
            expires_at: githubTimestamp(new Date(grant.expiresAtMs)),
            permissions: { ...permissions },
            repository_selection: repositoryIds === 'all' ? ('all' as const) : ('selected' as const),
          },
          { optional: ['permissions', 'repository_selection'] },
        ),
      };
    }),

    githubRoute(ctx, 'DELETE', '/installation/token', (_req, caller) => {
      // Assumed: any other credential is refused as GitHub refuses a token this endpoint cannot use.
      if (!caller.grant) throw new GitHubError(403, 'Resource not accessible by integration', DOCS.revoke);
      ctx.apps.revoke(caller.grant.tokenId);
      return { status: 204 };
    }),
  ];
}

interface TokenRequest {
  repositories?: unknown;
  repository_ids?: unknown;
  permissions?: unknown;
}

function tokenRequest(body: unknown): TokenRequest {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidRequest('The body must be an object.', DOCS.token);
  return body as TokenRequest;
}

/** The repositories a token may reach: the installation's, or those named (all within the installation). */
function narrowRepositories(ctx: GitHubContext, record: InstallationRecord, body: TokenRequest): ReadonlySet<number> | 'all' {
  const { repositories: names, repository_ids: ids } = body;
  if (names === undefined && ids === undefined) return record.selection === 'all' ? 'all' : new Set(record.repositoryIds);
  if (names !== undefined && !(Array.isArray(names) && names.every((n) => typeof n === 'string'))) {
    throw invalidRequest('"repositories" is not an array of strings.', DOCS.token);
  }
  if (ids !== undefined && !(Array.isArray(ids) && ids.every((n) => Number.isInteger(n)))) {
    throw invalidRequest('"repository_ids" is not an array of integers.', DOCS.token);
  }
  const wanted = [
    ...((names as string[] | undefined) ?? []).map((name) => ctx.world.repo(record.owner, name)?.id ?? Number.NaN),
    ...((ids as number[] | undefined) ?? []),
  ];
  if (wanted.length > MAX_REPOSITORIES) throw invalidRequest(`At most ${MAX_REPOSITORIES} repositories can be named.`, DOCS.token);
  const reachable = (id: number) => {
    const repo = ctx.world.repoById(id);
    if (!repo || repo.owner.toLowerCase() !== record.owner.toLowerCase()) return false;
    return record.selection === 'all' || record.repositoryIds.has(id);
  };
  if (!wanted.every(reachable)) throw new GitHubError(422, NOT_ACCESSIBLE, DOCS.token);
  return new Set(wanted);
}

/** The permissions a token gets: the installation's, or those asked for, each within the installation's. */
function narrowPermissions(record: InstallationRecord, asked: unknown): AppPermissions {
  if (asked === undefined) return { ...record.permissions };
  if (asked === null || typeof asked !== 'object' || Array.isArray(asked)) {
    throw invalidRequest('"permissions" is not an object.', DOCS.token);
  }
  const entries = Object.entries(asked as Record<string, unknown>);
  const granted = entries.every(
    ([name, level]) => (level === 'read' || level === 'write') && levelCovers(record.permissions[name], level as AppPermissionLevel),
  );
  if (!granted) throw new GitHubError(422, NOT_GRANTED, DOCS.token);
  // Every installation token can read metadata, as GitHub answers.
  return { ...(Object.fromEntries(entries) as AppPermissions), metadata: 'read' };
}
