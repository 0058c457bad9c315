// Vercel's error bodies: `{ "error": { "code": "not_found", "message": "..." } }`, the same for every
// endpoint (https://vercel.com/docs/rest-api/errors); an unknown token's carries `invalidToken`.

import type { EmulatorReply } from '../core/http-server.js';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_unknown',
  429: 'rate_limited',
};

/** The message an unknown or missing token gets. */
export const INVALID_TOKEN = 'Not authorized';

export function vercelErrorReply(status: number, message: string): EmulatorReply {
  // A handler may name its own code: `ENV_CONFLICT: A variable with the name ... already exists`.
  const own = /^([A-Z_]{3,}|[a-z_]{3,}): (.*)$/s.exec(message);
  const code = own?.[1] ?? CODES[status] ?? (status >= 500 ? 'internal_server_error' : 'bad_request');
  const error = { code, message: own?.[2] ?? message, ...(message === INVALID_TOKEN && { invalidToken: true }) };
  return { status, body: { error } };
}
