// One error hierarchy. KeyturnError is the root of every error a keyturn package throws; ApiError,
// made by a single factory from the response (as openai-node's APIError.generate), says itself
// whether a retry may succeed and whether the request may have taken effect, so no caller
// re-derives that from statuses. Every message says what was asked (method and path) and what to
// do. No error holds a key value: messages are built from the status, the server's redacted
// message and our own words; toJSON lists the safe fields only. Error bodies:
// `{ code, message, request_id? }` (packages/emulator/README.md, Behaviour: Errors).
import { safeExcerpt } from './toolkit/redact-credentials.js';
import { RATE_LIMIT_RULES } from './toolkit/rate-limit-rules.js';
import { parseRetryAfter } from './toolkit/retry-after.js';
import type { ErrorBody } from './types.js';

/** The root of every error keyturn's packages throw: `catch (e) { if (e instanceof KeyturnError) ... }`. */
export class KeyturnError extends Error {
  override name = 'KeyturnError';
}

/**
 * An option mistake, thrown before any request is sent. `option` is the option's path as the
 * caller wrote it (`apiKey`, `retries.maxRetries`, `ids`, ...), so a tool can point at its own
 * input; the message names the option and says what to do, and never echoes a string value.
 */
export class OptionError extends KeyturnError {
  override name = 'OptionError';
  /** The option's path as the caller wrote it, e.g. `baseUrl` or `retries.maxRetries`. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}

/** What an ApiError is made of (its constructor's second argument). */
export interface ApiErrorInit {
  method: string;
  /** API path relative to the base URL, without the query. */
  path: string;
  status?: number;
  code?: string;
  requestId?: string;
  retryAfterMs?: number;
  /** Overrides what the error class and status say (see ApiError.transient). */
  transient?: boolean;
  /** Overrides what the error class, method and status say (see ApiError.mayHaveTakenEffect). */
  mayHaveTakenEffect?: boolean;
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

/** A request to the platform API failed: an error answer, no answer, a refused redirect or an abort. */
export class ApiError extends KeyturnError {
  override name = 'ApiError';
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  /** Wait the server asked for (`Retry-After`), when it sent one. */
  readonly retryAfterMs: number | undefined;
  /** A later retry may succeed: 408, 423, 429, 5xx, a connection failure or a timeout. */
  readonly transient: boolean;
  /**
   * The request may have changed state on the platform although it failed: a request other than
   * GET or HEAD whose answer was lost, timed out or cut short by the caller's signal in flight,
   * was 408 or 5xx other than 503, or was a 2xx whose body could not be read. Check before
   * repeating it.
   */
  readonly mayHaveTakenEffect: boolean;
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
    this.transient = init.transient ?? isTransientStatus(init.status);
    this.mayHaveTakenEffect = init.mayHaveTakenEffect ?? (changesState(init.method) && statusMayHaveTakenEffect(init.status));
  }

  /** Builds the error subclass that matches an HTTP error response. */
  static generate(response: ErrorResponse): ApiError {
    const { method, path, status } = response;
    const body = asErrorBody(response.body);
    const secrets = response.secrets ?? [];
    const rawRequestId = body.request_id ?? response.headers?.get('x-request-id') ?? undefined;
    const requestId = rawRequestId === undefined ? undefined : safeExcerpt(rawRequestId, secrets, 100);
    const retryAfterMs = parseRetryAfter(response.headers?.get('retry-after'), response.now ?? Date.now(), RATE_LIMIT_RULES.platform);
    const code = body.code === undefined ? undefined : safeExcerpt(body.code, secrets, 60);
    const init: ApiErrorInit = { method, path, status, code, requestId, retryAfterMs };
    const said = body.message ? `: ${safeExcerpt(body.message, secrets).replace(/\.$/, '')}` : '';
    const head = `${method} ${path} failed with HTTP ${status}${code ? ` ${code}` : ''}${said}.`;
    const tail = requestId ? ` (request id ${requestId})` : '';
    const [ErrorClass, advice] = classify(status, method, path, retryAfterMs, said !== '');
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
      transient: this.transient,
      mayHaveTakenEffect: this.mayHaveTakenEffect,
      attempts: this.attempts,
    };
  }
}

