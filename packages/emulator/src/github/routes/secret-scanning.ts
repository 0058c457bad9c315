// Secret-scanning alerts over REST: list a repository's or an organization's (paged, `state`,
// `secret_type`, `sort`, `direction`, `hide_secret`), get one, and update one with the resolution
// rules (resolved needs a resolution, open takes none). A token needs "Secret scanning alerts" read
// (list, get) or write (update); an installation `secret_scanning_alerts`.
// https://docs.github.com/rest/secret-scanning/secret-scanning

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { shaped } from '../../core/response-shape.js';
import { type Caller, requireAlertPermission } from '../auth.js';
import { GitHubError, notFound } from '../github-error.js';
import {
  ALERT_RESOLUTIONS,
  ALERT_STATES,
  type AlertResolution,
  type AlertState,
  alertsOf,
  changeAlertState,
  type SecretScanningAlert,
} from '../secret-scanning-alerts.js';
import type { Repository } from '../targets.js';
import { apiBase, type GitHubContext, githubRoute } from './github-route.js';
import { paginate } from './pagination.js';
import { repositoryJson } from './repositories.js';

const DOCS = {
  repoList: 'https://docs.github.com/rest/secret-scanning/secret-scanning#list-secret-scanning-alerts-for-a-repository',
  orgList: 'https://docs.github.com/rest/secret-scanning/secret-scanning#list-secret-scanning-alerts-for-an-organization',
  get: 'https://docs.github.com/rest/secret-scanning/secret-scanning#get-a-secret-scanning-alert',
  update: 'https://docs.github.com/rest/secret-scanning/secret-scanning#update-a-secret-scanning-alert',
};

/** The alert as `secret-scanning-alert` (and `-with-metadata`); `hideSecret` leaves the value out. */
function alertJson(ctx: GitHubContext, alert: SecretScanningAlert, base: string, hideSecret: boolean) {
  const url = `${base}/repos/${alert.repository.fullName}/secret-scanning/alerts/${alert.number}`;
  const fields = {
    number: alert.number,
    created_at: alert.createdAt,
    updated_at: alert.updatedAt as string | null,
    url,
    html_url: `https://github.com/${alert.repository.fullName}/security/secret-scanning/${alert.number}`,
    locations_url: `${url}/locations`,
    state: alert.state,
    resolution: alert.resolution,
    resolved_at: alert.resolvedAt,
    resolved_by: null,
    resolution_comment: alert.resolutionComment,
    secret_type: alert.secretType,
    secret_type_display_name: alert.secretTypeDisplayName,
    // A custom pattern has no provider.
    provider: null,
    provider_slug: null,
    ...(hideSecret ? {} : { secret: alert.secret }),
    push_protection_bypassed: false as boolean | null,
    push_protection_bypassed_by: null,
    push_protection_bypassed_at: null,
    validity: alert.validity,
    publicly_leaked: false as boolean | null,
    multi_repo: false as boolean | null,
    is_base64_encoded: false as boolean | null,
    has_more_locations: false,
  };
  // The description requires none of these. The sparse shape keeps what makes an alert one (its
  // number, state, type and value: a client cannot act without them) and drops the rest.
  const essential = new Set(['number', 'state', 'secret_type', 'secret']);
  return shaped(ctx.shape, fields, { optional: (Object.keys(fields) as (keyof typeof fields)[]).filter((name) => !essential.has(name)) });
}

/** The list filters: `state` (open, resolved), `secret_type` (comma-separated), `sort`, `direction`. */
function listed(req: EmulatorRequest, alerts: SecretScanningAlert[], docs: string): SecretScanningAlert[] {
  const state = req.query.get('state');
  if (state !== null && !ALERT_STATES.includes(state as AlertState)) {
    throw new GitHubError(
      422,
      `Invalid request.\n\nInvalid property state: ${JSON.stringify(state)} is not one of ${ALERT_STATES.join(', ')}.`,
      docs,
    );
  }
  const sort = req.query.get('sort') ?? 'created';
  const direction = req.query.get('direction') ?? 'desc';
  if (!['created', 'updated'].includes(sort) || !['asc', 'desc'].includes(direction)) {
    throw new GitHubError(422, 'Invalid request.\n\nsort is created or updated; direction is asc or desc.', docs);
  }
  const types = req.query
    .get('secret_type')
    ?.split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  const kept = alerts.filter(
    (alert) => (state === null || alert.state === state) && (types === undefined || types.length === 0 || types.includes(alert.secretType)),
  );
  const at = (alert: SecretScanningAlert) => (sort === 'updated' ? alert.updatedAt : alert.createdAt);
  // Ties (the same second) keep the order raised, newest first unless asc.
  const order = kept.map((alert, index) => ({ alert, index }));
  order.sort((a, b) => at(a.alert).localeCompare(at(b.alert)) || a.index - b.index);
  if (direction === 'desc') order.reverse();
  return order.map(({ alert }) => alert);
}

function hideSecret(req: EmulatorRequest): boolean {
  return req.query.get('hide_secret') === 'true';
}

