// The primary rate limit budget behind the `x-ratelimit-*` headers, and the faults that play
// GitHub's primary and secondary rate limits.
// https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api

import type { FaultSpec } from '../core/faults.js';
import { githubErrorReply } from './github-error.js';

const LIMITS_DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';
const SECONDARY_LIMIT_MESSAGE = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
export const PRIMARY_LIMIT_MESSAGE = 'API rate limit exceeded for user ID 1.';

/** One budget for the whole emulator: `limit` requests per window, like a token's hourly 5000. */
export class RateBudget {
  #used = 0;
  #resetAt = 0;

  constructor(
    readonly limit = 5000,
    readonly windowSeconds = 3600,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request; false when the budget was already spent. */
  consume(): boolean {
    this.#roll();
    if (this.#used >= this.limit) return false;
    this.#used += 1;
    return true;
  }

  headers(): Record<string, string> {
    this.#roll();
    return rateHeaders(this.limit, this.#used, this.#resetAt);
  }

  #roll(): void {
    const now = Math.floor(this.clock() / 1000);
    if (now >= this.#resetAt) {
      this.#used = 0;
      this.#resetAt = now + this.windowSeconds;
    }
  }
}

function rateHeaders(limit: number, used: number, resetAt: number): Record<string, string> {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(Math.max(limit - used, 0)),
    'x-ratelimit-reset': String(resetAt),
    'x-ratelimit-used': String(used),
    'x-ratelimit-resource': 'core',
  };
}

/** The reply GitHub sends once the primary budget is spent. */
function primaryLimitBody(status = 403): unknown {
  return githubErrorReply(status, PRIMARY_LIMIT_MESSAGE, `${LIMITS_DOCS}#about-the-primary-rate-limit`).body;
}

export interface RateLimitFaultOptions {
  /** How many matching requests are limited (1 by default, or 'always'). */
  times?: number | 'always';
  method?: string;
  /** Path pattern, as for any fault (`/repos/*\/*\/actions/secrets/*`). */
  path?: string;
  /** 403 by default; GitHub also answers 429. */
  status?: 403 | 429;
}

/**
 * A secondary rate limit: 403 with `retry-after` and GitHub's message (Octokit's throttling plugin
 * recognises it by the words "secondary rate").
 */
export function secondaryRateLimitFault(options: RateLimitFaultOptions & { retryAfter: number }): FaultSpec {
  return {
    kind: 'status',
    status: options.status ?? 403,
    retryAfter: options.retryAfter,
    body: githubErrorReply(options.status ?? 403, SECONDARY_LIMIT_MESSAGE, `${LIMITS_DOCS}#about-secondary-rate-limits`).body,
    ...matching(options),
  };
}

/** The primary rate limit spent: `x-ratelimit-remaining: 0` and a reset `resetInSeconds` from now (60). */
export function primaryRateLimitFault(
  options: RateLimitFaultOptions & { resetInSeconds?: number } = {},
  clock: () => number = Date.now,
): FaultSpec {
  const resetAt = Math.floor(clock() / 1000) + (options.resetInSeconds ?? 60);
  return {
    kind: 'status',
    status: options.status ?? 403,
    body: primaryLimitBody(options.status ?? 403),
    headers: rateHeaders(5000, 5000, resetAt),
    ...matching(options),
  };
}

function matching(options: RateLimitFaultOptions): Pick<FaultSpec, 'times' | 'method' | 'path'> {
  return {
    ...(options.times !== undefined && { times: options.times }),
    ...(options.method !== undefined && { method: options.method }),
    ...(options.path !== undefined && { path: options.path }),
  };
}
