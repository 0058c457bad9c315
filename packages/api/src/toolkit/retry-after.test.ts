import { describe, expect, it } from 'vitest';
import { parseRetryAfter, rateLimitWait } from './retry-after.js';

const now = Date.parse('2025-03-01T12:00:00Z');
const whole = {};
const fractional = { fractionalSeconds: true };

describe('parseRetryAfter', () => {
  it('reads delay-seconds, whitespace around them ignored', () => {
    for (const rules of [whole, fractional]) {
      expect(parseRetryAfter('0', now, rules)).toBe(0);
      expect(parseRetryAfter('7', now, rules)).toBe(7000);
      expect(parseRetryAfter(' 120 ', now, rules)).toBe(120_000);
    }
  });

  it('reads a fraction of a second only where the rules allow one (RFC 9110 has whole seconds)', () => {
    expect(parseRetryAfter('1.5', now, fractional)).toBe(1500);
    expect(parseRetryAfter('1.5', now, whole)).toBeUndefined();
  });

  it("reads RFC 9110's three HTTP-date forms relative to now", () => {
    for (const rules of [whole, fractional]) {
      expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', now, rules)).toBe(30_000);
      expect(parseRetryAfter('Saturday, 01-Mar-25 12:01:00 GMT', now, rules)).toBe(60_000);
      expect(parseRetryAfter('Sat Mar  1 12:02:00 2025', now, rules)).toBe(120_000);
    }
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now, whole)).toBe(0);
  });

  it.each([null, undefined, '', ' ', 'soon', '-5', '-1', '1e3', '0x10', 'Mon, 99 Foo 2025'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now, whole)).toBeUndefined();
    expect(parseRetryAfter(value, now, fractional)).toBeUndefined();
  });
});

describe('rateLimitWait', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  const date = new Date(now).toUTCString();
  const reset = String(now / 1000 + 42);

  it("takes Retry-After first, by the server's clock when it sends its Date", () => {
    const rules = { reset: 'ratelimit-reset' };
    expect(rateLimitWait(headers({ 'retry-after': '7', 'ratelimit-reset': reset }), now, rules)).toEqual({ ms: 7000, said: true });
    const dated = headers({ 'retry-after': 'Sat, 01 Mar 2025 12:00:30 GMT', date });
    expect(rateLimitWait(dated, now + 86_400_000, rules)).toEqual({ ms: 30_000, said: true });
  });

  it("else waits until the reset, by the server's clock, once `remaining` says 0 where the rules name it", () => {
    expect(rateLimitWait(headers({ 'ratelimit-reset': reset, date }), now + 86_400_000, { reset: 'ratelimit-reset' })?.ms).toBe(42_000);
    const counted = { reset: 'x-reset', remaining: 'x-left', afterResetMs: 1000 };
    expect(rateLimitWait(headers({ 'x-reset': reset, 'x-left': '0', date }), now, counted)?.ms).toBe(43_000);
    expect(rateLimitWait(headers({ 'x-reset': reset, 'x-left': '3', date }), now, counted)).toBeUndefined();
    expect(rateLimitWait(headers({ 'x-reset': 'soon', 'x-left': '0', date }), now, counted)).toBeUndefined();
  });

  it("else the service's advice, marked as not said; else nothing", () => {
    expect(rateLimitWait(headers({}), now, { reset: 'ratelimit-reset', unsaidMs: 60_000 })).toEqual({ ms: 60_000, said: false });
    expect(rateLimitWait(headers({ 'retry-after': 'soon' }), now, { reset: 'ratelimit-reset' })).toBeUndefined();
    expect(rateLimitWait(headers({}), now, {})).toBeUndefined();
  });

  it('rounds up to whole seconds, at least the minimum, where the rules ask', () => {
    const inDate = (ms: number) => headers({ 'retry-after': new Date(now + ms).toUTCString(), date });
    expect(rateLimitWait(headers({ 'retry-after': '1.2' }), now, { fractionalSeconds: true, wholeSeconds: { min: 0 } })?.ms).toBe(2000);
    expect(rateLimitWait(inDate(0), now, { wholeSeconds: { min: 0 } })?.ms).toBe(0);
    expect(rateLimitWait(inDate(0), now, { wholeSeconds: { min: 1 } })?.ms).toBe(1000);
    expect(rateLimitWait(headers({ 'retry-after': '1.2' }), now, { fractionalSeconds: true })?.ms).toBe(1200);
  });
});
