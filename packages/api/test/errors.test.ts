// Error classes, messages and request ids from real responses; and the rule that no error, cause
// or event ever holds a key value, checked by searching everything they expose for the key.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  InvalidRequestError,
  LockedError,
  NotFoundError,
  OptionError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
} from '../src/errors.js';
import { createClient } from '../src/client.js';
import { errorTexts, fakeTime, recordEvents, usePlatform } from './fixture.js';

const platform = usePlatform();
const failing = <T>(promise: PromiseLike<T>) =>
  Promise.resolve(promise).then(
    () => expect.unreachable('it should have failed'),
    (e: unknown) => e,
  );

describe('ApiError.generate from platform answers', () => {
  it.each([
    [400, InvalidRequestError, /rejected the request as invalid/],
    [401, AuthenticationError, /Make a new key in the console/],
    [403, PermissionDeniedError, /not allowed to do this/],
    [404, NotFoundError, /Check the ids in the path/],
    [409, ConflictError, /conflicts with the current state/],
    [422, InvalidRequestError, /rejected the request as invalid/],
    [423, LockedError, /Another operation is running on the project/],
    [429, RateLimitError, /Rate limited/],
    [500, ServerError, /failed to handle the request: retry later\.$/],
    [503, ServerError, /unavailable and the request did not take effect/],
    [418, ApiError, /not expected from the platform API/],
  ])('HTTP %i is %o and says what to do', async (status, ErrorClass, advice) => {
    platform.emulator.faults.add({ method: 'GET', path: '/projects', kind: 'status', status, times: 'always' });
    const error = (await failing(platform.client({ retries: 0 }).projects.list())) as ApiError;
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, method: 'GET', path: '/projects', code: expect.any(String) });
    expect(error.message).toMatch(new RegExp(`^GET /projects failed with HTTP ${status} `));
    expect(error.message.replace(/ \(request id [^)]+\)$/, '')).toMatch(advice);
  });

  it('says a 401 once: the platform says why, the advice only what to do', async () => {
    const error = (await failing(platform.client({ apiKey: `napi_${'x'.repeat(64)}`, retries: 0 }).projects.list())) as ApiError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toMatch(/HTTP 401 \w+: the API key is invalid or has been revoked\. Make a new key in the console/);
    expect(error.message).not.toMatch(/missing, invalid or revoked/);
  });

  it('takes requestId from the body, else from x-request-id', async () => {
    const faults = platform.emulator.faults;
    faults.add({
      kind: 'status',
      status: 500,
      body: { code: 'boom', message: 'x', request_id: 'from-body' },
      headers: { 'x-request-id': 'from-header' },
    });
    faults.add({ kind: 'status', status: 500, body: { code: 'boom', message: 'x' }, headers: { 'x-request-id': 'from-header' } });
    const client = platform.client({ retries: 0 });
    expect(await failing(client.projects.list())).toMatchObject({ requestId: 'from-body' });
    const second = (await failing(client.projects.list())) as ApiError;
    expect(second).toMatchObject({ requestId: 'from-header', code: 'boom' });
    expect(second.message).toBe(
      'GET /projects failed with HTTP 500 boom: x. The platform failed to handle the request: retry later. (request id from-header)',
    );
  });

  it('copes with a body that is not JSON', async () => {
    platform.emulator.faults.add({ kind: 'status', status: 502, body: '<html>bad gateway</html>' });
    const error = (await failing(platform.client({ retries: 0 }).projects.list())) as ApiError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.code).toBeUndefined();
  });

  it('serialises to its safe fields', async () => {
    const error = await failing(platform.client().withApiKey('wrong-key').apiKeys.list());
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'AuthenticationError',
      message: expect.stringMatching(/^GET \/api_keys failed with HTTP 401 unauthorized/),
      method: 'GET',
      path: '/api_keys',
      status: 401,
      code: 'unauthorized',
      requestId: expect.any(String),
      transient: false,
      mayHaveTakenEffect: false,
      attempts: 1,
    });
  });
});

describe('no key value in any error or event', () => {
  const key = 'napi_known_test_key_0123456789';

  function expectNoKey(things: unknown[]) {
    for (const thing of things) {
      for (const text of errorTexts(thing)) expect(text).not.toContain(key);
    }
  }

  it('in a 401 for that key, even when the platform echoes it', async () => {
    const { events, onRequest } = recordEvents();
    const client = platform.client({ apiKey: key, onRequest, retries: 0 });
    const unauthorized = await failing(client.apiKeys.list());
    platform.emulator.faults.add({
      kind: 'status',
      status: 500,
      body: { code: 'oops', message: `cannot use key ${key} (Authorization: Bearer ${key})`, request_id: key },
      headers: { 'x-request-id': key },
    });
    const echoed = (await failing(client.apiKeys.list())) as ApiError;
    expect(echoed.message).toContain('cannot use key [redacted] (Authorization: Bearer [redacted])');
    expectNoKey([unauthorized, echoed]);
    expect(JSON.stringify(events)).not.toContain(key);
    expect(events).toHaveLength(2);
  });

  it('in connection errors, timeouts, aborts and retries', async () => {
    const { events, onRequest } = recordEvents();
    const faults = platform.emulator.faults;
    faults.add({ kind: 'drop' });
    faults.add({ kind: 'hang' });
    faults.add({ kind: 'status', status: 503, times: 2 });
    const client = platform.client({ apiKey: key, onRequest, retries: 0, timeoutMs: 200 }, fakeTime());
    const dropped = await failing(client.projects.list());
    const timedOut = await failing(client.projects.list());
    const aborted = await failing(client.projects.list(undefined, { signal: AbortSignal.abort() }));
    const retried = await failing(platform.client({ apiKey: key, onRequest }, fakeTime()).projects.list());
    expectNoKey([dropped, timedOut, aborted, retried]);
    expect(JSON.stringify(events)).not.toContain(key);
  });

  it('in option errors, whatever the key holds', () => {
    for (const apiKey of [`${key}\n`, ` ${key}`, `${key}é`]) {
      const error = (() => {
        try {
          createClient({ apiKey, baseUrl: platform.emulator.url });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(OptionError);
      expectNoKey([error]);
    }
    // a key pasted where the URL goes is not echoed either
    expect(() => createClient({ apiKey: 'k', baseUrl: key })).toThrow(/not a valid absolute URL/);
    try {
      createClient({ apiKey: 'k', baseUrl: key });
    } catch (error) {
      expectNoKey([error]);
    }
  });

  it('in the client object itself', async () => {
    const { inspect } = await import('node:util');
    const client = platform.client({ apiKey: key });
    expect(JSON.stringify(client)).not.toContain(key);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(key);
    expect(inspect(client.withApiKey(key), { depth: 10 })).not.toContain(key);
  });
});
