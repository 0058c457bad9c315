// Each service keyturn talks to, as its documentation says it asks a client to wait: the rules
// rateLimitWait reads (retry-after.ts). A service's habits are rows here, not code in its client.
import type { RateLimitRules } from './retry-after.js';

/** The wait GitHub, GitLab and Vercel advise when a rate-limited answer names none. */
const A_MINUTE_MS = 60_000;

/** How each service asks to be waited for, by name: `rateLimitWait(header, now, RATE_LIMIT_RULES.gitlab)`. */
export const RATE_LIMIT_RULES = {
  /**
   * The platform (DESIGN: a 429 "may or may not" send `Retry-After`): no reset header, and no advice,
   * so the client backs off as for any transient failure. Its client has always read "1.5" as 1.5 s.
   */
  platform: { fractionalSeconds: true },
  /**
   * GitHub: `retry-after` seconds, else once `x-ratelimit-remaining` is 0 until `x-ratelimit-reset`
   * (epoch seconds; a second past it, so the next attempt lands in the new window), else "at least
   * one minute". https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit
   */
  github: {
    reset: 'x-ratelimit-reset',
    remaining: 'x-ratelimit-remaining',
    afterResetMs: 1000,
    unsaidMs: A_MINUTE_MS,
    wholeSeconds: { min: 0 },
  },
  /**
   * GitLab: `Retry-After` seconds, else `RateLimit-Reset` (a Unix time; `RateLimit-ResetTime` says the
   * same as a date), sent whatever `RateLimit-Remaining` says. https://docs.gitlab.com/security/rate_limits/
   * https://docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom
   */
  gitlab: { reset: 'ratelimit-reset', unsaidMs: A_MINUTE_MS, wholeSeconds: { min: 1 } },
  /** Vercel: `X-RateLimit-Reset` (epoch seconds) once `X-RateLimit-Remaining` is 0. https://vercel.com/docs/rest-api/errors */
  vercel: { reset: 'x-ratelimit-reset', remaining: 'x-ratelimit-remaining', unsaidMs: A_MINUTE_MS },
} as const satisfies Record<string, RateLimitRules>;
