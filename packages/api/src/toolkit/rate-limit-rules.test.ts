// Every header form each service documents for a rate-limited answer, read by its rules.
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_RULES } from './rate-limit-rules.js';
import { parseRetryAfter, rateLimitWait } from './retry-after.js';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const DATE = new Date(NOW).toUTCString();
const inSeconds = (seconds: number) => String(NOW / 1000 + seconds);
const answer = (values: Record<string, string>) => {
  const headers = new Headers(values);
  return (name: string) => headers.get(name);
};
// A runner clock a day off: the services' own Date decides.
const SKEWED = NOW + 86_400_000;

describe('the platform', () => {
  const rules = RATE_LIMIT_RULES.platform;

  it('reads Retry-After in seconds (a fraction too) or as an HTTP date, and advises nothing when it is absent', () => {
    expect(parseRetryAfter('2', NOW, rules)).toBe(2000);
    expect(parseRetryAfter('1.5', NOW, rules)).toBe(1500);
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:05 GMT', NOW, rules)).toBe(5000);
    expect(rateLimitWait(answer({}), NOW, rules)).toBeUndefined();
  });
});

describe('GitHub', () => {
  const rules = RATE_LIMIT_RULES.github;
  const primary = { 'x-ratelimit-limit': '5000', 'x-ratelimit-used': '5000', 'x-ratelimit-resource': 'core', date: DATE };

  it('a secondary limit: retry-after seconds, first', () => {
    const headers = { ...primary, 'retry-after': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inSeconds(600) };
    expect(rateLimitWait(answer(headers), SKEWED, rules)).toEqual({ ms: 30_000, said: true });
  });

  it('the primary limit spent: x-ratelimit-remaining 0, until x-ratelimit-reset and a second past it', () => {
    const headers = { ...primary, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inSeconds(42) };
    expect(rateLimitWait(answer(headers), SKEWED, rules)).toEqual({ ms: 43_000, said: true });
  });

  it('a reset while requests are left is not a wait: "at least one minute", as for an answer that says nothing', () => {
    const headers = { ...primary, 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': inSeconds(42) };
    expect(rateLimitWait(answer(headers), NOW, rules)).toEqual({ ms: 60_000, said: false });
    expect(rateLimitWait(answer({}), NOW, rules)).toEqual({ ms: 60_000, said: false });
  });

  it('waits whole seconds, rounded up', () => {
    const headers = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inSeconds(2), date: new Date(NOW + 400).toUTCString() };
    expect(rateLimitWait(answer(headers), NOW, rules)?.ms).toBe(3000);
  });
});

describe('GitLab', () => {
  const rules = RATE_LIMIT_RULES.gitlab;
  const limits = (observed: number, reset: number) => ({
    'ratelimit-name': 'throttle_authenticated_api',
    'ratelimit-limit': '2000',
    'ratelimit-observed': String(observed),
    'ratelimit-remaining': String(Math.max(0, 2000 - observed)),
    'ratelimit-reset': inSeconds(reset),
    'ratelimit-resettime': new Date(NOW + reset * 1000).toUTCString(),
    date: DATE,
  });

  it("Rack::Attack's 429: Retry-After seconds with the RateLimit-* headers", () => {
    expect(rateLimitWait(answer({ 'retry-after': '37', ...limits(2001, 40) }), SKEWED, rules)).toEqual({ ms: 37_000, said: true });
  });

  it('a 429 with RateLimit-* alone: until RateLimit-Reset, whatever RateLimit-Remaining says', () => {
    expect(rateLimitWait(answer(limits(2001, 40)), SKEWED, rules)).toEqual({ ms: 40_000, said: true });
    expect(rateLimitWait(answer(limits(5, 60)), SKEWED, rules)).toEqual({ ms: 60_000, said: true });
  });

  it("an endpoint's limit: Retry-After alone; a Retry-After written as a date", () => {
    expect(rateLimitWait(answer({ 'retry-after': '600' }), NOW, rules)).toEqual({ ms: 600_000, said: true });
    const dated = { 'retry-after': new Date(NOW + 30_000).toUTCString(), date: DATE };
    expect(rateLimitWait(answer(dated), SKEWED, rules)).toEqual({ ms: 30_000, said: true });
  });

  it('waits whole seconds, at least one; a minute when the answer says nothing', () => {
    expect(rateLimitWait(answer({ 'retry-after': '0' }), NOW, rules)).toEqual({ ms: 1000, said: true });
    expect(rateLimitWait(answer({}), NOW, rules)).toEqual({ ms: 60_000, said: false });
  });
});

describe('Vercel', () => {
  const rules = RATE_LIMIT_RULES.vercel;

  it('until X-RateLimit-Reset once X-RateLimit-Remaining is 0', () => {
    const headers = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inSeconds(42), date: DATE };
    expect(rateLimitWait(answer(headers), SKEWED, rules)).toEqual({ ms: 42_000, said: true });
  });

  it('Retry-After first when one comes, and a minute when the answer says nothing', () => {
    const spent = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inSeconds(42) };
    expect(rateLimitWait(answer({ 'retry-after': '5', ...spent }), NOW, rules)?.ms).toBe(5000);
    const left = { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': inSeconds(42) };
    expect(rateLimitWait(answer(left), NOW, rules)).toEqual({ ms: 60_000, said: false });
  });
});