/** The PATCH body's change of state, checked by the resolution rules. */
function requestedChange(body: unknown): { state: AlertState; resolution: AlertResolution | null; comment: string | null } | undefined {
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { state, resolution, resolution_comment: comment } = fields;
  if (state === undefined && fields.assignee === undefined && fields.validity === undefined) {
    throw new GitHubError(422, 'Invalid request.\n\nOne of state, assignee or validity is required.', DOCS.update);
  }
  if (state === undefined) return undefined;
  if (!ALERT_STATES.includes(state as AlertState)) {
    throw new GitHubError(422, `Invalid request.\n\nstate is one of ${ALERT_STATES.join(', ')}.`, DOCS.update);
  }
  if (state === 'resolved' && !ALERT_RESOLUTIONS.includes(resolution as AlertResolution)) {
    throw new GitHubError(
      422,
      `State does not match the resolution: resolved needs a resolution, one of ${ALERT_RESOLUTIONS.join(', ')}.`,
      DOCS.update,
    );
  }
  if (state === 'open' && resolution !== undefined && resolution !== null) {
    throw new GitHubError(422, 'State does not match the resolution: an open alert takes no resolution.', DOCS.update);
  }
  if (comment !== undefined && comment !== null && typeof comment !== 'string') {
    throw new GitHubError(400, 'The resolution comment is invalid: it is a string.', DOCS.update);
  }
  return {
    state: state as AlertState,
    resolution: (resolution as AlertResolution | undefined) ?? null,
    comment: (comment as string | null | undefined) ?? null,
  };
}

export function secretScanningRoutes(ctx: GitHubContext): Route[] {
  const repository = (req: EmulatorRequest, caller: Caller, need: 'read' | 'write', docs: string): Repository => {
    const repo = ctx.world.repo(req.params.owner!, req.params.repo!);
    if (!repo) throw notFound(docs);
    requireAlertPermission(caller, need, docs, { owner: repo.owner, repositoryId: repo.id });
    return repo;
  };
  const alert = (req: EmulatorRequest, caller: Caller, need: 'read' | 'write', docs: string): SecretScanningAlert => {
    const found = alertsOf(repository(req, caller, need, docs)).find((a) => String(a.number) === req.params.alert_number);
    if (!found) throw notFound(docs);
    return found;
  };
  const REPO_ALERTS = '/repos/:owner/:repo/secret-scanning/alerts';

  return [
    githubRoute(ctx, 'GET', REPO_ALERTS, (req, caller) => {
      const all = listed(req, alertsOf(repository(req, caller, 'read', DOCS.repoList)), DOCS.repoList);
      const page = paginate(req, all);
      return { status: 200, headers: page.headers, body: page.items.map((a) => alertJson(ctx, a, apiBase(req), hideSecret(req))) };
    }),
    githubRoute(ctx, 'GET', '/orgs/:org/secret-scanning/alerts', (req, caller) => {
      const org = ctx.world.org(req.params.org!);
      if (!org) throw notFound(DOCS.orgList);
      requireAlertPermission(caller, 'read', DOCS.orgList, { owner: org.login });
      // An installation sees the alerts of the repositories it reaches.
      const reach = caller.grant?.repositoryIds;
      const repos = ctx.world.reposOf(org.login).filter((repo) => reach === undefined || reach === 'all' || reach.has(repo.id));
      const all = listed(req, repos.flatMap(alertsOf), DOCS.orgList);
      const page = paginate(req, all);
      const base = apiBase(req);
      const body = page.items.map((a) => ({
        ...alertJson(ctx, a, base, hideSecret(req)),
        repository: repositoryJson(ctx, a.repository, base, 'minimal'),
      }));
      return { status: 200, headers: page.headers, body };
    }),
    githubRoute(ctx, 'GET', `${REPO_ALERTS}/:alert_number`, (req, caller) => {
      return { status: 200, body: alertJson(ctx, alert(req, caller, 'read', DOCS.get), apiBase(req), hideSecret(req)) };
    }),
    githubRoute(ctx, 'PATCH', `${REPO_ALERTS}/:alert_number`, (req, caller) => {
      const found = alert(req, caller, 'write', DOCS.update);
      // Every field is checked before anything changes.
      const change = requestedChange(req.body);
      const { validity, assignee } = req.body as Record<string, unknown>;
      if (validity !== undefined && validity !== null && validity !== 'active' && validity !== 'inactive') {
        throw new GitHubError(422, 'Invalid request.\n\nvalidity is active, inactive or null.', DOCS.update);
      }
      // The emulator has no users to assign: only clearing the assignee is accepted.
      if (assignee !== undefined && assignee !== null) {
        throw new GitHubError(422, 'The assignee does not have write access to the repository.', DOCS.update);
      }
      if (change && change.state === found.state && change.resolution === found.resolution) {
        throw new GitHubError(400, 'The resolution was not changed.', DOCS.update);
      }
      if (change) changeAlertState(found, change.state, change.resolution, change.comment, ctx.world.clock());
      if (validity !== undefined) found.validity = validity ?? 'unknown';
      return { status: 200, body: alertJson(ctx, found, apiBase(req), false) };
    }),
  ];
}
