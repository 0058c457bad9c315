// The GitHub client: @octokit/rest with the retry plugin and keyturn's request hooks
// (request-hooks.ts), against the API root the caller gives (`baseUrl`: GitHub Enterprise Server
// works; the Action passes GITHUB_API_URL). Rate limits are waited out a bounded number of times,
// honouring Retry-After and the reset time; writes go one at a time.
// https://github.com/octokit/plugin-retry.js

import { OptionError } from '@keyturn/api';
import { linkSignals, notifyHook, type RequestEvent, type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { retry } from '@octokit/plugin-retry';
import { Octokit } from '@octokit/rest';
import { checkServiceToken } from '../rest-client/rest-access.js';
import type { RestAccess } from '../rest-client/rest-client.js';
import { installRequestHooks } from './request-hooks.js';
import { pathnameOf } from './request-path.js';
import { GITHUB_WRITE_INTERVAL_MS, WriteSpacing } from './write-spacing.js';

// Not exported: its inferred type names Octokit internals; callers see the plain Octokit type.
const GitHubOctokit = Octokit.plugin(retry);

/** Any @octokit/rest instance will do; one from `createGitHubClient` retries, waits out rate limits and spaces its writes. */
export type GitHubClient = Octokit;

const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

/** The options of `createGitHubClient`; only `token` is required. */
export interface GitHubClientOptions extends Omit<RestAccess, 'apiUrl'> {
  /** A token that can write secrets (see README: GITHUB_TOKEN cannot). */
  token: string;
  /**
   * The API root, default https://api.github.com. On GitHub Enterprise Server, its own (in an
   * Action, the runner's GITHUB_API_URL: the library reads no environment).
   */
  baseUrl?: string;
  userAgent?: string;
  /** Milliseconds per second of Retry-After and of retry backoff, default 1000 (tests make it small). */
  retryAfterBaseValue?: number;
  /** Spacing between the starts of two writes, default 1000 ms as GitHub asks. */
  writeIntervalMs?: number;
  /** Receives one line per rate-limit wait or give-up; what it throws is ignored. */
  log?: (message: string) => void;
  /**
   * One event per HTTP exchange with GitHub (retries each count as 1: Octokit retries inside), in
   * the shape of @keyturn/api's `onRequest`. What it throws is ignored.
   */
  onRequest?: (event: RequestEvent) => void;
  /** Stops every request and every wait of this client (rate limits, write spacing). */
  signal?: AbortSignal;
  /** The clock and sleep of rate-limit waits and write spacing, shared with @keyturn/api. */
  runtime?: Runtime;
}

/**
 * An Octokit for the rotation: GitHub's API version pinned, retries of 5xx and dropped connections,
 * rate limits waited out within bounds, writes one at a time a second apart, a timeout per request.
 * Throws an OptionError naming the option (`token`, ...) before any request.
 *
 * @example const octokit = createGitHubClient({ token: process.env.SECRETS_WRITE_TOKEN! });
 */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  checkGitHubClientOptions(options);
  return buildGitHubClient(options, { auth: options.token });
}

/** The checks of `createGitHubClient`, building nothing: an OptionError naming the option (`token`, `baseUrl`). */
export function checkGitHubClientOptions(options: GitHubClientOptions): void {
  checkServiceToken('token', options.token, { service: 'GitHub', token: 'a GitHub token that can write secrets' });
  checkGitHubSettings(options);
}

/** The settings every GitHub client checks, whatever its credential: the API root is an http(s) URL. */
export function checkGitHubSettings(settings: Pick<GitHubClientOptions, 'baseUrl'>): void {
  const { baseUrl } = settings;
  if (baseUrl === undefined) return;
  // Not quoted: a URL may carry credentials.
  // Made only when thrown: an error captures a stack trace, which every valid call would pay for.
  const refused = () =>
    new OptionError(
      'baseUrl',
      'baseUrl must be the absolute http(s) URL of the GitHub API, e.g. https://api.github.com (GitHub Enterprise Server: ' +
        'https://HOST/api/v3)',
    );
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) throw refused();
  if (!['http:', 'https:'].includes(new URL(baseUrl).protocol)) throw refused();
}

/** How a client authenticates: a token, or an Octokit auth strategy (a GitHub App's, github-app/). */
export type GitHubClientAuth = { auth: string } | { authStrategy: (options: never) => unknown; auth: Record<string, unknown> };

