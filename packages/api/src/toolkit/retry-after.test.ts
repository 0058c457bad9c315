import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.js';

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
