// What every platform endpoint does around its own work: a request id on the reply, the caller the
// authenticate hook let through, the optional rate limit, and errors in the platform's `{ code,
// message, request_id }` shape.

import { type EmulatorReply, type EmulatorRequest, HttpError, type Route } from '../core/http-server.js';
import { type ResponseShape, shapedAnswer } from '../core/response-shape.js';
import type { BearerAuth } from './auth.js';
import { InvalidInputError, newRequestId, platformError, REQUEST_ID_HEADER } from './errors.js';
import type { KeyIdentity } from './keys.js';
import type { RateLimiter } from './rate-limit.js';

export interface PlatformCall {
  req: EmulatorRequest;
  caller: KeyIdentity;
}

export type PlatformHandler = (call: PlatformCall) => EmulatorReply;

export interface RouteGuards {
  auth: BearerAuth;
  rateLimiter: RateLimiter | undefined;
  /** How much of each answer is sent. */
  shape: ResponseShape;
}

export function platformRoute(guards: RouteGuards, method: string, pattern: string, handler: PlatformHandler): Route {
  const routeName = `${method} ${pattern}`;
  return {
    method,
    pattern,
    handler: (req) => {
      const requestId = newRequestId();
      try {
        const caller = guards.auth.callerOf(req);
        const limited = guards.rateLimiter?.admit(routeName);
        if (limited) {
          const seconds = String(limited.retryAfterSeconds);
          return platformError(429, `too many requests; retry in ${seconds} s`, requestId, { 'retry-after': seconds });
        }
        const reply = handler({ req, caller });
        const body = shapedAnswer(guards.shape, reply.status, reply.body);
        return { ...reply, body, headers: { ...reply.headers, [REQUEST_ID_HEADER]: requestId } };
      } catch (error) {
        if (error instanceof HttpError) return platformError(error.status, error.message, requestId);
        if (error instanceof InvalidInputError) return platformError(400, error.message, requestId);
        throw error;
      }
    },
  };
}

/** A JSON body that must be an object (or absent, read as `{}`). */
export function objectBody(req: EmulatorRequest): Record<string, unknown> {
  if (req.body === undefined) return {};
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw new HttpError(400, 'the request body must be a JSON object');
  }
  return req.body as Record<string, unknown>;
}
