// GitLab's error bodies: `{ "message": "404 Project Not Found" }` for most refusals, and OAuth's
// `{ "error": "insufficient_scope", ... }` for a token whose scopes do not allow the request.
// https://docs.gitlab.com/api/rest/troubleshooting/#status-codes

import type { EmulatorReply } from '../core/http-server.js';

/** The message a handler throws (HttpError) for a token without the `api` scope. */
export const INSUFFICIENT_SCOPE = 'insufficient_scope';

export function gitlabErrorReply(status: number, message: string): EmulatorReply {
  if (message === INSUFFICIENT_SCOPE) {
    return {
      status,
      body: {
        error: INSUFFICIENT_SCOPE,
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: 'api',
      },
    };
  }
  // GitLab's own messages start with the status ("404 Project Not Found"); the core's get it added.
  return { status, body: { message: /^\d{3} /.test(message) || status === 409 ? message : `${status} ${message}` } };
}
