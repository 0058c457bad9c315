// GitLab's rate limits: past a limit it answers 429 with `Retry-After` and the `RateLimit-*` headers
// (RateLimit-Limit, -Name, -Observed, -Remaining, -Reset as a Unix time, -ResetTime as an HTTP date).
// https://docs.gitlab.com/security/rate_limits/  https://docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom

import type { FaultSpec } from '../core/faults.js';
import type { EmulatorReply } from '../core/http-server.js';
import { gitlabErrorReply } from './gitlab-error.js';

const NAME = 'throttle_authenticated_api';

/** `limit` requests a minute for the whole emulator (GitLab.com allows 2,000 authenticated API requests a minute). */
export class MinuteBudget {
  #used = 0;
  #windowStart = 0;

  constructor(
    readonly limit: number,
    private readonly clock: () => number,
  ) {}

  /** Counts one request; the 429 to answer when the minute's budget is spent. */
  consume(): EmulatorReply | undefined {
    const now = this.clock();
    if (now - this.#windowStart >= 60_000) {
      this.#windowStart = now - (now % 60_000);
      this.#used = 0;
    }
    this.#used += 1;
    if (this.#used <= this.limit) return undefined;
    const resetAt = Math.ceil((this.#windowStart + 60_000) / 1000);
    return rateLimitReply(this.limit, this.#used, resetAt, Math.max(1, resetAt - Math.floor(now / 1000)));
  }
}

/** GitLab's 429: its plain message and every header it sends with one. */
export function rateLimitReply(limit: number, observed: number, resetAt: number, retryAfter: number): EmulatorReply {
  return { ...gitlabErrorReply(429, 'Retry later'), headers: rateLimitHeaders(limit, observed, resetAt, retryAfter) };
}

function rateLimitHeaders(limit: number, observed: number, resetAt: number, retryAfter: number): Record<string, string> {
  return {
    'retry-after': String(retryAfter),
    'ratelimit-name': NAME,
    'ratelimit-limit': String(limit),
    'ratelimit-observed': String(observed),
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(resetAt),
    'ratelimit-resettime': new Date(resetAt * 1000).toUTCString(),
  };
}

export interface GitLabRateLimitFaultOptions {
  /** Seconds GitLab asks to wait (`Retry-After`, and the reset that far ahead). */
  retryAfter: number;
  method?: string;
  path?: string;
  times?: number | 'always';
}

/** A fault that answers GitLab's 429 with its headers, `retryAfter` seconds from `now`. */
export function gitlabRateLimitFault(options: GitLabRateLimitFaultOptions, now: () => number): FaultSpec {
  const resetAt = Math.ceil(now() / 1000) + options.retryAfter;
  const reply = rateLimitReply(2000, 2001, resetAt, options.retryAfter);
  const { retryAfter: _, ...match } = options;
  return { kind: 'status', status: 429, body: reply.body, headers: reply.headers, ...match };
}
