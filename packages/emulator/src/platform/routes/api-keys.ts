// API keys, spec 4.1: create (POST /api_keys), list (GET /api_keys), revoke (DELETE /api_keys/{key_id}).
// These are a user's personal keys: only a personal key reaches them, and only its own user's keys
// (access.ts: requireUserKey).

import { HttpError, type Route } from '../../core/http-server.js';
import type { ResponseShape } from '../../core/response-shape.js';
import { requireUserKey } from '../access.js';
import type { PlatformAccount } from '../account.js';
import { keyNameProblem } from '../keys.js';
import { objectBody, platformRoute, type RouteGuards } from '../platform-route.js';
import { createdKeyOnWire, listedKeyOnWire, revokedKeyOnWire } from '../wire.js';

const WHAT = 'managing personal API keys';

export function apiKeyRoutes(account: PlatformAccount, guards: RouteGuards, shape: ResponseShape): Route[] {
  const ownKey = (userId: string, id: number) => {
    const record = account.keys.live(id);
    return record?.scope.kind === 'personal' && record.scope.userId === userId ? record : undefined;
  };

  return [
    platformRoute(guards, 'POST', '/api_keys', ({ req, caller }) => {
      const userId = requireUserKey(caller, WHAT);
      const name = objectBody(req).key_name;
      const problem = keyNameProblem(name);
      if (problem) throw new HttpError(400, problem);
      const created = account.keys.create(name as string, { kind: 'personal', userId }, userId);
      return { status: 200, body: createdKeyOnWire(shape, created, account.directory.user(userId)!) };
    }),

    // A JSON array, not wrapped in an object; revoked keys are no longer listed.
    platformRoute(guards, 'GET', '/api_keys', ({ caller }) => {
      const userId = requireUserKey(caller, WHAT);
      const user = account.directory.user(userId)!;
      const own = account.keys.records({ includeRevoked: false }).filter((r) => r.scope.kind === 'personal' && r.scope.userId === userId);
      return { status: 200, body: own.map((r) => listedKeyOnWire(shape, r.summary, user)) };
    }),

    platformRoute(guards, 'DELETE', '/api_keys/:key_id', ({ req, caller }) => {
      const userId = requireUserKey(caller, WHAT);
      const id = keyIdParam(req.params.key_id);
      // Another user's key, or an organization's, is not among this user's keys: not found.
      const revoked = ownKey(userId, id) && account.keys.revoke(id);
      if (!revoked) throw new HttpError(404, `API key ${req.params.key_id} not found or already revoked`);
      return { status: 200, body: revokedKeyOnWire(shape, revoked, account.directory.user(userId)!) };
    }),
  ];
}

/** A key id in a path: decimal digits only (`0x1` or `1e0` would read as 1 through Number()); else 400. */
export function keyIdParam(text: string | undefined): number {
  if (text === undefined || !/^\d{1,15}$/.test(text)) throw new HttpError(400, 'key_id must be an integer');
  return Number(text);
}
