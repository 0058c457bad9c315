// The client's options (camelCase, as CONTRACTS.md). They are checked up front (internal/settings.ts)
// so a mistake fails at createClient with an OptionError instead of at the first request, or silently.
import type { RequestEvent } from './toolkit/request-event.js';
import type { Runtime } from './toolkit/runtime.js';
import { VERSION } from './version.js';

/** How the client retries a failed request (see README: Retries). */
export interface RetryOptions {
  /** Retries after the first attempt; 0 disables retrying. Default 4. */
  maxRetries?: number;
  /** First backoff ceiling; doubles each retry. Default 500 ms. */
  baseDelayMs?: number;
  /** Cap of each backoff wait. Default 8000 ms. */
  maxDelayMs?: number;
  /** No retry is started when it would begin later than this after the first attempt. Default 60000 ms. */
  deadlineMs?: number;
  /** Longest `Retry-After` honoured; a longer one ends the retries at once. Default 60000 ms. */
  maxRetryAfterMs?: number;
}

/** What `createClient` and `client.withOptions` take. */
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
  /** Clock, randomness and sleep of retries and waits; `systemRuntime` by default (tests inject a fake one). */
  runtime?: Runtime;
}

/** The platform API's root, where requests go unless `baseUrl` says otherwise. */
export const DEFAULT_BASE_URL = 'https://console.neon.tech/api/v2';

/** Default limit of each attempt: 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The User-Agent product token of this client: `keyturn/<version>`. */
export const DEFAULT_USER_AGENT = `keyturn/${VERSION}`;
