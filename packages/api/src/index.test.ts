// The runtime names of the public API: a rename or a lost export breaks the Actions and the
// benchmarks that import the built package, so the list is pinned here.
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('public API', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ApiError',
      'AuthenticationError',
      'ConflictError',
      'ConnectionError',
      'DEFAULT_BASE_URL',
      'DEFAULT_RETRY_POLICY',
      'DEFAULT_TIMEOUT_MS',
      'DEFAULT_USER_AGENT',
      'FAILURE_STATUSES',
      'InvalidRequestError',
      'LockedError',
      'NotFoundError',
      'PermissionDeniedError',
      'RateLimitError',
      'RedirectRefusedError',
      'RequestAbortedError',
      'SUCCESS_STATUSES',
      'ServerError',
      'TimeoutError',
      'VERSION',
      'createClient',
      'describeOperationFailure',
      'describeWaitResult',
      'isFailureStatus',
      'isFinalStatus',
      'isLoopbackHost',
      'isSuccessStatus',
    ]);
  });

  it('isLoopbackHost is the test the origin rules use for plain http', () => {
    expect(api.isLoopbackHost('127.0.0.1')).toBe(true);
    expect(api.isLoopbackHost('[::1]')).toBe(true);
    expect(api.isLoopbackHost('localhost')).toBe(true);
    expect(api.isLoopbackHost('console.neon.tech')).toBe(false);
    expect(() => api.createClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1/api/v2' })).not.toThrow();
    expect(() => api.createClient({ apiKey: 'k', baseUrl: 'http://10.0.0.1/api/v2' })).toThrow(/loopback/);
  });
});
