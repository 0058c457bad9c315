// The platform's error body `{ code, message, request_id }` (README, Behaviour: Errors) and the `x-request-id`
// header every response carries.

import { randomUUID } from 'node:crypto';
import type { EmulatorReply } from '../core/http-server.js';

export const REQUEST_ID_HEADER = 'x-request-id';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable_entity',
  423: 'locked',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export function newRequestId(): string {
  return randomUUID();
}

export function errorCode(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'internal_error' : 'error');
}

/** An error reply in the platform's shape; `message` must never hold a key value. */
export function platformError(
  status: number,
  message: string,
  requestId: string = newRequestId(),
  headers: Record<string, string> = {},
): EmulatorReply {
  return {
    status,
    body: { code: errorCode(status), message, request_id: requestId },
    headers: { ...headers, [REQUEST_ID_HEADER]: requestId },
  };
}

/** Bad input to the emulator (a request body, a control call or an option): answered as 400. */
export class InvalidInputError extends TypeError {
  override name = 'InvalidInputError';
}
