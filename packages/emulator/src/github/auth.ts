// Tokens and what they may do with secrets. A token is named in logs by its index (`token:2`), an
// installation token by its installation (`installation:<id>`), a GitHub App's JWT by the app
// (`app:<id>`), never by value. https://docs.github.com/rest/authentication/authenticating-to-the-rest-api

import type { EmulatorRequest } from '../core/http-server.js';
import { looksLikeJwt, verifyAppJwt } from './app-jwt.js';
import { type AppRecord, type AppRegistry, type GrantResource, type InstallationGrant, levelCovers } from './apps.js';
import { GitHubError, notFound } from './github-error.js';
import { LOGIN } from './target-ref.js';

export type TokenPermission = 'write' | 'read' | 'none';

export interface Caller {
  /** `token:<n>` (n counting tokens in the order they were added, from 1), `installation:<id>` or `app:<id>`. */
  actor: string;
  /** A personal token's secrets permission; `none` for installation tokens and apps (they have their own). */
  permission: TokenPermission;
  /** The login of the user a personal token acts for (whose Codespaces secrets /user reaches); none for an App. */
  user?: string;
  /** A personal token's "Secret scanning alerts" permission (`none` unless given); apps have their own. */
  secretScanningAlerts?: TokenPermission;
  /** An installation token's owner, repositories and permissions. */
  grant?: InstallationGrant;
  /** The app a JWT authenticated as: it may use the /app endpoints only. */
  app?: AppRecord;
}

const PERMISSIONS: readonly TokenPermission[] = ['write', 'read', 'none'];

export class TokenBook {
  readonly #tokens = new Map<string, Caller>();
  readonly #callers = new WeakMap<EmulatorRequest, Caller>();

  constructor(
    private readonly apps?: AppRegistry,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Adds a token acting for `user`, or changes the permissions (and user) of a known one: secrets, and "Secret scanning alerts". */
  add(token: string, permission: TokenPermission, user: string, secretScanningAlerts: TokenPermission = 'none'): Caller {
    if (typeof token !== 'string' || !/^\S{1,255}$/.test(token)) {
      throw new TypeError('a token is 1..255 characters without spaces');
    }
    for (const level of [permission, secretScanningAlerts]) {
      if (!PERMISSIONS.includes(level)) throw new TypeError(`a token permission is one of ${PERMISSIONS.join(', ')}`);
    }
    if (!LOGIN.test(String(user))) throw new TypeError(`a user login is letters, digits and hyphens, not ${JSON.stringify(user)}`);
    const existing = this.#tokens.get(token);
    const caller = { actor: existing?.actor ?? `token:${this.#tokens.size + 1}`, permission, user, secretScanningAlerts };
    this.#tokens.set(token, caller);
    return { ...caller };
  }

  /** Reads `Authorization: token X` or `Bearer X`; 401 as GitHub answers when it is missing or unknown. */
  authenticate(authorization: string | undefined): Caller {
    if (authorization === undefined || authorization.trim() === '') {
      throw new GitHubError(401, 'Requires authentication');
    }
    const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(authorization);
    const value = match?.[1];
    const caller = value === undefined ? undefined : (this.#tokens.get(value) ?? this.#appCaller(value));
    if (!caller) throw new GitHubError(401, 'Bad credentials');
    return caller;
  }

  /** An installation token's or an app JWT's caller; a bad JWT throws GitHub's 401 for it. */
  #appCaller(value: string): Caller | undefined {
    if (!this.apps) return undefined;
    const grant = this.apps.grantOf(value);
    if (grant) return { actor: `installation:${grant.installation.id}`, permission: 'none', grant };
    if (!looksLikeJwt(value)) return undefined;
    const app = verifyAppJwt(value, this.clock(), this.apps.issuer) as AppRecord;
    return { actor: `app:${app.id}`, permission: 'none', app };
  }

  /**
   * The HTTP core's authenticate hook: runs before the path or the body is looked at, as GitHub
   * answers 401 to a bad token whatever it asked for. Names the caller in the log.
   */
  readonly check = (req: EmulatorRequest): void => {
    const caller = this.authenticate(req.headers.authorization);
    req.actor = caller.actor;
    this.#callers.set(req, caller);
  };

  /** Who `req` authenticated as; only requests the hook let through reach a route. */
  callerOf(req: EmulatorRequest): Caller {
    return this.#callers.get(req) ?? this.authenticate(undefined);
  }
}

/**
 * 403 unless the caller's secrets permission covers `need`. `accepted` names the fine-grained
 * permission GitHub reports in `x-accepted-github-permissions` (`secrets`, `environments`, ...).
 * An installation token is held to its installation: 404 for an owner or repository outside it (as
 * GitHub hides what an installation cannot see), 403 without the permission `accepted` at `need`.
 * An app's JWT reaches no secrets (assumed 403: it must mint an installation token first).
 */
export function requirePermission(caller: Caller, need: 'read' | 'write', accepted: string, docs: string, resource?: GrantResource): void {
  requireLevel(caller, caller.permission, need, accepted, docs, resource);
}

/**
 * As requirePermission, for the secret-scanning alert endpoints: a token's "Secret scanning alerts"
 * permission, an installation's `secret_scanning_alerts`.
 */
export function requireAlertPermission(caller: Caller, need: 'read' | 'write', docs: string, resource: GrantResource): void {
  requireLevel(caller, caller.secretScanningAlerts ?? 'none', need, 'secret_scanning_alerts', docs, resource);
}

function requireLevel(
  caller: Caller,
  tokenLevel: TokenPermission,
  need: 'read' | 'write',
  accepted: string,
  docs: string,
  resource?: GrantResource,
): void {
  if (caller.grant && resource) requireReach(caller, resource, docs);
  const granted = caller.grant
    ? levelCovers(caller.grant.permissions[accepted], need)
    : tokenLevel === 'write' || (need === 'read' && tokenLevel === 'read');
  if (!granted) {
    throw new GitHubError(403, 'Resource not accessible by integration', docs, {
      'x-accepted-github-permissions': `${accepted}=${need}`,
    });
  }
}

/** 404 when an installation token's installation does not reach the owner or repository. */
export function requireReach(caller: Caller, resource: GrantResource, docs: string): void {
  const { grant } = caller;
  if (!grant) return;
  const { owner, repositoryId } = resource;
  const ownerMatches = grant.installation.owner.toLowerCase() === owner.toLowerCase();
  const repoMatches = repositoryId === undefined || grant.repositoryIds === 'all' || grant.repositoryIds.has(repositoryId);
  if (!ownerMatches || !repoMatches) throw notFound(docs);
}
