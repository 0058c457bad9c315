// The GitHub emulator's control API under /__emulator, so a CLI-started emulator can be set up and
// inspected from another process. Not part of GitHub; no auth, no faults, not logged.

import { attempt as attemptChange, field, text } from '../core/control-input.js';
import { type EmulatorRequest, HttpError, type Route, route } from '../core/http-server.js';
import type { AppPermissions } from './apps.js';
import type { TokenPermission } from './auth.js';
import { type GitHubStateApi, type OrgSecretFields, UnknownTargetError } from './state-api.js';

/** A state change: 404 for an unknown target, 400 for the TypeErrors it throws on bad input. */
function attempt<T>(change: () => T): T {
  return attemptChange(change, (error) => error instanceof UnknownTargetError);
}

export function githubControlRoutes(state: GitHubStateApi): Route[] {
  const secretQuery = (req: EmulatorRequest) => ({
    target: text(
      req.query.get('target') ?? undefined,
      'query parameter target (repo:o/r, env:o/r:ENV, org:ORG, dependabot:o/r, codespaces:o/r, codespaces-org:ORG, ' +
        'dependabot-org:ORG, codespaces-user:LOGIN)',
    ),
    name: text(req.query.get('name') ?? undefined, 'query parameter name'),
  });

  return [
    route('POST', '/repos', (req) => {
      const fullName = text(field(req, 'full_name'), 'full_name (owner/name)');
      return { status: 201, body: { ...attempt(() => state.addRepo(fullName)), full_name: fullName } };
    }),
    route('POST', '/environments', (req) => {
      const fullName = text(field(req, 'full_name'), 'full_name (owner/name)');
      const environment = text(field(req, 'environment'), 'environment');
      return { status: 201, body: { ...attempt(() => state.addEnvironment(fullName, environment)), name: environment } };
    }),
    route('POST', '/orgs', (req) => {
      const org = text(field(req, 'org'), 'org');
      return { status: 201, body: { ...attempt(() => state.addOrg(org)), login: org } };
    }),
    route('POST', '/tokens', (req) => {
      const token = text(field(req, 'token'), 'token');
      const permission = (field(req, 'permission') ?? 'write') as TokenPermission;
      const user = field(req, 'user');
      if (user !== undefined && typeof user !== 'string') throw new HttpError(400, 'user is the login of the user the token acts for');
      const alerts = (field(req, 'secret_scanning_alerts') ?? 'none') as TokenPermission;
      // The answer names the token by its actor, never by its value.
      return {
        status: 201,
        body: {
          ...attempt(() => state.addToken(token, permission, { user, secretScanningAlerts: alerts })),
          permission,
          secret_scanning_alerts: alerts,
        },
      };
    }),
    // GitHub found a value in a repository: an open alert of the secret type (the answer never holds the value).
    route('POST', '/secret-scanning/alerts', (req) => {
      const repo = text(field(req, 'repo'), 'repo (owner/name)');
      const options = {
        secretType: text(field(req, 'secret_type'), 'secret_type'),
        secret: text(field(req, 'secret'), 'secret (the value found)'),
        secretTypeDisplayName: field(req, 'secret_type_display_name') as string | undefined,
      };
      return { status: 201, body: attempt(() => state.raiseSecretScanningAlert(repo, options)) };
    }),
    route('GET', '/secret-scanning/alerts', (req) => {
      const repo = text(req.query.get('repo') ?? undefined, 'query parameter repo (owner/name)');
      return { status: 200, body: attempt(() => state.secretScanningAlerts(repo)) };
    }),
    route('GET', '/secrets', (req) => {
      const { target, name } = secretQuery(req);
      const meta = attempt(() => state.secret(target, name));
      if (!meta) throw new HttpError(404, `no secret ${name} in ${target}`);
      return { status: 200, body: { ...meta, value: state.secretValue(target, name) } };
    }),
    route('PUT', '/secrets', (req) => {
      const { target, name } = secretQuery(req);
      const value = field(req, 'value');
      if (typeof value !== 'string') throw new HttpError(400, 'value (a string) is required');
      const fields: OrgSecretFields = {
        visibility: field(req, 'visibility') as OrgSecretFields['visibility'],
        selected_repository_ids: field(req, 'selected_repository_ids') as number[] | undefined,
      };
      const outcome = attempt(() => state.putSecretValue(target, name, value, fields));
      return outcome === 'created' ? { status: 201, body: {} } : { status: 204 };
    }),
    route('POST', '/apps', (req) => {
      const name = field(req, 'name');
      // The private key goes to whoever set the app up, as GitHub's "Generate a private key" does.
      const app = attempt(() => state.createApp(name === undefined ? {} : { name: name as string }));
      return { status: 201, body: { id: app.id, client_id: app.clientId, slug: app.slug, name: app.name, private_key: app.privateKey } };
    }),
    route('POST', '/apps/:app_id/installations', (req) => {
      const appId = Number(req.params.app_id);
      const options = {
        owner: text(field(req, 'owner'), 'owner'),
        repositories: field(req, 'repositories') as 'all' | string[] | undefined,
        permissions: field(req, 'permissions') as AppPermissions,
      };
      return { status: 201, body: attempt(() => state.installApp(appId, options)) };
    }),
    route('POST', '/public-keys/rotate', (req) => {
      const target = text(
        field(req, 'target'),
        'target (repo:o/r, env:o/r:ENV, org:ORG, dependabot:o/r, codespaces:o/r, codespaces-org:ORG, dependabot-org:ORG, ' +
          'codespaces-user:LOGIN)',
      );
      return { status: 200, body: attempt(() => state.rotatePublicKey(target)) };
    }),
  ];
}
