// startGitHubEmulator: GitHub's Actions, environment, organization, Dependabot and Codespaces secrets API over
// real HTTP on loopback, with faults, a request log and a control API (see README.md).

import { type ServedEmulator, served, type ServingOptions, servingOptions } from '../core/served-emulator.js';
import { type ResponseShape, resolveShape } from '../core/response-shape.js';
import { resolveTime } from '../core/emulator-time.js';
import { startHttpEmulator } from '../core/http-server.js';
import { REDACTED } from '../core/request-log.js';
import { AppRegistry } from './apps.js';
import { TokenBook, type TokenPermission } from './auth.js';
import { githubControlRoutes } from './control-routes.js';
import { githubErrorReply } from './github-error.js';
import { primaryRateLimitFault, RateBudget, type RateLimitFaultOptions, secondaryRateLimitFault } from './rate-limit.js';
import { appRoutes } from './routes/apps.js';
import { type GitHubContext, githubHeaders } from './routes/github-route.js';
import { codespacesUserScope, userSelectedRepositoryRoutes } from './routes/codespaces-user-secrets.js';
import {
  codespacesOrganizationScope,
  dependabotOrganizationScope,
  organizationScope,
  selectedRepositoryRoutes,
} from './routes/org-secrets.js';
import { repositoryRoutes } from './routes/repositories.js';
import { secretRoutes } from './routes/secret-routes.js';
import { secretScanningRoutes } from './routes/secret-scanning.js';
import { checkRequestHeaders } from './request-headers.js';
import { codespacesRepositoryScope, dependabotScope, environmentScope, repositoryScope } from './routes/secret-scope.js';
import { variableRoutes } from './routes/variables.js';
import { issueRoutes } from './routes/issues.js';
import { type ReceivedWebhook, webhookSink } from '../core/webhook-sink.js';
import { sodiumReady } from './sealed-box.js';
import { createStateApi, type GitHubStateApi } from './state-api.js';
import { GitHubWorld } from './targets.js';

export interface GitHubEmulatorOptions extends ServingOptions {
  /** `owner/name` repositories created up front. */
  repos?: string[];
  /** `owner/name` -> environment names (the repository is created when missing). */
  environments?: Record<string, string[]>;
  orgs?: string[];
  /** Token -> its secrets permission. */
  tokens?: Record<string, TokenPermission>;
  /** A value the target's key cannot open: 422 (default), or stored as '' the way GitHub does for environments. */
  badSeal?: 'reject' | 'store-empty';
  /** Requests per hour before the primary rate limit answers 403 (5000, as for a token). */
  rateLimit?: number;
  /** `full` (default, or KEYTURN_EMULATOR_SHAPE) or `sparse`: only what GitHub's published description requires. */
  shape?: ResponseShape;
  /** Milliseconds since the epoch, overriding `runtime`'s now: checks app JWTs and expires installation tokens (Date.now). */
  clock?: () => number;
}

export interface GitHubEmulator extends GitHubStateApi, ServedEmulator {
  /** The API root to use as GITHUB_API_URL or Octokit's baseUrl (the origin, no path). */
  url: string;
  /** Arms a 403 (or 429) secondary rate limit with `retry-after`; returns the fault id. */
  secondaryRateLimit(options: RateLimitFaultOptions & { retryAfter: number }): number;
  /** Every post its incoming webhooks (`<controlUrl>/webhooks/NAME`, a notify-url) received, oldest first. */
  webhooks(): ReceivedWebhook[];
  /** Arms a spent primary rate limit (`x-ratelimit-remaining: 0`, reset `resetInSeconds` from now). */
  primaryRateLimit(options?: RateLimitFaultOptions & { resetInSeconds?: number }): number;
}

export async function startGitHubEmulator(options: GitHubEmulatorOptions = {}): Promise<GitHubEmulator> {
  const badSeal = options.badSeal ?? 'reject';
  if (badSeal !== 'reject' && badSeal !== 'store-empty') throw new TypeError("badSeal is 'reject' or 'store-empty'");
  await sodiumReady();

  const time = resolveTime(options.runtime, options.clock);
  const clock = () => time.now();
  const world = new GitHubWorld(clock);
  const apps = new AppRegistry(world, clock);
  const ctx: GitHubContext = {
    world,
    tokens: new TokenBook(apps, clock),
    apps,
    budget: new RateBudget(options.rateLimit ?? 5000, 3600, clock),
    badSeal,
    shape: resolveShape(options.shape),
  };
  const state = createStateApi(ctx);
  for (const org of options.orgs ?? []) state.addOrg(org);
  for (const repo of options.repos ?? []) state.addRepo(repo);
  for (const [repo, names] of Object.entries(options.environments ?? {})) {
    for (const name of names) state.addEnvironment(repo, name);
  }
  for (const [token, permission] of Object.entries(options.tokens ?? {})) state.addToken(token, permission);

  const hooks = webhookSink();
  const http = await startHttpEmulator({
    mount: '',
    routes: [
      ...repositoryRoutes(ctx),
      ...[
        repositoryScope,
        environmentScope,
        dependabotScope,
        organizationScope,
        codespacesRepositoryScope,
        codespacesOrganizationScope,
        dependabotOrganizationScope,
        codespacesUserScope,
      ].flatMap((scope) => secretRoutes(ctx, scope)),
      ...selectedRepositoryRoutes(ctx, 'actions'),
      ...selectedRepositoryRoutes(ctx, 'codespaces'),
      ...userSelectedRepositoryRoutes(ctx),
      ...variableRoutes(ctx),
      ...secretScanningRoutes(ctx),
      ...issueRoutes(ctx),
      ...appRoutes(ctx),
    ],
    controlRoutes: [...githubControlRoutes(state), ...hooks.routes],
    // Errors the HTTP core answers itself (unknown path, bad JSON, faults) in GitHub's shape too.
    // Dated by the emulator's clock: a client correcting its clock for a JWT reads `date`.
    errorReply: (status, message) => ({
      ...githubErrorReply(status, status === 404 ? 'Not Found' : message),
      headers: { ...githubHeaders(ctx.budget), date: new Date(clock()).toUTCString() },
    }),
    // GitHub's edge and version check refuse a request before its token is looked at.
    authenticate: (req) => {
      checkRequestHeaders(req);
      ctx.tokens.check(req);
    },
    // The credentials GitHub answers here: an installation token, and the value a secret-scanning alert found.
    redactResponseBody: (body) => (Array.isArray(body) ? body.map(redactCredential) : redactCredential(body)),
    // GitHub answers 404, not 405, to a method an endpoint does not have.
    wrongMethodStatus: 404,
    ...servingOptions(options, time),
  });

  return {
    ...state,
    ...served(http),
    webhooks: hooks.received,
    secondaryRateLimit: (fault) => http.faults.add(secondaryRateLimitFault(fault)),
    primaryRateLimit: (fault) => http.faults.add(primaryRateLimitFault(fault, clock)),
  };
}

function redactCredential(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  const fields = body as { token?: unknown; secret?: unknown };
  const redacted: Record<string, unknown> = { ...body };
  if (typeof fields.token === 'string') redacted.token = REDACTED;
  if (typeof fields.secret === 'string') redacted.secret = REDACTED;
  return redacted;
}
