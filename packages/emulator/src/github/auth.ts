// Tokens and what they may do with secrets. A token is named in logs by its index (`token:2`),
// never by its value. https://docs.github.com/rest/authentication/authenticating-to-the-rest-api

import type { EmulatorRequest } from '../core/http-server.js';
import { GitHubError } from './github-error.js';

export type TokenPermission = 'write' | 'read' | 'none';

export interface Caller {
  /** `token:<n>`, n counting tokens in the order they were added, from 1. */
  actor: string;
  permission: TokenPermission;
}

const PERMISSIONS: readonly TokenPermission[] = ['write', 'read', 'none'];

export class TokenBook {
  readonly #tokens = new Map<string, Caller>();
  readonly #callers = new WeakMap<EmulatorRequest, Caller>();

  /** Adds a token, or changes the permission of a known one. */
  add(token: string, permission: TokenPermission): Caller {
    if (typeof token !== 'string' || !/^\S{1,255}$/.test(token)) {
      throw new TypeError('a token is 1..255 characters without spaces');
    }
    if (!PERMISSIONS.includes(permission)) throw new TypeError(`a token permission is one of ${PERMISSIONS.join(', ')}`);
    const existing = this.#tokens.get(token);
    const caller = { actor: existing?.actor ?? `token:${this.#tokens.size + 1}`, permission };
    this.#tokens.set(token, caller);
    return { ...caller };
  }

  /** Reads `Authorization: token X` or `Bearer X`; 401 as GitHub answers when it is missing or unknown. */
  authenticate(authorization: string | undefined): Caller {
    if (authorization === undefined || authorization.trim() === '') {
      throw new GitHubError(401, 'Requires authentication');
    }
    const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(authorization);
    const caller = match ? this.#tokens.get(match[1]!) : undefined;
    if (!caller) throw new GitHubError(401, 'Bad credentials');
    return caller;
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
 */
export function requirePermission(caller: Caller, need: 'read' | 'write', accepted: string, docs: string): void {
  const granted = caller.permission === 'write' || (need === 'read' && caller.permission === 'read');
  if (!granted) {
    throw new GitHubError(403, 'Resource not accessible by integration', docs, {
      'x-accepted-github-permissions': `${accepted}=${need}`,
    });
  }
}
