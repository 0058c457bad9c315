// How long a server asks a client to wait, read one way for every keyturn client. `Retry-After` is
// RFC 9110's (§10.2.3, https://www.rfc-editor.org/rfc/rfc9110#field.retry-after): delay-seconds
// (`1*DIGIT`) or an HTTP-date, whose three forms all name a day and a month; a limit's reset is a
// Unix time in seconds, read by the server's own clock (its `Date`). What differs between services
// is data: each one's RateLimitRules (rate-limit-rules.ts), not another parser.

/** What a service's answers say about waiting, and how its client rounds the wait. */
export interface RateLimitRules {
  /** `Retry-After` may carry a fraction of a second ("1.5"); RFC 9110 sends whole seconds only. */
  fractionalSeconds?: boolean;
  /** The header of the limit's reset, a Unix time in seconds. */
  reset?: string;
  /** When given, the reset counts only once this header says no request is left (`0`). */
  remaining?: string;
  /** Added to a wait until the reset, so the next attempt lands after it (GitHub asks for a second). */
  afterResetMs?: number;
  /** The wait when an answer says none (the service's documented advice). */
  unsaidMs?: number;
  /** The client waits whole seconds, rounded up, and at least `min` of them. */
  wholeSeconds?: { min: number };
}

/** How long a rate-limited answer asks to wait; `said` is false when it named no wait (`unsaidMs`). */
export interface RateLimitWait {
  ms: number;
  said: boolean;
}

type HeaderReader = (name: string) => string | null | undefined;

const DELAY_SECONDS = /^\d+$/;
const FRACTIONAL_SECONDS = /^\d+(\.\d+)?$/;

/**
 * Milliseconds a `Retry-After` asks to wait, or undefined when it is absent or unreadable; a date
 * in the past is no wait. Date.parse alone would read bare numbers ("-1", "1.5") as years.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number, rules: RateLimitRules): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if ((rules.fractionalSeconds ? FRACTIONAL_SECONDS : DELAY_SECONDS).test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * How long a rate-limited answer asks to wait, by the server's clock (its `Date`, else `nowMs`):
 * its `Retry-After`, else until the reset of the limit, else the service's `unsaidMs`; undefined
 * when it says none and the service has no advice. `header` reads one header by its lower-case name.
 */
export function rateLimitWait(header: HeaderReader, nowMs: number, rules: RateLimitRules): RateLimitWait | undefined {
  const asked = askedWaitMs(header, nowMs, rules);
  const ms = asked ?? rules.unsaidMs;
  if (ms === undefined) return undefined;
  const rounded = rules.wholeSeconds ? Math.max(rules.wholeSeconds.min, Math.ceil(ms / 1000)) * 1000 : ms;
  return { ms: rounded, said: asked !== undefined };
}

function askedWaitMs(header: HeaderReader, nowMs: number, rules: RateLimitRules): number | undefined {
  const date = Date.parse(header('date') ?? '');
  const now = Number.isNaN(date) ? nowMs : date;
  const retryAfter = parseRetryAfter(header('retry-after'), now, rules);
  if (retryAfter !== undefined || rules.reset === undefined) return retryAfter;
  if (rules.remaining !== undefined && header(rules.remaining) !== '0') return undefined;
  const reset = Number(header(rules.reset));
  if (!Number.isFinite(reset) || reset <= 0) return undefined;
  return Math.max(0, reset * 1000 - now) + (rules.afterResetMs ?? 0);
}
