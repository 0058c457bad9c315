// The retry rule, backoff and Retry-After, against emulator faults; counts from the emulator's
// request log, waits from the injected sleep (no timing assertions).
import { describe, expect, it } from 'vitest';
import {
  ConnectionError,
  LockedError,
  NotFoundError,
  RateLimitError,
  RequestAbortedError,
  ServerError,
  TimeoutError,
} from '../src/errors.js';
import { createClient } from '../src/client.js';
import { systemRuntime } from '../src/toolkit/runtime.js';
import { FAKE_START, fakeTime, until, usePlatform } from './fixture.js';

const platform = usePlatform();
const faults = () => platform.emulator.faults;

describe('GET and DELETE retry', () => {
  it.each([408, 423, 429, 500, 502, 503, 504])('GET retries HTTP %i with full-jitter backoff', async (status) => {
    const time = fakeTime({ random: 0.5 });
    faults().add({ method: 'GET', path: '/api_keys', kind: 'status', status, times: 3 });
    const keys = await platform.client({}, time).apiKeys.list().toArray();
    expect(keys).toHaveLength(1);
    expect(platform.requests({ path: '/api_keys' }).map((r) => r.status)).toEqual([status, status, status, 200]);
    // min(500 * 2^n, 8000) * 0.5
    expect(time.sleeps).toEqual([250, 500, 1000]);
  });

  it('DELETE retries a dropped connection, and a connection error after retries is ConnectionError', async () => {
    const time = fakeTime();
    const other = platform.emulator.createKey('other');
    faults().add({ method: 'DELETE', path: '/api_keys/*', kind: 'drop', times: 2 });
    await expect(platform.client({}, time).apiKeys.revoke(other.id)).resolves.toMatchObject({ revoked: true });
    expect(platform.requests({ method: 'DELETE' })).toHaveLength(3);

    faults().add({ method: 'GET', path: '/api_keys', kind: 'drop', times: 'always' });
    const error = await platform
      .client({ retries: 2 }, time)
      .apiKeys.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ attempts: 3, method: 'GET', path: '/api_keys', status: undefined });
    expect((error as Error).message).toMatch(
      /^GET \/api_keys could not reach http:\/\/127\.0\.0\.1:\d+: .+\. Check the network and baseUrl\. Gave up after 3 attempts \(retries.maxRetries = 2\)\.$/,
    );
  });

  it('says a 404 after a DELETE whose reply was lost may mean it was done already', async () => {
    const other = platform.emulator.createKey('other');
    platform.emulator.faults.add({ method: 'DELETE', kind: 'reply-lost' });
    const error = await platform
      .client({}, fakeTime())
      .apiKeys.revoke(other.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/An earlier attempt got no answer and may have deleted it already\.$/);
    expect(platform.requests({ method: 'DELETE' }).map((r) => r.status)).toEqual([undefined, 404]);
    expect(platform.emulator.isKeyValid(other.key)).toBe(false);
  });

  it('retries a per-attempt timeout for GET, then succeeds', async () => {
    faults().add({ method: 'GET', path: '/projects', kind: 'hang' });
    const time = fakeTime();
    const projects = await platform.client({ timeoutMs: 1000 }, time).projects.list().toArray();
    expect(projects).toHaveLength(1);
    // The hung attempt, its retry, then the (empty) page after the last.
    expect(platform.requests({ path: '/projects' }).map((r) => r.status)).toEqual([undefined, 200, 200]);
  });

  it('gives up at once with retries: 0', async () => {
    faults().add({ method: 'GET', path: '/api_keys', kind: 'status', status: 503, times: 'always' });
    const time = fakeTime();
    const error = await platform
      .client({ retries: 0 }, time)
      .apiKeys.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).not.toMatch(/Gave up/);
    expect(platform.requests()).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('stops after maxRetries, saying so', async () => {
    faults().add({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 'always' });
    const time = fakeTime({ random: 0.999 });
    const error = await platform
      .client({}, time)
      .apiKeys.list()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ServerError', status: 500, attempts: 5 });
    expect((error as Error).message).toMatch(/Gave up after 5 attempts \(retries.maxRetries = 4\)\.$/);
    expect(platform.requests()).toHaveLength(5);
    expect(time.sleeps).toEqual([499, 999, 1998, 3996]);
  });

  it('caps each backoff wait at maxDelayMs', async () => {
    faults().add({ method: 'GET', path: '/api_keys', kind: 'status', status: 502, times: 6 });
    const time = fakeTime({ random: 0.999 });
    const retries = { maxRetries: 6, baseDelayMs: 1000, maxDelayMs: 3000, deadlineMs: 600_000 };
    await platform.client({ retries }, time).apiKeys.list();
    expect(time.sleeps).toEqual([999, 1998, 2997, 2997, 2997, 2997]);
  });

  it('stops before a wait that would pass the overall deadline', async () => {
    faults().add({ method: 'GET', path: '/api_keys', kind: 'status', status: 503, times: 'always' });
    const time = fakeTime({ random: 0.5 });
    const retries = { maxRetries: 10, baseDelayMs: 1000, maxDelayMs: 60_000, deadlineMs: 4000 };
    const error = await platform
      .client({ retries }, time)
      .apiKeys.list()
      .catch((e: unknown) => e);
    // waits 500, 1000, 2000 (3500 in all); the next, 4000, would end after the 4000 ms deadline
    expect(time.sleeps).toEqual([500, 1000, 2000]);
    expect(platform.requests()).toHaveLength(4);
    expect((error as Error).message).toMatch(/next retry would start after retries.deadlineMs \(4000 ms\)/);
  });
});

