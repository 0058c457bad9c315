// A small client of a service's JSON REST API, as the GitLab and Vercel clients run it: a token in a
// header, a timeout per attempt, 5xx answers and dropped connections retried (1 s, 2 s, 4 s...), and
// rate limits (429) waited out a bounded number of times as the service asks (RATE_LIMIT_RULES), on
// the attempt loop every keyturn client shares. A service is data (RestService), not another loop.

import { KeyturnError } from '@keyturn/api';
import { linkSignals, notifyHook, type RateLimitRules, rateLimitWait, type Runtime, runAttempts } from '@keyturn/api/toolkit';
import { systemRuntime } from '@keyturn/api/toolkit';

/** How to reach the service: its access option (`gitlab`, `vercel`; GitHub's client takes the same, its API root as `baseUrl`). */
export interface RestAccess {
  token: string;
  /** The API root; each service has its default. */
  apiUrl?: string;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** Retries of 5xx answers and dropped connections, default 3. */
  retries?: number;
  /** Retries of a rate-limited request (GitHub: its primary or secondary limit), default 3. */
  rateLimitRetries?: number;
  /** A rate limit that resets later than this is not waited for, default 120 000 ms (2 minutes). */
  maxRateLimitWaitMs?: number;
  /** Default: the global fetch (a proxy agent or a test's fetch goes here). */
  fetch?: typeof fetch;
}

/** What the client needs beyond the access: the run's clock and log. */
export interface RestClientSettings {
  runtime?: Runtime;
  /** One line per rate-limit wait; what it throws is ignored. */
  log?: (line: string) => void;
}

/** One answer, any status (`data`: parseBody). */
export interface RestAnswer {
  status: number;
  data: unknown;
  headers: Headers;
}

/** What a refusal's body says: the service's words, and whether it calls the token itself invalid (Vercel's `invalidToken`). */
export interface Refusal {
  reason: string;
  invalidToken?: boolean;
}

/** A request the service refused or that got no answer; its message never holds the token or a value. */
export class RestRequestError extends KeyturnError {
  /** The service's status (undefined when no answer came), and what it said, scrubbed of the token. */
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly reason: string,
    readonly invalidToken = false,
  ) {
    super(message);
  }

  /** An earlier attempt of the request got no answer or a 5xx: a write may have landed, whatever this answer says. */
  retriedUnanswered = false;
}

/** One service: where it is, how it takes the token, reads its answers and words a wait. */
export interface RestService {
  /** Its name in messages ("GitLab"). */
  name: string;
  /** The API root, without a trailing slash. */
  apiUrl: string;
  credential: Record<string, string>;
  rateLimits: RateLimitRules;
  /** Why the client waits, in its log line ("as GitLab asks"). */
  waitWords: string;
  /** Reads a refusal's body (JSON, or the text of one that is not). */
  refusalOf(data: unknown): Refusal;
  Error: typeof RestRequestError;
}

export interface RestRequest {
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
  /** One attempt, never retried: a lease's release, whose retry after a lost answer could delete the next holder's lease. */
  once?: boolean;
}

/** One request with its retries and rate-limit waits: an answer below 400 resolves, any other rejects with the service's error. */
export type RestSend = (method: string, path: string, options?: RestRequest) => Promise<RestAnswer>;

/** The requests of one service's client (`RestSend`). */
export function restRequests(service: RestService, access: RestAccess, settings: RestClientSettings): RestSend {
  const { token, timeoutMs = 30_000, retries = 3, rateLimitRetries = 3, maxRateLimitWaitMs = 120_000, fetch: doFetch = fetch } = access;
  const { runtime = systemRuntime, log } = settings;

  const attempt = async (method: string, url: string, body: string | undefined): Promise<RestAnswer> => {
    const linked = linkSignals([], timeoutMs);
    try {
      const headers = { ...service.credential, accept: 'application/json', ...(body && { 'content-type': 'application/json' }) };
      const response = await doFetch(url, { method, headers, body, signal: linked.signal });
      const text = await response.text();
      return { status: response.status, data: parseBody(text), headers: response.headers };
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name ?? 'network error';
      throw new service.Error(linked.timedOut() ? `no answer within ${timeoutMs} ms` : `no answer (${code})`, undefined, '');
    } finally {
      linked.dispose();
    }
  };

  return (method, path, options = {}) => {
    const url = new URL(`${service.apiUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // The attempts that got no answer or a 5xx (any of them may have landed), and the rate limits waited out.
    let failures = 0;
    let limits = 0;
    const tries = options.once ? 0 : retries;
    const refuse = (answer: RestAnswer, rateLimitSeconds?: number) => {
      const { reason: said, invalidToken } = service.refusalOf(answer.data);
      const reason = said.split(token).join('[redacted]');
      const words = rateLimitSeconds === undefined ? (reason ? `: "${reason}"` : '') : ` (rate limit: try again in ${rateLimitSeconds} s)`;
      const error = new service.Error(`${service.name} answered ${answer.status}${words}`, answer.status, reason, invalidToken);
      error.retriedUnanswered = failures > 0;
      return { fail: error };
    };
    return runAttempts<RestAnswer, RestAnswer>({
      send: () => attempt(method, url.href, body),
      answered: (answer) => {
        const { status } = answer;
        if (status < 400) return { done: answer };
        if (status === 429) {
          // The rules of a client's service always advise a wait (`unsaidMs`).
          const waitMs = rateLimitWait((name) => answer.headers.get(name), runtime.now(), service.rateLimits)?.ms ?? 0;
          if (limits++ >= rateLimitRetries || waitMs > maxRateLimitWaitMs) return refuse(answer, Math.ceil(waitMs / 1000));
          const waiting = `waiting ${Math.ceil(waitMs / 1000)} s ${service.waitWords}, then trying again`;
          notifyHook(log, `${service.name} rate limit reached (${method} ${path}): ${waiting}`);
          return { retryInMs: waitMs };
        }
        return status >= 500 && failures++ < tries ? { retryInMs: backoffMs(failures) } : refuse(answer);
      },
      failed: (error) => (failures++ < tries ? { retryInMs: backoffMs(failures) } : { fail: error }),
      wait: (ms) => runtime.sleep(ms),
    });
  };
}

/** The JSON body; undefined when empty, its text when not JSON (GitLab's plain-text refusals). */
function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** 1 s, 2 s, 4 s... between retries of a failure. */
function backoffMs(failures: number): number {
  return 1000 * 2 ** (failures - 1);
}
