import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  it('allows perSecond requests per route, then says when to retry', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ perSecond: 2 }, () => now);
    expect(limiter.admit('GET /a')).toBeUndefined();
    now += 400;
    expect(limiter.admit('GET /a')).toBeUndefined();
    expect(limiter.admit('GET /a')).toEqual({ retryAfterSeconds: 1 });
    expect(limiter.admit('GET /b')).toBeUndefined();
    now += 600; // the first request leaves the window
    expect(limiter.admit('GET /a')).toBeUndefined();
    expect(limiter.admit('GET /a')).toEqual({ retryAfterSeconds: 1 });
  });

  it('counts every route against perMinute and rounds the wait up to whole seconds', () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 3 }, () => now);
    expect(limiter.admit('GET /a')).toBeUndefined();
    now = 10_000;
    expect(limiter.admit('GET /b')).toBeUndefined();
    expect(limiter.admit('POST /c')).toBeUndefined();
    now = 20_500;
    expect(limiter.admit('GET /d')).toEqual({ retryAfterSeconds: 40 });
    now = 60_000;
    expect(limiter.admit('GET /d')).toBeUndefined();
  });

  it('does not count refused requests', () => {
    let now = 0;
    const limiter = new RateLimiter({ perSecond: 1 }, () => now);
    expect(limiter.admit('r')).toBeUndefined();
    for (let i = 0; i < 5; i++) expect(limiter.admit('r')).toBeDefined();
    now = 1000;
    expect(limiter.admit('r')).toBeUndefined();
  });

  it('refuses limits that are not positive integers', () => {
    expect(() => new RateLimiter({ perSecond: 0 }, Date.now)).toThrow(/perSecond/);
    expect(() => new RateLimiter({ perMinute: 1.5 }, Date.now)).toThrow(/perMinute/);
  });
});
