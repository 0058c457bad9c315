// The client's options (camelCase, as CONTRACTS.md), checked up front so a mistake fails at
// createClient with a clear message instead of at the first request, or silently.
import { parseBaseUrl, type BaseUrl, DEFAULT_BASE_URL } from './internal/origin.js';
import { resolveRetryPolicy, type RetryOptions, type RetryPolicy } from './internal/retry.js';
import {
  requireFunction,
  requireNumber,
  requireOptionsObject,
  requireSignal,
  rejectUnknownKeys,
} from './internal/validate.js';
import { VERSION } from './version.js';

export interface ClientOptions {
  /** The platform API key. Sent only to `baseUrl`'s origin, never logged. */
  apiKey: string;
  /** API root, default `https://console.neon.tech/api/v2`. https, or http on a loopback host. */
  baseUrl?: string;
  /** A fetch implementation; Node's global fetch by default. */
  fetch?: typeof fetch;
  /** Limit of each attempt, headers and body included. Default 30000 ms. */
  timeoutMs?: number;
  /** Retry policy, or just the number of retries (0 disables). */
  retries?: number | RetryOptions;
  /** Your product token, sent before `keyturn/<version>` in User-Agent. */
  userAgent?: string;
  /** Aborts every request and wait of this client. */
  signal?: AbortSignal;
  /** Called once per attempt outcome, e.g. to log requests. Never given a key value; what it throws is ignored. */
  onRequest?: (event: RequestEvent) => void;
}

/** One attempt of a request, as reported to `onRequest`. */
export interface RequestEvent {
  method: string;
  /** API path relative to the base URL, without the query. */
  path: string;
  /** HTTP status, when an answer came. */
  status?: number;
  /** 1 for the first attempt. */
  attempt: number;
  durationMs: number;
  /** `retry`: the attempt failed and another follows after `retryInMs`. */
  outcome: 'ok' | 'retry' | 'error';
  /** The failure's message (redacted) for `retry` and `error`. */
  error?: string;
  retryInMs?: number;
}

/** Options after checks and defaults: what the transport runs on. */
export interface ClientSettings {
  apiKey: string;
  base: BaseUrl;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  userAgent: string;
  signal: AbortSignal | undefined;
  onRequest: ((event: RequestEvent) => void) | undefined;
}

const CONTEXT = 'createClient';
const OPTION_KEYS = ['apiKey', 'baseUrl', 'fetch', 'timeoutMs', 'retries', 'userAgent', 'signal', 'onRequest'];
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_USER_AGENT = `keyturn/${VERSION}`;

export function resolveClientOptions(options: unknown): ClientSettings {
  if (options === undefined) throw new TypeError(`${CONTEXT}: options are required, with at least apiKey`);
  const given = requireOptionsObject(options, CONTEXT);
  rejectUnknownKeys(given, OPTION_KEYS, CONTEXT);
  const fetchImpl = requireFunction<typeof fetch>(given.fetch, 'fetch', CONTEXT) ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError(`${CONTEXT}: no global fetch; pass options.fetch (Node >= 20 has one)`);
  return {
    apiKey: checkApiKey(given.apiKey, CONTEXT),
    base: parseBaseUrl(given.baseUrl ?? DEFAULT_BASE_URL, CONTEXT),
    fetch: fetchImpl,
    timeoutMs:
      given.timeoutMs === undefined
        ? DEFAULT_TIMEOUT_MS
        : requireNumber(given.timeoutMs, 'timeoutMs', CONTEXT, { exclusiveMin: true, unit: 'milliseconds' }),
    retry: resolveRetryPolicy(given.retries, CONTEXT),
    userAgent: userAgentFor(given.userAgent),
    signal: requireSignal(given.signal, 'signal', CONTEXT),
    onRequest: requireFunction(given.onRequest, 'onRequest', CONTEXT),
  };
}

/**
 * A key is printable ASCII without spaces: anything else cannot travel in a header, and fetch
 * would echo the whole header value (the key) in its error.
 */
export function checkApiKey(value: unknown, context: string): string {
  if (value === undefined || value === null || value === '') {
    throw new TypeError(
      `${context}: apiKey is required: pass the platform API key (for example from the NEON_API_KEY secret)`,
    );
  }
  if (typeof value !== 'string') throw new TypeError(`${context}: apiKey must be a string`);
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new TypeError(
      `${context}: apiKey must be printable ASCII without spaces or line breaks; check the stored secret for a trailing newline`,
    );
  }
  return value;
}

function userAgentFor(value: unknown): string {
  if (value === undefined) return DEFAULT_USER_AGENT;
  if (typeof value !== 'string' || !/^[\x20-\x7e]+$/.test(value) || value.trim() === '') {
    throw new TypeError(`${CONTEXT}: userAgent must be a non-empty single line of printable ASCII`);
  }
  return `${value.trim()} ${DEFAULT_USER_AGENT}`;
}
