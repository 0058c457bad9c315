import {
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  RateLimitError,
  RequestAbortedError,
  ResponseShapeError,
  ServerError,
  TimeoutError,
} from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { mayHaveTakenEffect } from './platform.js';

const at = { method: 'POST', path: '/api_keys' };

describe('mayHaveTakenEffect', () => {
  it.each([
    ['no answer', new ConnectionError('x', at)],
    ['a timeout', new TimeoutError('x', at)],
    ['a 500', new ServerError('x', { ...at, status: 500 })],
    ['a 2xx whose body could not be read', new ResponseShapeError('x', { ...at, status: 200 })],
    ['an abort by the caller while the request was in flight', new RequestAbortedError('x', { ...at, mayHaveTakenEffect: true })],
    ['anything that is not an ApiError', new TypeError('fetch failed')],
    ['a thrown non-error', 'boom'],
  ])('is true after %s', (_case, error) => {
    expect(mayHaveTakenEffect(error)).toBe(true);
  });

  it.each([
    ['a 503', new ServerError('x', { ...at, status: 503 })],
    ['a 401', new AuthenticationError('x', { ...at, status: 401 })],
    ['a 422', new InvalidRequestError('x', { ...at, status: 422 })],
    ['a 429', new RateLimitError('x', { ...at, status: 429 })],
    ['an abort by the caller before anything was sent', new RequestAbortedError('x', at)],
  ])('is false after %s: the platform refused before doing anything', (_case, error) => {
    expect(mayHaveTakenEffect(error)).toBe(false);
  });
});
