// A small client of Vercel's REST API (https://vercel.com/docs/rest-api): a bearer token, JSON in and
// out, 5xx answers and dropped connections retried, and rate limits (429) waited out a bounded number
// of times until `X-RateLimit-Reset` (a Unix time, read against Vercel's own `Date`), through the
// shared attempt loop. https://api.vercel.com by default; `apiUrl` points it elsewhere (an emulator).

import { KeyturnError, OptionError } from '@keyturn/api';
import {
  type AttemptVerdict,
  githubTokenProblem,
  isLoopbackHost,
  linkSignals,
  notifyHook,
  rateLimitWaitMs,
  type Runtime,
  runAttempts,
  systemRuntime,
} from '@keyturn/api/toolkit';

/** Vercel's REST API: the `apiUrl` when none is given. */
export const DEFAULT_VERCEL_API_URL = 'https://api.vercel.com';

/** How to reach Vercel: the rotateKey option `vercel`. */
export interface VercelAccess {
  /** A Vercel access token whose scope includes the projects' team (or the personal account). */
  token: string;
  /** The API root, default https://api.vercel.com. */
  apiUrl?: string;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** Retries of 5xx answers and dropped connections, default 3. */
  retries?: number;
  /** Retries of a rate-limited request, default 3. */
  rateLimitRetries?: number;
  /** A rate limit that resets later than this is not waited for, default 120 000 ms. */
  maxRateLimitWaitMs?: number;
  /** How long a redeploy may take to be READY, default 20 minutes. */
  deployTimeoutMs?: number;
  /** Between two reads of a building deployment, default 5 s. */
  deployPollMs?: number;
  /** Default: the global fetch (a proxy agent or a test's fetch goes here). */
  fetch?: typeof fetch;
}

/** What the client needs beyond the access: the run's clock and log. */
export interface VercelClientSettings {
  runtime?: Runtime;
  /** One line per rate-limit wait; what it throws is ignored. */
  log?: (line: string) => void;
}

/** A request Vercel refused or that got no answer. Its message never holds the token or a value. */
export class VercelRequestError extends KeyturnError {
  override name = 'VercelRequestError';
  constructor(
    message: string,
    /** Vercel's status; undefined when no answer came. */
    readonly status: number | undefined,
    /** Vercel's error code (`not_found`, `forbidden`, `ENV_CONFLICT`), or ''. */
    readonly code: string,
    /** Vercel's message, scrubbed of the token. */
    readonly reason: string,
    /** Vercel said the token itself is not valid (`invalidToken`). */
    readonly invalidToken = false,
  ) {
    super(message);
  }

  /** An earlier attempt got no answer or a 5xx: a write may have landed, whatever this answer says. */
  retriedUnanswered = false;
}

export interface VercelRequest {
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
}

/** A Vercel REST API client (from `createVercelClient`). */
export interface VercelClient {
  readonly apiUrl: string;
  /** How long a redeploy may take, and how often it is read meanwhile. */
  readonly deploy: { timeoutMs: number; pollMs: number };
  readonly runtime: Runtime;
  request<T>(method: string, path: string, options?: VercelRequest): Promise<T>;
}

