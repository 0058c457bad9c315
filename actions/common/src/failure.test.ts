import { ApiError, ConnectionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { failureAnnotation } from './failure.js';
import { InputError } from '@keyturn/api/values';
import { InvalidInputsError } from './inputs/read.js';

const refused = () =>
  ApiError.generate({ method: 'GET', path: '/api_keys', status: 401, body: { code: 'unauthorized', message: 'bad key' } });

describe('failureAnnotation', () => {
  it('adds where the fix goes to an API error', () => {
    const message = failureAnnotation(refused());
    expect(message).toMatch(
      /^GET \/api_keys failed with HTTP 401 unauthorized: bad key\. .* Put a live key in the secret passed as api-key/,
    );
  });

  it("takes the Action's own hint over the common one", () => {
    const notFound = ApiError.generate({ method: 'GET', path: '/projects/p/operations', status: 404 });
    expect(failureAnnotation(notFound, { NotFoundError: 'Check project-id.' })).toMatch(/ Check project-id\.$/);
    expect(failureAnnotation(refused(), { AuthenticationError: 'Own hint.' })).toMatch(/ Own hint\.$/);
  });

  it('points a connection failure at api-url', () => {
    const error = new ConnectionError('GET /api_keys: connection refused.', { method: 'GET', path: '/api_keys' });
    expect(failureAnnotation(error)).toBe('GET /api_keys: connection refused. Check api-url and that the runner can reach it.');
  });

  it('passes input errors and other errors through', () => {
    expect(failureAnnotation(new InvalidInputsError([new InputError('keep', 'is 0')]))).toBe("Input 'keep' is 0. Nothing was done.");
    expect(failureAnnotation(new Error('boom'))).toBe('boom');
    expect(failureAnnotation('text')).toBe('text');
  });
});