/** The client options without the credential, and a write spacing shared by clients of one run. */
export type GitHubClientSettings = Omit<GitHubClientOptions, 'token'> & { writeSpacing?: WriteSpacing };

/** The client of `createGitHubClient` with any credential: the one place an Octokit is configured. */
export function buildGitHubClient(options: GitHubClientSettings, credential: GitHubClientAuth): GitHubClient {
  const {
    baseUrl = DEFAULT_GITHUB_API_URL,
    timeoutMs = 30_000,
    retries = 3,
    rateLimitRetries = 3,
    maxRateLimitWaitMs = 120_000,
    retryAfterBaseValue = 1000,
    writeIntervalMs = GITHUB_WRITE_INTERVAL_MS,
    signal,
    runtime = systemRuntime,
  } = options;
  const log = (line: string) => notifyHook(options.log, line);
  // Without a trailing slash: the paths Octokit appends start with one.
  const root = baseUrl.replace(/\/+$/, '');
  const octokit = new GitHubOctokit({
    ...(credential as object),
    baseUrl: root,
    userAgent: options.userAgent ?? 'keyturn-rotation',
    // 403 and 429 are rate limits, waited out by the request hooks; the retry plugin takes 5xx and resets.
    retry: { retries, retryAfterBaseValue, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
    request: { fetch: observedFetch(options.fetch ?? fetch, { timeoutMs, signal, root, runtime, onRequest: options.onRequest }) },
    // plugin-request-log reports every request at info/error; failures reach the caller as errors anyway.
    log: { debug: () => {}, info: () => {}, warn: log, error: () => {} },
  });
  installRequestHooks(octokit, {
    // Shared by the clients of one run (a GitHub App's); the client's own, else.
    writeSpacing: options.writeSpacing ?? new WriteSpacing(writeIntervalMs, runtime, signal),
    rateLimits: {
      retries: rateLimitRetries,
      maxWaitSeconds: maxRateLimitWaitMs / 1000,
      msPerSecond: retryAfterBaseValue,
      log,
      sleep: (ms: number) => runtime.sleep(ms, signal),
    },
  });
  return octokit;
}

interface FetchSettings {
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** The API root, whose path is left out of the events' paths. */
  root: string;
  runtime: Runtime;
  onRequest: ((event: RequestEvent) => void) | undefined;
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * Every attempt passes through fetch, so each one (retries included) is reported here. Octokit sets
 * no timeout of its own: the answer is read here, within the timeout, so a request that never
 * finishes cannot hang the run. A timeout stays a retried network failure; an abort by the caller
 * reaches Octokit as an AbortError, which it does not retry.
 */
function observedFetch(inner: typeof fetch, settings: FetchSettings): typeof fetch {
  const basePath = new URL(settings.root).pathname.replace(/\/+$/, '');
  return async (input, init) => {
    const started = settings.runtime.now();
    const method = (init?.method ?? 'GET').toUpperCase();
    const pathname = pathnameOf(input instanceof Request ? input.url : String(input));
    const path = basePath && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
    const report = (fields: Pick<RequestEvent, 'status' | 'outcome' | 'error'>) =>
      notifyHook(settings.onRequest, { method, path, attempt: 1, durationMs: Math.round(settings.runtime.now() - started), ...fields });
    const linked = linkSignals([init?.signal ?? undefined, settings.signal], settings.timeoutMs);
    try {
      const response = await inner(input, { ...init, signal: linked.signal });
      const body = await response.arrayBuffer();
      report({ status: response.status, outcome: response.status < 400 ? 'ok' : 'error' });
      const { status, statusText, headers } = response;
      const answered = new Response(NULL_BODY_STATUSES.has(status) ? null : body, { status, statusText, headers });
      // Octokit reports the URL of the answer (its errors and redirects name it).
      Object.defineProperty(answered, 'url', { value: response.url });
      return answered;
    } catch (error) {
      const failure = linked.timedOut() ? new DOMException(`GitHub did not answer within ${settings.timeoutMs} ms`, 'TimeoutError') : error;
      // The error's name or code only: a message could quote the request.
      const cause = (failure as { cause?: { code?: string } }).cause;
      report({ outcome: 'error', error: cause?.code ?? (failure as Error).name ?? 'error' });
      throw failure;
    } finally {
      linked.dispose();
    }
  };
}
