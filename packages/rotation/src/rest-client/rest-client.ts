// A small client of a service's JSON REST API, as the GitLab and Vercel clients run it: a token in a
// header, JSON in and out, a timeout per attempt, 5xx answers and dropped connections retried (1 s,
// 2 s, 4 s...), and rate limits (429) waited out a bounded number of times as the service asks
// (RATE_LIMIT_RULES), on the attempt loop every keyturn client shares. A service differs only in
// its data (RestService): its header, its rules, its words and its error class.

import { KeyturnError } from '@keyturn/api';
import {
  type AttemptVerdict,
  linkSignals,
  notifyHook,
  type RateLimitRules,
  rateLimitWait,
  type Runtime,
  runAttempts,
} from '@keyturn/api/toolkit';

/** The limits every such client takes in its access option (`gitlab`, `vercel`). */
export interface RestAccess {
  token: string;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** Retries of 5xx answers and dropped connections, default 3. */
  retries?: number;
  /** Retries of a rate-limited request, default 3. */
  rateLimitRetries?: number;
  /** A rate limit that resets later than this is not waited for, default 120 000 ms. */
  maxRateLimitWaitMs?: number;
  /** Default: the global fetch (a proxy agent or a test's fetch goes here). */
  fetch?: typeof fetch;
}

/** One answer of the service, any status. */
export interface RestAnswer {
  status: number;
  /** The JSON body; undefined when empty, and when not JSON unless the service keeps its text. */
  data: unknown;
  headers: Headers;
}

/** A request the service refused or that got no answer; its message never holds the token or a value. */
export class RestRequestError extends KeyturnError {
  constructor(
    message: string,
    /** The service's status; undefined when no answer came. */
    readonly status: number | undefined,
    /** What the service said, scrubbed of the token. */
    readonly reason: string,
  ) {
    super(message);
  }

  /** An earlier attempt of the request got no answer or a 5xx: a write may have landed, whatever this answer says. */
  retriedUnanswered = false;
}

/** What makes one service's client: its API root, how it reads and words its answers. */
export interface RestService<E extends RestRequestError> {
  /** The service's name in log lines ("GitLab"). */
  name: string;
  /** The API root, without a trailing slash. */
  apiUrl: string;
  /** The headers that carry the token. */
  credential: Record<string, string>;
  /** A body that is not JSON is kept as text (GitLab's plain-text refusals), else dropped. */
  keepText: boolean;
  rateLimits: RateLimitRules;
  /** How the log line says why the client waits a rate limit out ("as GitLab asks"). */
  waitWords: string;
  /** The error of an answer at or above 400; `limitedMs`: a rate limit not waited out, and its wait. */
  refused(answer: RestAnswer, scrub: (text: string) => string, limitedMs?: number): E;
  /** The error of an attempt that got no answer (`why`: a timeout, or the network's code). */
  unanswered(why: string): E;
}

export interface RestRequest {
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
}

/** Sends one request with its retries and rate-limit waits; answers below 400 resolve. */
export type RestSend = (method: string, path: string, options?: RestRequest) => Promise<RestAnswer>;

/** The client's settings beyond the access: the run's clock and log. */
export interface RestClientSettings {
  runtime: Runtime;
  /** One line per rate-limit wait; what it throws is ignored. */
  log?: (line: string) => void;
}

/** The requests of one service's client: every attempt, wait and give-up of `RestSend`. */
export function restRequests<E extends RestRequestError>(
  service: RestService<E>,
  access: RestAccess,
  settings: RestClientSettings,
): RestSend {
  const { token, timeoutMs = 30_000, retries = 3, rateLimitRetries = 3, maxRateLimitWaitMs = 120_000 } = access;
  const { runtime } = settings;
  const doFetch = access.fetch ?? fetch;
  const scrub = (text: string) => text.split(token).join('[redacted]');

  const attempt = async (method: string, url: string, body: string | undefined): Promise<RestAnswer> => {
    const linked = linkSignals([], timeoutMs);
    try {
      const headers = { ...service.credential, accept: 'application/json', ...(body && { 'content-type': 'application/json' }) };
      const response = await doFetch(url, { method, headers, body, signal: linked.signal });
      const text = await response.text();
      return { status: response.status, data: parseBody(text, service.keepText), headers: response.headers };
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name ?? 'network error';
      throw service.unanswered(linked.timedOut() ? `no answer within ${timeoutMs} ms` : `no answer (${code})`);
    } finally {
      linked.dispose();
    }
  };

  return (method, path, options = {}) => {
    const url = new URL(`${service.apiUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // The attempts that got no answer or a 5xx (any of them may have landed), and the rate limits waited out.
    let failures = 0;
    let limits = 0;
    const giveUp = (error: E): AttemptVerdict<never> => {
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
          if (limits++ < rateLimitRetries && waitMs <= maxRateLimitWaitMs) {
            const waiting = `waiting ${Math.ceil(waitMs / 1000)} s ${service.waitWords}, then trying again`;
            notifyHook(settings.log, `${service.name} rate limit reached (${method} ${path}): ${waiting}`);
            return { retryInMs: waitMs };
          }
          return giveUp(service.refused(answer, scrub, waitMs));
        }
        if (status >= 500 && failures++ < retries) return { retryInMs: backoffMs(failures) };
        return giveUp(service.refused(answer, scrub));
      },
      failed: (error) => (failures++ < retries ? { retryInMs: backoffMs(failures) } : { fail: error }),
      wait: (ms) => runtime.sleep(ms),
    });
  };
}

function parseBody(text: string, keepText: boolean): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return keepText ? text : undefined;
  }
}

/** 1 s, 2 s, 4 s... between retries of a failure. */
function backoffMs(failures: number): number {
  return 1000 * 2 ** (failures - 1);
}
