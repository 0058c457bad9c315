// How long a server asks a client to wait, for every keyturn client: `Retry-After`, a number of
// seconds or an HTTP date (RFC 9110 §10.2.3, https://www.rfc-editor.org/rfc/rfc9110#field.retry-after),
// and the reset of a spent rate limit (GitHub's `x-ratelimit-reset`, GitLab's `RateLimit-Reset`: a
// Unix time), read by the server's own clock when it sends its `Date`.

/**
 * How a client reads `Retry-After`: `decimal` (the platform client) takes seconds with a fraction
 * and a date only in words, as Date.parse reads bare numbers such as "-1" as years; `whole` (the
 * GitHub and GitLab clients) takes whole seconds, and anything else Date.parse reads ("1.5" is a day
 * in 2001, so no wait).
 */
export type RetryAfterSeconds = 'decimal' | 'whole';

/** Milliseconds to wait, or undefined when the header is absent or unreadable; a date in the past is no wait. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number, seconds: RetryAfterSeconds = 'decimal'): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  if ((seconds === 'decimal' ? /^\s*\d+(\.\d+)?\s*$/ : /^\s*\d+\s*$/).test(value)) return Math.round(Number(value) * 1000);
  if (seconds === 'decimal' && !/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(seconds === 'decimal' ? value.trim() : value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Where a service says how long its rate limit lasts. */
export interface RateLimitHeaders {
  /** How `Retry-After` is read. */
  seconds: RetryAfterSeconds;
  /** The header of the limit's reset, a Unix time in seconds. */
  reset: string;
  /** When given, the reset counts only once this header says no request is left (`0`). */
  remaining?: string;
  /** Added to a wait until the reset, so the next attempt lands after it (GitHub asks for a second). */
  afterResetMs?: number;
}

/**
 * How long a rate-limited answer asks to wait, in milliseconds by the server's clock (its `Date`,
 * else `nowMs`): its `Retry-After`, else until the reset of the limit; undefined when it says neither.
 * `header` reads one header by its lower-case name.
 */
export function rateLimitWaitMs(header: (name: string) => string | null | undefined, nowMs: number, rules: RateLimitHeaders): number | undefined {
  const date = Date.parse(header('date') ?? '');
  const now = Number.isNaN(date) ? nowMs : date;
  const retryAfter = parseRetryAfter(header('retry-after'), now, rules.seconds);
  if (retryAfter !== undefined) return retryAfter;
  const reset = Number(header(rules.reset));
  if (rules.remaining !== undefined && header(rules.remaining) !== '0') return undefined;
  if (!Number.isFinite(reset) || reset <= 0) return undefined;
  return Math.max(0, reset * 1000 - now) + (rules.afterResetMs ?? 0);
}