describe('POST retry', () => {
  it.each([423, 429, 503])('POST retries HTTP %i, where the request did not take effect', async (status) => {
    faults().add({ method: 'POST', path: '/api_keys', kind: 'status', status, times: 2 });
    const created = await platform.client({}, fakeTime()).apiKeys.create({ key_name: 'retry-me' });
    expect(created.name).toBe('retry-me');
    expect(platform.requests({ method: 'POST' }).map((r) => r.status)).toEqual([status, status, 200]);
    expect(platform.emulator.listKeys().filter((k) => k.name === 'retry-me')).toHaveLength(1);
  });

  it.each([408, 500, 502, 504])('POST never retries HTTP %i: it may have taken effect', async (status) => {
    faults().add({ method: 'POST', path: '/api_keys', kind: 'status', status });
    const error = await platform
      .client({}, fakeTime())
      .apiKeys.create({ key_name: 'once' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status, attempts: 1 });
    expect(platform.requests({ method: 'POST' })).toHaveLength(1);
  });

  it('POST never retries a lost reply, and says it may have taken effect', async () => {
    faults().add({ method: 'POST', path: '/api_keys', kind: 'reply-lost' });
    const error = await platform
      .client({}, fakeTime())
      .apiKeys.create({ key_name: 'lost' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/The request may have taken effect: check before repeating it\.$/);
    expect(platform.requests({ method: 'POST' })).toHaveLength(1);
    // it did take effect: the emulator holds the key whose value the caller never saw
    expect(platform.emulator.listKeys().filter((k) => k.name === 'lost')).toHaveLength(1);
  });

  it('POST never retries a timeout', async () => {
    // Seconds, not milliseconds: the POST must reach the server before the client gives up, even on a busy machine.
    faults().add({ method: 'POST', path: '/api_keys', kind: 'delay', ms: 4000 });
    const error = await platform
      .client({ timeoutMs: 2000 }, fakeTime())
      .apiKeys.create({ key_name: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/^POST \/api_keys got no complete answer within 2000 ms\. Raise timeoutMs/);
    // the emulator logs a delayed request once the delay is over; no second attempt ever comes
    await until(() => platform.requests({ method: 'POST' }).length > 0, 'the delayed POST was logged');
    expect(platform.requests({ method: 'POST' })).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  it('waits the seconds the platform asks for instead of the backoff', async () => {
    faults().add({ method: 'GET', path: '/projects', kind: 'status', status: 429, retryAfter: 7 });
    const time = fakeTime();
    await platform.client({}, time).projects.list();
    expect(time.sleeps).toEqual([7000]);
  });

  it('reads an HTTP date against the clock', async () => {
    const date = new Date(FAKE_START + 12_000).toUTCString();
    faults().add({ method: 'GET', path: '/projects', kind: 'status', status: 503, retryAfter: date });
    const time = fakeTime();
    await platform.client({}, time).projects.list();
    expect(time.sleeps).toEqual([12_000]);
  });

  it('gives up at once on a wait longer than maxRetryAfterMs, and exposes retryAfterMs', async () => {
    faults().add({ method: 'GET', path: '/projects', kind: 'status', status: 429, retryAfter: 120 });
    const time = fakeTime();
    const error = await platform
      .client({}, time)
      .projects.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 120_000, attempts: 1 });
    expect((error as Error).message).toMatch(/Rate limited.*\(the platform asks to wait 120 s\)\./);
    expect((error as Error).message).toMatch(/longer than retries.maxRetryAfterMs \(60000 ms\)/);
    expect(time.sleeps).toEqual([]);
  });
});

describe('423 Locked', () => {
  it('is a LockedError (a ConflictError) that says another operation runs', async () => {
    faults().add({ method: 'GET', path: '/projects/*/operations', kind: 'status', status: 423, times: 'always' });
    const error = await platform
      .client({ retries: 1 }, fakeTime())
      .operations.list(platform.projectId)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockedError);
    expect((error as Error).message).toMatch(/Another operation is running on the project/);
    expect(platform.requests()).toHaveLength(2);
  });
});

describe('abort', () => {
  it('aborts a request in flight with RequestAbortedError', async () => {
    faults().add({ method: 'GET', path: '/projects', kind: 'hang' });
    const controller = new AbortController();
    const client = platform.client();
    const pending = client.projects.list(undefined, { signal: controller.signal }).toArray();
    await until(() => platform.requests({ path: '/projects' }).length === 1, 'the request reached the emulator');
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
    await expect(pending).rejects.toThrow(/^GET \/projects was aborted by the caller's signal\.$/);
    expect(platform.requests()).toHaveLength(1);
  });

  it('says a POST aborted in flight may have taken effect, and one aborted before sending did not', async () => {
    faults().add({ method: 'POST', path: '/api_keys', kind: 'hang' });
    const controller = new AbortController();
    const pending = platform.client().apiKeys.create({ key_name: 'cut' }, { signal: controller.signal });
    await until(() => platform.requests({ method: 'POST' }).length === 1, 'the POST reached the emulator');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'RequestAbortedError', transient: false, mayHaveTakenEffect: true });
    const unsent = platform.client().apiKeys.create({ key_name: 'never' }, { signal: AbortSignal.abort() });
    await expect(unsent).rejects.toMatchObject({ name: 'RequestAbortedError', mayHaveTakenEffect: false });
    expect(platform.requests({ method: 'POST' })).toHaveLength(1);
  });

  it('aborts the wait between attempts, with the client-wide signal', async () => {
    faults().add({ method: 'GET', path: '/projects', kind: 'status', status: 503, retryAfter: 30 });
    const controller = new AbortController();
    // the real sleep: it would last 30 s unless the abort ends it
    const client = createClient({
      apiKey: platform.key.key,
      baseUrl: platform.emulator.url,
      signal: controller.signal,
      onRequest: (event) => event.outcome === 'retry' && controller.abort(),
      runtime: systemRuntime,
    });
    await expect(client.projects.list()).rejects.toBeInstanceOf(RequestAbortedError);
    expect(platform.requests()).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const error = await platform
      .client()
      .apiKeys.list({ signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(platform.requests()).toHaveLength(0);
  });
});
