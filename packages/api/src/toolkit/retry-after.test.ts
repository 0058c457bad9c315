import { describe, expect, it } from 'vitest';
import { parseRetryAfter, rateLimitWaitMs } from './retry-after.js';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    // obsolete RFC 850 form, still valid per RFC 9110
    expect(parseRetryAfter('Saturday, 01-Mar-25 12:01:00 GMT', now)).toBe(60_000);
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
  });

  it.each([null, undefined, '', 'soon', '-5', '1e3', 'Mon, 99 Foo 2025'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

describe('parseRetryAfter, whole seconds (the GitHub and GitLab clients)', () => {
  it('reads whole seconds, and hands anything else to Date.parse', () => {
    expect(parseRetryAfter(' 7 ', now, 'whole')).toBe(7000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', now, 'whole')).toBe(30_000);
    // Date.parse reads "1.5" and "-1" as days long past: no wait.
    expect(parseRetryAfter('1.5', now, 'whole')).toBe(0);
    expect(parseRetryAfter('-1', now, 'whole')).toBe(0);
    for (const value of [undefined, null, ' ', 'soon']) expect(parseRetryAfter(value, now, 'whole')).toBeUndefined();
  });
});

describe('rateLimitWaitMs', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  const github = { seconds: 'whole', reset: 'x-ratelimit-reset', remaining: 'x-ratelimit-remaining', afterResetMs: 1000 } as const;
  const gitlab = { seconds: 'whole', reset: 'ratelimit-reset' } as const;
  const date = new Date(now).toUTCString();

  it('takes Retry-After first, by the server\'s clock when it sends its Date', () => {
    expect(rateLimitWaitMs(headers({ 'retry-after': '7', 'ratelimit-reset': String(now / 1000 + 60) }), now, gitlab)).toBe(7000);
    expect(rateLimitWaitMs(headers({ 'retry-after': 'Sat, 01 Mar 2025 12:00:30 GMT', date }), now + 86_400_000, gitlab)).toBe(30_000);
  });

  it('else waits until the reset (GitHub\'s once no request is left, and a second past it)', () => {
    const reset = String(now / 1000 + 42);
    // A runner clock a day off changes nothing: the reset is read by the server's Date.
    expect(rateLimitWaitMs(headers({ 'ratelimit-reset': reset, date }), now + 86_400_000, gitlab)).toBe(42_000);
    expect(rateLimitWaitMs(headers({ 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '0', date }), now, github)).toBe(43_000);
    expect(rateLimitWaitMs(headers({ 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '3', date }), now, github)).toBeUndefined();
    expect(rateLimitWaitMs(headers({}), now, gitlab)).toBeUndefined();
  });
});
