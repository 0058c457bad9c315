// GitLab's rate limits: with limiting on, every answer carries the `RateLimit-*` headers
// (RateLimit-Limit, -Name, -Observed, -Remaining, -Reset as a Unix time, -ResetTime as an HTTP date);
// past the limit it answers 429 with `Retry-After` and the plain-text body `Retry later` (Rack::Attack's
// throttled response, Gitlab::Throttle::DEFAULT_RATE_LIMITING_RESPONSE_TEXT), not JSON.
// https://docs.gitlab.com/security/rate_limits/  https://docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom

import type { FaultSpec } from '../core/faults.js';
import type { EmulatorReply } from '../core/http-server.js';

const NAME = 'throttle_authenticated_api';
/** GitLab's throttled answer: the settings' text (this default) and a line break, as text/plain. */
export const RATE_LIMITED_TEXT = 'Retry later\n';

/** What the budget says of one request: the headers of its answer, and the 429 when it is refused. */
export interface BudgetAnswer {
  headers: Record<string, string>;
  refusal?: EmulatorReply;
}

/** `limit` requests a minute for the whole emulator (GitLab.com allows 2,000 authenticated API requests a minute). */
export class MinuteBudget {
  #used = 0;
  #windowStart = 0;

  constructor(
    readonly limit: number,
    private readonly clock: () => number,
  ) {}

  /** Counts one request: the RateLimit-* headers of its answer, and the 429 once the minute's budget is spent. */
  consume(): BudgetAnswer {
    const now = this.clock();
    if (now - this.#windowStart >= 60_000) {
      this.#windowStart = now - (now % 60_000);
      this.#used = 0;
    }
    this.#used += 1;
    const resetAt = Math.ceil((this.#windowStart + 60_000) / 1000);
    if (this.#used <= this.limit) return { headers: rateLimitHeaders(this.limit, this.#used, resetAt) };
    const refusal = rateLimitReply(this.limit, this.#used, resetAt, Math.max(1, resetAt - Math.floor(now / 1000)));
    return { headers: refusal.headers ?? {}, refusal };
  }
}

/** GitLab's 429: its plain-text body and every header it sends with one. */
export function rateLimitReply(limit: number, observed: number, resetAt: number, retryAfter: number): EmulatorReply {
  const headers = { 'content-type': 'text/plain', 'retry-after': String(retryAfter), ...rateLimitHeaders(limit, observed, resetAt) };
  return { status: 429, text: RATE_LIMITED_TEXT, headers };
}

function rateLimitHeaders(limit: number, observed: number, resetAt: number): Record<string, string> {
  return {
    'ratelimit-name': NAME,
    'ratelimit-limit': String(limit),
    'ratelimit-observed': String(observed),
    'ratelimit-remaining': String(Math.max(0, limit - observed)),
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
  return { kind: 'status', status: 429, text: reply.text, headers: reply.headers, ...match };
}