/** GET and HEAD only read; anything else may change state on the platform. */
export function changesState(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

function isTransientStatus(status: number | undefined): boolean {
  return status !== undefined && (status === 408 || status === 423 || status === 429 || status >= 500);
}

// 503 says the request was not handled; 408 may come from a proxy that had already forwarded it.
function statusMayHaveTakenEffect(status: number | undefined): boolean {
  return status !== undefined && (status === 408 || (status >= 500 && status !== 503));
}

/** 400 or 422: the request itself is wrong. */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
}
/** 401: the key is missing, invalid or revoked. */
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
/**
 * No answer: refused, reset or dropped connection, DNS failure (or, as TimeoutError, no answer in
 * time). Transient; a request other than GET or HEAD may have taken effect.
 */
export class ConnectionError extends ApiError {
  override name = 'ConnectionError';

  constructor(message: string, init: ApiErrorInit) {
    super(message, {
      ...init,
      transient: init.transient ?? true,
      mayHaveTakenEffect: init.mayHaveTakenEffect ?? changesState(init.method),
    });
  }
}

/** No complete answer within `timeoutMs` (per attempt). */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}

/**
 * The caller's AbortSignal fired, during a request or a wait between attempts. Not transient;
 * `mayHaveTakenEffect` only when the client knows an earlier attempt may have taken effect.
 */
export class RequestAbortedError extends ApiError {
  override name = 'RequestAbortedError';

  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, transient: false, mayHaveTakenEffect: init.mayHaveTakenEffect ?? false });
  }
}

/**
 * A 2xx answer whose body is not what the API returns (not JSON, or missing fields): check baseUrl.
 * The platform accepted the request, so one other than GET or HEAD has taken effect.
 */
export class ResponseShapeError extends ApiError {
  override name = 'ResponseShapeError';

  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, transient: false, mayHaveTakenEffect: init.mayHaveTakenEffect ?? changesState(init.method) });
  }
}

type ErrorClass = new (message: string, init: ApiErrorInit) => ApiError;

/** The advice added to a message when `mayHaveTakenEffect` is true for a POST. */
export const MAY_HAVE_TAKEN_EFFECT = 'The request may have taken effect: check before repeating it.';

/** What to do about a 401. */
const NEW_KEY = 'make a new key in the console (Account settings > API keys) and store it where this tool reads it.';

/** The class and advice of a status. `said`: the platform gave a message, which the advice need not repeat (a 401's diagnosis). */
function classify(status: number, method: string, path: string, retryAfterMs: number | undefined, said = false): [ErrorClass, string] {
  const wait = retryAfterMs === undefined ? '' : ` (the platform asks to wait ${Math.ceil(retryAfterMs / 1000)} s)`;
  switch (status) {
    case 400:
    case 422:
      return [InvalidRequestError, 'The platform rejected the request as invalid: check its parameters.'];
    case 401:
      return [
        AuthenticationError,
        said ? `${NEW_KEY[0]!.toUpperCase()}${NEW_KEY.slice(1)}` : `The API key is missing, invalid or revoked: ${NEW_KEY}`,
      ];
    case 403:
      return [PermissionDeniedError, forbiddenAdvice(path)];
    case 404:
      return [NotFoundError, 'Check the ids in the path: they do not exist, or belong to another account.'];
    case 409:
      return [ConflictError, 'The request conflicts with the current state of the resource: retry once it settles.'];
    case 423:
      return [LockedError, `Another operation is running on the project: wait for it to finish (operations.wait) and retry${wait}.`];
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

/** An organization's keys have their own rules of who may manage them, so a 403 there says them. */
function forbiddenAdvice(path: string): string {
  if (/^\/organizations\/[^/]+\/api_keys(\/|$)/.test(path)) {
    return (
      "The API key may not manage this organization's keys: an organization-wide key needs an organization " +
      "admin's personal key (or an organization key), a project-scoped key any member's; a project-scoped key manages no keys."
    );
  }
  return 'The API key is not allowed to do this: check that its account owns the resource.';
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
