// API keys, spec 4.1: create (POST /api_keys), list (GET /api_keys), revoke (DELETE /api_keys/{key_id}).

import { HttpError, type Route } from '../../core/http-server.js';
import type { ResponseShape } from '../../core/response-shape.js';
import type { PlatformAccount } from '../account.js';
import { keyNameProblem } from '../keys.js';
import { objectBody, platformRoute, type RouteGuards } from '../platform-route.js';
import { createdKeyOnWire, listedKeyOnWire, revokedKeyOnWire } from '../wire.js';

export function apiKeyRoutes(account: PlatformAccount, guards: RouteGuards, shape: ResponseShape): Route[] {
  return [
    platformRoute(guards, 'POST', '/api_keys', ({ req }) => {
      const name = objectBody(req).key_name;
      const problem = keyNameProblem(name);
      if (problem) throw new HttpError(400, problem);
      return { status: 200, body: createdKeyOnWire(shape, account.keys.create(name as string), account.user) };
    }),

    // A JSON array, not wrapped in an object; revoked keys are no longer listed.
    platformRoute(guards, 'GET', '/api_keys', () => ({
      status: 200,
      body: account.keys.list({ includeRevoked: false }).map((key) => listedKeyOnWire(shape, key, account.user)),
    })),

    platformRoute(guards, 'DELETE', '/api_keys/:key_id', ({ req }) => {
      const revoked = account.keys.revoke(keyIdParam(req.params.key_id));
      if (!revoked) throw new HttpError(404, `API key ${req.params.key_id} not found or already revoked`);
      return { status: 200, body: revokedKeyOnWire(shape, revoked, account.user) };
    }),
  ];
}

/** A key id in a path: decimal digits only (`0x1` or `1e0` would read as 1 through Number()); else 400. */
export function keyIdParam(text: string | undefined): number {
  if (text === undefined || !/^\d{1,15}$/.test(text)) throw new HttpError(400, 'key_id must be an integer');
  return Number(text);
}
