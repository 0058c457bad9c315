// GitHub's rate limits, recognised by status and headers whatever the message says: github.com
// words them "secondary rate limit", older GitHub Enterprise Server "abuse detection mechanism", a
// proxy or a new version may send a bare 429. GitHub's own rule: wait `retry-after` seconds when
// sent, else until `x-ratelimit-reset` when `x-ratelimit-remaining` is 0, else at least a minute.
// https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit

import type { Octokit } from '@octokit/rest';
import { RATE_LIMIT_RULES, rateLimitWait, runAttempts } from '@keyturn/api/toolkit';

/** What a request that hit a rate limit was told to do. */
export interface RateLimit {
  status: number;
  /** Seconds to wait before the next request. */
  waitSeconds: number;
}

/** How the client dealt with a rate limit it gave up on: set on the error it throws. */
export interface RateLimitOutcome extends RateLimit {
  /** How many times the request was already retried after waiting. */
  retries: number;
  /** Why it stopped: out of retries, or asked to wait longer than the client will. */
  gaveUp: 'retries' | 'too-long';
}

interface HttpFailure {
  status?: number;
  response?: { status?: number; headers?: Record<string, string | number | undefined>; data?: unknown };
  rateLimit?: RateLimitOutcome;
}

const LIMIT_WORDS = /rate limit|abuse detection|too many requests/i;

/** The rate limit an Octokit error reports, or undefined when it is something else (a 403 of permissions). */
export function rateLimitOf(error: unknown): RateLimit | undefined {
  const failure = (error ?? {}) as HttpFailure;
  const status = failure.response?.status ?? failure.status;
  if (status !== 403 && status !== 429) return undefined;
  const headers = failure.response?.headers ?? {};
  const header = (name: string) => (headers[name] === undefined ? undefined : String(headers[name]));
  // GitHub's clock, not the runner's: a runner clock off by a day must not turn a reset into a day's wait.
  const wait = rateLimitWait(header, Date.now(), RATE_LIMIT_RULES.github);
  // A 403 that names no wait is a rate limit only when it is a 429 or says so (else: a permission).
  if (!wait || (!wait.said && status !== 429 && !LIMIT_WORDS.test(messageOf(failure.response?.data)))) return undefined;
  return { status, waitSeconds: wait.ms / 1000 };
}

/** The outcome the client attached to a rate-limited error it gave up on. */
export function rateLimitOutcomeOf(error: unknown): RateLimitOutcome | undefined {
  return (error as HttpFailure | undefined)?.rateLimit;
}

function messageOf(data: unknown): string {
  if (typeof data === 'string') return data;
  const message = (data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

export interface RateLimitWaits {
  /** Waits per request before giving up. */
  retries: number;
  /** A longer wait than this is not waited: the run fails and says when to run again. */
  maxWaitSeconds: number;
  /** Milliseconds per second of wait (tests make it small). */
  msPerSecond: number;
  log: (line: string) => void;
  /** Waits `ms` (the runtime's sleep, stopped by the run's signal). */
  sleep: (ms: number) => Promise<void>;
}

/**
 * Waits out the rate limits (rateLimitOf) of every request of `octokit` and retries, a bounded
 * number of times; the error of a request it gives up on carries `rateLimit` (RateLimitOutcome),
 * so the message can say what happened.
 */
export function waitOutRateLimits(octokit: Pick<Octokit, 'hook'>, waits: RateLimitWaits): void {
  octokit.hook.wrap('request', (request, options) => {
    const what = `${options.method ?? 'GET'} ${options.url ?? ''}`;
    return runAttempts({
      // The hook below answers a promise (a native one: Promise.resolve hands it back as it is).
      send: () => Promise.resolve(request(options)),
      answered: (response) => ({ done: response }),
      failed: (error, attempt) => {
        const limit = rateLimitOf(error);
        if (!limit) return { fail: error };
        const retries = attempt - 1;
        const gaveUp = limit.waitSeconds > waits.maxWaitSeconds ? 'too-long' : retries >= waits.retries ? 'retries' : undefined;
        if (gaveUp) {
          if (error && typeof error === 'object') (error as HttpFailure).rateLimit = { ...limit, retries, gaveUp };
          waits.log(
            `GitHub rate limit (${limit.status}) on ${what}: not retried again ` +
              `(${describeGiveUp({ ...limit, retries, gaveUp }, waits.maxWaitSeconds)})`,
          );
          return { fail: error };
        }
        waits.log(
          `GitHub rate limit (${limit.status}) on ${what}: waiting ${limit.waitSeconds}s, then retry ${retries + 1} of ${waits.retries}`,
        );
        return { retryInMs: limit.waitSeconds * waits.msPerSecond };
      },
      wait: (ms) => waits.sleep(ms),
    });
  });
}

/** Why a rate-limited request was not retried again, in words that match what happened. */
export function describeGiveUp(outcome: RateLimitOutcome, maxWaitSeconds?: number): string {
  if (outcome.gaveUp === 'too-long') {
    const limit = maxWaitSeconds === undefined ? '' : ` (this run waits at most ${maxWaitSeconds}s)`;
    const tried = outcome.retries ? `after ${outcome.retries} wait${outcome.retries > 1 ? 's' : ''}, ` : '';
    return `${tried}GitHub asked to wait ${outcome.waitSeconds}s${limit}`;
  }
  return `still limited after waiting it out ${outcome.retries} time${outcome.retries === 1 ? '' : 's'}`;
}