/** The checks of `createVercelClient`, building nothing: an OptionError naming the option. */
export function checkVercelAccess(access: VercelAccess): void {
  if (typeof access !== 'object' || access === null) throw new OptionError('vercel', 'vercel must be an object: { token, apiUrl? }');
  const { token, apiUrl } = access;
  if (typeof token !== 'string' || !token) throw new OptionError('vercel.token', 'vercel.token is required: a Vercel access token whose scope includes the team of the projects');
  if (!/^[\x21-\x7E]+$/.test(token)) {
    throw new OptionError('vercel.token', 'vercel.token contains spaces or non-ASCII characters; check that the secret holds the token alone');
  }
  if (githubTokenProblem(token)) {
    throw new OptionError('vercel.token', 'vercel.token is shaped like a platform API key, not a Vercel token, so it was not sent to Vercel: pass a Vercel access token');
  }
  for (const name of ['deployTimeoutMs', 'deployPollMs'] as const) {
    const value = access[name];
    if (value !== undefined && (!Number.isFinite(value) || value <= 0)) throw new OptionError(`vercel.${name}`, `vercel.${name} must be a positive number of milliseconds`);
  }
  if (apiUrl === undefined) return;
  const refused = () => new OptionError('vercel.apiUrl', `vercel.apiUrl must be the absolute https URL of Vercel's API, e.g. ${DEFAULT_VERCEL_API_URL}`);
  if (typeof apiUrl !== 'string' || !URL.canParse(apiUrl)) throw refused();
  const url = new URL(apiUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new OptionError('vercel.apiUrl', `vercel.apiUrl must use https: for ${url.host} (a key travels in it); plain http: is allowed only for loopback hosts`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) throw refused();
}

/** A Vercel client for the rotation's Vercel targets. Throws an OptionError before any request. */
export function createVercelClient(access: VercelAccess, settings: VercelClientSettings = {}): VercelClient {
  checkVercelAccess(access);
  const { token, timeoutMs = 30_000, retries = 3, rateLimitRetries = 3, maxRateLimitWaitMs = 120_000 } = access;
  const apiUrl = (access.apiUrl ?? DEFAULT_VERCEL_API_URL).replace(/\/+$/, '');
  const runtime = settings.runtime ?? systemRuntime;
  const doFetch = access.fetch ?? fetch;
  const scrub = (text: string) => text.split(token).join('[redacted]');

  const attempt = async (method: string, url: string, body: string | undefined): Promise<{ status: number; data: unknown; headers: Headers }> => {
    const linked = linkSignals([], timeoutMs);
    try {
      const response = await doFetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
        body,
        signal: linked.signal,
      });
      const text = await response.text();
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      return { status: response.status, data, headers: response.headers };
    } catch (error) {
      const why = linked.timedOut() ? `no answer within ${timeoutMs} ms` : `no answer (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name ?? 'network error'})`;
      throw new VercelRequestError(why, undefined, '', '');
    } finally {
      linked.dispose();
    }
  };

  function request<T>(method: string, path: string, options: VercelRequest = {}): Promise<T> {
    const url = new URL(`${apiUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    let failures = 0;
    let limits = 0;
    const giveUp = (error: VercelRequestError): AttemptVerdict<never> => {
      error.retriedUnanswered = failures > 0;
      return { fail: error };
    };
    return runAttempts<Awaited<ReturnType<typeof attempt>>, T>({
      send: () => attempt(method, url.href, body),
      answered: ({ status, data, headers }) => {
        if (status < 400) return { done: data as T };
        const error = (data as { error?: { code?: unknown; message?: unknown; invalidToken?: unknown } } | undefined)?.error;
        const code = typeof error?.code === 'string' ? error.code : '';
        const reason = scrub(typeof error?.message === 'string' ? error.message : '');
        if (status === 429) {
          const waitMs = rateLimitWaitMs((name) => headers.get(name), runtime.now(), { seconds: 'decimal', reset: 'x-ratelimit-reset', remaining: 'x-ratelimit-remaining' }) ?? 60_000;
          if (limits++ < rateLimitRetries && waitMs <= maxRateLimitWaitMs) {
            notifyHook(settings.log, `Vercel rate limit reached (${method} ${path}): waiting ${Math.ceil(waitMs / 1000)} s until it resets, then trying again`);
            return { retryInMs: waitMs };
          }
          return giveUp(new VercelRequestError(`Vercel answered 429 (rate limit: it resets in ${Math.ceil(waitMs / 1000)} s)`, status, code, reason));
        }
        if (status >= 500 && failures++ < retries) return { retryInMs: 1000 * 2 ** (failures - 1) };
        return giveUp(new VercelRequestError(`Vercel answered ${status}${reason ? `: "${reason}"` : ''}`, status, code, reason, error?.invalidToken === true));
      },
      failed: (error) => (failures++ < retries ? { retryInMs: 1000 * 2 ** (failures - 1) } : { fail: error }),
      wait: (ms) => runtime.sleep(ms),
    });
  }

  return { apiUrl, deploy: { timeoutMs: access.deployTimeoutMs ?? 20 * 60_000, pollMs: access.deployPollMs ?? 5_000 }, runtime, request };
}
