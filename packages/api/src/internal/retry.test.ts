import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, TimeoutError } from '../errors.js';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, decideRetry, isRetryableFailure, type RetryInput, resolveRetryPolicy } from './retry.js';

const at = { method: 'GET', path: '/projects' };
const httpError = (status: number, retryAfterMs?: number, method = 'GET') =>
  new ApiError('x', { method, path: at.path, status, retryAfterMs });

describe('isRetryableFailure', () => {
  it.each([408, 423, 429, 500, 502, 503, 504])('retries GET and DELETE on %i', (status) => {
    expect(isRetryableFailure(httpError(status))).toBe(true);
    expect(isRetryableFailure(httpError(status, undefined, 'DELETE'))).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries %i', (status) => {
    for (const method of ['GET', 'DELETE', 'POST']) expect(isRetryableFailure(httpError(status, undefined, method))).toBe(false);
  });

  it('retries POST only on 423, 429 and 503, where it did not take effect', () => {
    const retried = [408, 423, 429, 500, 502, 503, 504].filter((s) => isRetryableFailure(httpError(s, undefined, 'POST')));
    expect(retried).toEqual([423, 429, 503]);
  });

  it('retries connection errors and timeouts for GET and DELETE only', () => {
    for (const Failure of [ConnectionError, TimeoutError]) {
      expect(isRetryableFailure(new Failure('x', at))).toBe(true);
      expect(isRetryableFailure(new Failure('x', { ...at, method: 'DELETE' }))).toBe(true);
      expect(isRetryableFailure(new Failure('x', { ...at, method: 'POST' }))).toBe(false);
    }
  });
});

describe('backoffDelayMs', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 500, maxDelayMs: 8000 };

  it('is min(base * 2^n, maxDelay) scaled by the random draw', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoffDelayMs(n, policy, () => 0.999999))).toEqual([499, 999, 1999, 3999, 7999, 7999, 7999]);
    expect([0, 1, 2, 3, 4].map((n) => backoffDelayMs(n, policy, () => 0.5))).toEqual([250, 500, 1000, 2000, 4000]);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0);
  });
});

describe('decideRetry', () => {
  const base: RetryInput = {
    error: httpError(503),
    attempts: 1,
    elapsedMs: 0,
    policy: DEFAULT_RETRY_POLICY,
    random: () => 0.5,
  };

  it('waits a jittered backoff that grows with the attempts', () => {
    expect(decideRetry(base)).toEqual({ retry: true, delayMs: 250 });
    expect(decideRetry({ ...base, attempts: 3 })).toEqual({ retry: true, delayMs: 1000 });
  });

  it('honours Retry-After instead of the backoff', () => {
    expect(decideRetry({ ...base, error: httpError(429, 7000) })).toEqual({ retry: true, delayMs: 7000 });
    expect(decideRetry({ ...base, error: httpError(429, 0) })).toEqual({ retry: true, delayMs: 0 });
  });

  it('stops, saying why, when Retry-After is longer than the cap', () => {
    const decision = decideRetry({ ...base, error: httpError(429, 120_000) });
    expect(decision).toEqual({ retry: false, why: expect.stringMatching(/retry in 120 s.*maxRetryAfterMs \(60000 ms\)/) });
  });

  it('stops after maxRetries retries', () => {
    expect(decideRetry({ ...base, attempts: 4 }).retry).toBe(true);
    expect(decideRetry({ ...base, attempts: 5 })).toEqual({
      retry: false,
      why: 'Gave up after 5 attempts (retries.maxRetries = 4).',
    });
  });

  it('never retries with maxRetries 0, and says nothing about giving up', () => {
    expect(decideRetry({ ...base, policy: { ...DEFAULT_RETRY_POLICY, maxRetries: 0 } })).toEqual({ retry: false });
  });

  it('stops when the wait would pass the overall deadline', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, deadlineMs: 10_000 };
    expect(decideRetry({ ...base, policy, elapsedMs: 9_750 })).toEqual({ retry: true, delayMs: 250 });
    expect(decideRetry({ ...base, policy, elapsedMs: 9_751 })).toEqual({
      retry: false,
      why: expect.stringMatching(/Gave up after 1 attempts: .*deadlineMs \(10000 ms\)/),
    });
    expect(decideRetry({ ...base, policy, error: httpError(503, 5_000), elapsedMs: 6_000 }).retry).toBe(false);
  });

  it('does not retry what the rule excludes', () => {
    expect(decideRetry({ ...base, error: httpError(500, undefined, 'POST') })).toEqual({ retry: false });
  });
});

describe('resolveRetryPolicy', () => {
  const ctx = 'createClient';
  it('uses the defaults, a number as maxRetries, or merges an object', () => {
    expect(resolveRetryPolicy(undefined, ctx)).toEqual(DEFAULT_RETRY_POLICY);
    expect(resolveRetryPolicy(0, ctx)).toEqual({ ...DEFAULT_RETRY_POLICY, maxRetries: 0 });
    expect(resolveRetryPolicy({ baseDelayMs: 10, deadlineMs: 100 }, ctx)).toEqual({
      ...DEFAULT_RETRY_POLICY,
      baseDelayMs: 10,
      deadlineMs: 100,
    });
  });

  it.each([
    [-1, /retries must be an integer >= 0/],
    [1.5, /retries must be an integer/],
    [{ maxRetries: -2 }, /retries.maxRetries must be an integer >= 0/],
    [{ maxDelayMs: Number.NaN }, /retries.maxDelayMs must be a number of milliseconds/],
    [{ maxDelay: 5 }, /unknown option "maxDelay"/],
    ['3', /retries must be a number or an object/],
  ])('refuses %j', (value, message) => {
    expect(() => resolveRetryPolicy(value, ctx)).toThrow(message);
  });
});
