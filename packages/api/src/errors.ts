// One error hierarchy, made by a single factory from the response (as openai-node's APIError.generate).
// Every message says what was asked (method and path) and what to do. No error holds a key value:
// messages are built from the status, the server's redacted message and our own words; toJSON
// lists the safe fields only. Error bodies: `{ code, message, request_id? }` (DESIGN.md).
import { redactSecrets, safeExcerpt } from './internal/redact.js';
import { parseRetryAfter } from './internal/retry-after.js';
import type { ErrorBody } from './types.js';

export interface ApiErrorInit {
  method: string;
  /** API path relative to the base URL, without the query. */
  path: string;
  status?: number;
  code?: string;
  requestId?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

/** What ApiError.generate reads from a failed response. */
export interface ErrorResponse {
  method: string;
  path: string;
  status: number;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  headers?: Headers;
  /** Clock for `Retry-After` dates; Date.now() by default. */
  now?: number;
  /** Values to scrub from the server's message (the key in use). */
  secrets?: readonly string[];
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  /** Wait the server asked for (`Retry-After`), when it sent one. */
  readonly retryAfterMs: number | undefined;
  /** Attempts made before this error was thrown (retries included). */
  attempts = 1;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** Builds the error subclass that matches an HTTP error response. */
  static generate(response: ErrorResponse): ApiError {
    const { method, path, status } = response;
    const body = asErrorBody(response.body);
    const secrets = response.secrets ?? [];
    const rawRequestId = body.request_id ?? response.headers?.get('x-request-id') ?? undefined;
    const requestId = rawRequestId === undefined ? undefined : safeExcerpt(rawRequestId, secrets, 100);
    const retryAfterMs = parseRetryAfter(response.headers?.get('retry-after') ?? null, response.now ?? Date.now());
    const code = body.code === undefined ? undefined : safeExcerpt(body.code, secrets, 60);
    const init: ApiErrorInit = { method, path, status, code, requestId, retryAfterMs };
    const said = body.message ? `: ${safeExcerpt(body.message, secrets).replace(/\.$/, '')}` : '';
    const head = `${method} ${path} failed with HTTP ${status}${code ? ` ${code}` : ''}${said}.`;
    const tail = requestId ? ` (request id ${requestId})` : '';
    const [ErrorClass, advice] = classify(status, method, retryAfterMs);
    return new ErrorClass(`${head} ${advice}${tail}`, init);
  }

  /** The safe fields, so JSON logs of an error never carry more than the message says. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      code: this.code,
      requestId: this.requestId,
      retryAfterMs: this.retryAfterMs,
      attempts: this.attempts,
    };
  }
}

/** 400 or 422: the request itself is wrong. */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
}
/** 401: the key is missing, invalid or revoked (platform-api.md §5.2). */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: the key may not do this. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404: no such key, project or operation. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the request conflicts with the state of the resource. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 423: another operation is running on the project; always safe to retry. */
export class LockedError extends ConflictError {
  override name = 'LockedError';
}
/** 429: rate limited; `retryAfterMs` when the server said how long to wait. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
/** 5xx: the platform failed. A POST may have taken effect unless the status is 503. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}
/** The platform answered with a redirect, which is refused so the key never leaves the origin. */
export class RedirectRefusedError extends ApiError {
  override name = 'RedirectRefusedError';
}
/** No answer: refused, reset or dropped connection, DNS failure. */
export class ConnectionError extends ApiError {
  override name = 'ConnectionError';
}
/** No complete answer within `timeoutMs` (per attempt). */
export class TimeoutError extends ApiError {
  override name = 'TimeoutError';
}
/** The caller's AbortSignal fired, during a request or a wait between attempts. */
export class RequestAbortedError extends ApiError {
  override name = 'RequestAbortedError';
}

type ErrorClass = new (message: string, init: ApiErrorInit) => ApiError;

const MAY_HAVE_TAKEN_EFFECT = 'The request may have taken effect: check before repeating it.';

function classify(status: number, method: string, retryAfterMs: number | undefined): [ErrorClass, string] {
  const wait = retryAfterMs === undefined ? '' : ` (the platform asks to wait ${Math.ceil(retryAfterMs / 1000)} s)`;
  switch (status) {
    case 400:
    case 422:
      return [InvalidRequestError, 'The platform rejected the request as invalid: check its parameters.'];
    case 401:
      return [
        AuthenticationError,
        'The API key is missing, invalid or revoked: make a new key in the console (Account settings > API keys) ' +
          'and store it where this tool reads it.',
      ];
    case 403:
      return [PermissionDeniedError, 'The API key is not allowed to do this: check that its account owns the resource.'];
    case 404:
      return [NotFoundError, 'Check the ids in the path: they do not exist, or belong to another account.'];
    case 409:
      return [ConflictError, 'The request conflicts with the current state of the resource: retry once it settles.'];
    case 423:
      return [
        LockedError,
        `Another operation is running on the project: wait for it to finish (operations.wait) and retry${wait}.`,
      ];
    case 429:
      return [
        RateLimitError,
        `Rate limited: the platform allows about 700 requests a minute and 40 a second per route; slow down and retry later${wait}.`,
      ];
  }
  if (status === 503) return [ServerError, `The platform is unavailable and the request did not take effect: retry later${wait}.`];
  if (status >= 500) {
    const effect = method === 'GET' ? '' : ` ${MAY_HAVE_TAKEN_EFFECT}`;
    return [ServerError, `The platform failed to handle the request: retry later.${effect}`];
  }
  return [ApiError, 'This status is not expected from the platform API: check baseUrl and the request.'];
}

/** Advice for failures without an answer, where a POST may still have taken effect. */
export function unansweredAdvice(method: string, advice: string): string {
  return method === 'POST' ? `${advice} ${MAY_HAVE_TAKEN_EFFECT}` : advice;
}

/** Adds why the client stopped retrying to an error it is about to throw. */
export function noteGaveUp(error: ApiError, attempts: number, why: string | undefined, secrets: readonly string[]): ApiError {
  error.attempts = attempts;
  if (why) error.message = redactSecrets(`${error.message} ${why}`, secrets);
  return error;
}

function asErrorBody(body: unknown): ErrorBody {
  if (typeof body !== 'object' || body === null) return {};
  const { code, message, request_id } = body as Record<string, unknown>;
  return {
    code: typeof code === 'string' && code !== '' ? code : undefined,
    message: typeof message === 'string' && message !== '' ? message : undefined,
    request_id: typeof request_id === 'string' && request_id !== '' ? request_id : undefined,
  };
}
