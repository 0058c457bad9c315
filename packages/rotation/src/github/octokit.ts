// The GitHub client: @octokit/rest with the retry and throttling plugins, against GITHUB_API_URL so
// GitHub Enterprise Server works. Rate limits are waited out a bounded number of times, honouring
// Retry-After and the reset time; writes go one at a time.
// https://github.com/octokit/plugin-throttling.js  https://github.com/octokit/plugin-retry.js

import { retry } from '@octokit/plugin-retry';
import { type ThrottlingOptions, throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { observer } from '../observer.js';
import { waitOutRateLimits } from './rate-limit.js';
import { WriteSpacing } from './write-spacing.js';

// Not exported: its inferred type names Octokit internals; callers see the plain Octokit type.
const GitHubOctokit = Octokit.plugin(retry, throttling);
/** Any @octokit/rest instance will do; one from `createGitHubClient` retries and throttles. */
export type GitHubClient = Octokit;

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

export interface GitHubClientOptions {
  /** A token that can write secrets (see README: GITHUB_TOKEN cannot). */
  token: string;
  /** Default: GITHUB_API_URL, else https://api.github.com. */
  baseUrl?: string;
  userAgent?: string;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** Retries of 5xx answers and dropped connections, default 3. */
  retries?: number;
  /** Retries of a rate-limited request (primary or secondary limit), default 3. */
  rateLimitRetries?: number;
  /** A rate limit that resets later than this is not waited for, default 120 s. */
  maxRateLimitWaitSeconds?: number;
  /** Milliseconds per second of Retry-After and of retry backoff, default 1000 (tests make it small). */
  retryAfterBaseValue?: number;
  /** Spacing between the starts of two writes, default 1000 ms as GitHub asks. */
  writeIntervalMs?: number;
  /** Receives one line per rate-limit wait or give-up. */
  log?: (message: string) => void;
  /** Default: the global fetch (a proxy agent or a test's fetch goes here). */
  fetch?: typeof fetch;
  /** One event per HTTP exchange with GitHub, retries included, for the Action's log. */
  onRequest?: (event: GitHubRequestEvent) => void;
}

/** What one exchange with GitHub did; never holds the token or a secret value. */
export interface GitHubRequestEvent {
  method: string;
  /** URL path, without the query. */
  path: string;
  /** Absent when no response came (`error` then names why). */
  status?: number;
  durationMs: number;
  error?: string;
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const {
    token,
    baseUrl = process.env.GITHUB_API_URL || DEFAULT_GITHUB_API_URL,
    timeoutMs = 30_000,
    retries = 3,
    rateLimitRetries = 3,
    maxRateLimitWaitSeconds = 120,
    retryAfterBaseValue = 1000,
    writeIntervalMs = 1000,
    onRequest,
  } = options;
  // The caller's hooks only observe: one that throws must not change a request's outcome.
  const log = observer(options.log);
  if (!token) throw new TypeError('a GitHub token is required');

  // The throttling plugin recognises rate limits by their wording; rate-limit.ts does it by status
  // and headers, so the plugin only spaces the writes here and never retries.
  const throttle = {
    onRateLimit: () => false,
    onSecondaryRateLimit: () => false,
    write: new WriteSpacing(writeIntervalMs),
  } as unknown as ThrottlingOptions;

  const octokit = new GitHubOctokit({
    auth: token,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent ?? 'keyturn-rotation',
    // 403 and 429 are the throttling plugin's (rate limits); the retry plugin takes 5xx and resets.
    retry: { retries, retryAfterBaseValue, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
    throttle,
    request: { fetch: observedFetch(fetchWithTimeout(timeoutMs, options.fetch ?? fetch), observer(onRequest)) },
    // plugin-request-log reports every request at info/error; failures reach the caller as errors anyway.
    log: { debug: () => {}, info: () => {}, warn: log, error: () => {} },
  });
  // The API version this code was written for, not whatever GitHub defaults to (it answers 400 to one it dropped).
  octokit.hook.before('request', (request) => void Object.assign(request.headers, GITHUB_API_HEADERS));
  const waits = { retries: rateLimitRetries, maxWaitSeconds: maxRateLimitWaitSeconds, msPerSecond: retryAfterBaseValue, log };
  const hook = octokit.hook as unknown as { wrap(name: 'request', wrapper: ReturnType<typeof waitOutRateLimits>): void };
  hook.wrap('request', waitOutRateLimits(waits));
  return octokit;
}

/** https://docs.github.com/rest/about-the-rest-api/api-versions */
export const GITHUB_API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' } as const;

/** Every attempt passes through fetch, so each one (retries included) is reported here. */
function observedFetch(inner: typeof fetch, onRequest: (event: GitHubRequestEvent) => void): typeof fetch {
  return async (input, init) => {
    const started = performance.now();
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const response = await inner(input, init);
      onRequest({ method, path, status: response.status, durationMs: durationMs() });
      return response;
    } catch (error) {
      // The error's name or code only: a message could quote the request.
      const cause = (error as { cause?: { code?: string } }).cause;
      onRequest({ method, path, durationMs: durationMs(), error: cause?.code ?? (error as Error).name ?? 'error' });
      throw error;
    }
  };
}

/** Octokit sets no timeout of its own; a request that never answers would hang the run. */
function fetchWithTimeout(timeoutMs: number, inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    // AbortSignal.any arrived in Node 20.3; without it the caller's signal wins over the timeout.
    const signal = !init?.signal ? timeout : typeof AbortSignal.any === 'function' ? AbortSignal.any([init.signal, timeout]) : init.signal;
    return inner(input, { ...init, signal });
  };
}
