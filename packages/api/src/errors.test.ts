import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ConnectionError,
  KeyturnError,
  OptionError,
  RedirectRefusedError,
  RequestAbortedError,
  ResponseShapeError,
  TimeoutError,
} from './errors.js';
import { isRetryableFailure } from './internal/retry.js';

const answered = (method: string, status: number) => ApiError.generate({ method, path: '/p', status });

describe('one error family', () => {
  it('has KeyturnError at its root', () => {
    const errors = [
      new OptionError('apiKey', 'x'),
      answered('GET', 404),
      new TimeoutError('x', { method: 'GET', path: '/p' }),
      new ResponseShapeError('x', { method: 'GET', path: '/p', status: 200 }),
    ];
    for (const error of errors) expect(error).toBeInstanceOf(KeyturnError);
    expect(new TimeoutError('x', { method: 'GET', path: '/p' })).toBeInstanceOf(ConnectionError);
    expect(new ResponseShapeError('x', { method: 'GET', path: '/p' })).toBeInstanceOf(ApiError);
    expect(new OptionError('retries.maxRetries', 'x')).toMatchObject({ name: 'OptionError', option: 'retries.maxRetries' });
  });
});

describe('ApiError says whether it is transient and whether it may have taken effect', () => {
  it.each([
    ['GET', 500, true, false],
    ['POST', 500, true, true],
    ['DELETE', 502, true, true],
    ['POST', 503, true, false],
    ['POST', 408, true, true],
    ['GET', 408, true, false],
    ['POST', 423, true, false],
    ['POST', 429, true, false],
    ['POST', 400, false, false],
    ['DELETE', 404, false, false],
    ['GET', 401, false, false],
    ['POST', 409, false, false],
  ])('%s answered %i: transient %s, may have taken effect %s', (method, status, transient, effect) => {
    expect(answered(method, status)).toMatchObject({ transient, mayHaveTakenEffect: effect });
  });

  it.each([
    [new ConnectionError('x', { method: 'POST', path: '/p' }), true, true],
    [new ConnectionError('x', { method: 'GET', path: '/p' }), true, false],
    [new TimeoutError('x', { method: 'DELETE', path: '/p' }), true, true],
    [new TimeoutError('x', { method: 'HEAD', path: '/p' }), true, false],
    [new RequestAbortedError('x', { method: 'POST', path: '/p' }), false, false],
    [new RequestAbortedError('x', { method: 'POST', path: '/p', mayHaveTakenEffect: true }), false, true],
    [new RedirectRefusedError('x', { method: 'POST', path: '/p', status: 302 }), false, false],
    [new ResponseShapeError('x', { method: 'POST', path: '/p', status: 201 }), false, true],
    [new ResponseShapeError('x', { method: 'GET', path: '/p', status: 200 }), false, false],
  ])('%s: transient %s, may have taken effect %s', (error, transient, effect) => {
    expect(error).toMatchObject({ transient, mayHaveTakenEffect: effect });
  });

  it('lists both in toJSON', () => {
    expect(answered('POST', 500).toJSON()).toMatchObject({ transient: true, mayHaveTakenEffect: true });
  });

  it('is what the retry rule reads: a POST is retried only when it surely did not take effect', () => {
    expect(isRetryableFailure(answered('POST', 503))).toBe(true);
    expect(isRetryableFailure(answered('POST', 500))).toBe(false);
    expect(isRetryableFailure(new ConnectionError('x', { method: 'POST', path: '/p' }))).toBe(false);
    expect(isRetryableFailure(new TimeoutError('x', { method: 'DELETE', path: '/p' }))).toBe(true);
    expect(isRetryableFailure(answered('GET', 408))).toBe(true);
    expect(isRetryableFailure(answered('GET', 404))).toBe(false);
  });
});
