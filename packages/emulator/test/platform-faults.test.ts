// Faults on the platform API, programmatic and over the control API: a status (with Retry-After)
// that takes no effect, a delay, a dropped connection, a reply lost after the effect, a hang.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPlatformError, send, startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;
beforeEach(async () => {
  platform = await startTestPlatform();
});
afterEach(() => platform.emulator.close());

const keyNames = () => platform.emulator.listKeys().map((k) => k.name);
const createKey = (name: string) => platform.api('POST', '/api_keys', { body: { key_name: name } });

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe('status faults', () => {
  it('answer the status with Retry-After in the platform error shape, without taking effect', async () => {
    platform.emulator.faults.add({ method: 'POST', path: '/api_keys', kind: 'status', status: 503, retryAfter: 2, times: 2 });
    for (const name of ['one', 'two']) {
      const reply = await createKey(name);
      expectPlatformError(reply, 503, 'service_unavailable');
      expect(reply.headers.get('retry-after')).toBe('2');
    }
    expect((await createKey('three')).status).toBe(200);
    expect(keyNames()).toEqual(['first-key', 'three']);
    expect(platform.emulator.log.entries({ method: 'POST' }).map((e) => [e.status, e.fault])).toEqual([
      [503, 'status'],
      [503, 'status'],
      [200, undefined],
    ]);
  });

  it('play 423 Locked and 429 with the matching error codes', async () => {
    platform.emulator.faults.add({ path: '/projects', kind: 'status', status: 423 });
    platform.emulator.faults.add({ path: '/projects', kind: 'status', status: 429 });
    expectPlatformError(await platform.api('GET', '/projects'), 423, 'locked');
    expectPlatformError(await platform.api('GET', '/projects'), 429, 'rate_limited');
    expect((await platform.api('GET', '/projects')).status).toBe(200);
  });

  it('keep the x-request-id header with a custom body', async () => {
    platform.emulator.faults.add({ kind: 'status', status: 500, body: { code: 'internal', message: 'boom' } });
    const reply = await platform.api('GET', '/projects');
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ code: 'internal', message: 'boom' });
    expect(reply.headers.get('x-request-id')).toMatch(/\S/);
  });

  it('match one path segment with * and leave other paths alone', async () => {
    const project = platform.emulator.createProject();
    platform.emulator.faults.add({ method: 'GET', path: '/projects/*/operations', kind: 'status', status: 503, times: 'always' });
    expect((await platform.api('GET', `/projects/${project.id}/operations`)).status).toBe(503);
    expect((await platform.api('GET', `/projects/${project.id}/operations`)).status).toBe(503);
    expect((await platform.api('GET', '/projects')).status).toBe(200);
  });
});

describe('other faults', () => {
  it('delay answers normally, after requests that came in meanwhile', async () => {
    // The delay outlasts any stall of a busy machine between taking the fault and the GET below.
    platform.emulator.faults.add({ method: 'POST', path: '/api_keys', kind: 'delay', ms: 3000 });
    const delayed = createKey('slow');
    await until(() => platform.emulator.faults.list().length === 0);
    const meanwhile = await platform.api('GET', '/api_keys');
    expect(meanwhile.body.map((k: { name: string }) => k.name)).toEqual(['first-key']);
    expect((await delayed).status).toBe(200);
    expect(keyNames()).toEqual(['first-key', 'slow']);
    expect(platform.emulator.log.entries({ path: '/api_keys' }).map((e) => [e.method, e.status, e.fault])).toEqual([
      ['GET', 200, undefined],
      ['POST', 200, 'delay'],
    ]);
  });

  it('delay: a create whose client timed out during the delay still takes effect', async () => {
    // The delay outlasts any stall of a busy machine between taking the fault and the abort below.
    platform.emulator.faults.add({ method: 'POST', path: '/api_keys', kind: 'delay', ms: 3000 });
    const controller = new AbortController();
    const sent = fetch(`${platform.emulator.url}/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${platform.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key_name: 'timed-out' }),
      signal: controller.signal,
    });
    await until(() => platform.emulator.faults.list().length === 0);
    controller.abort();
    await expect(sent).rejects.toThrow();
    await until(() => keyNames().includes('timed-out'));
    await until(() => platform.emulator.log.entries({ method: 'POST' }).length === 1);
    expect(platform.emulator.log.entries({ method: 'POST' })).toEqual([
      expect.objectContaining({ status: undefined, fault: 'delay', actor: `key:${platform.keyId}` }),
    ]);
  });

  it('drop destroys the connection before the request takes effect', async () => {
    platform.emulator.faults.add({ method: 'POST', path: '/api_keys', kind: 'drop' });
    await expect(createKey('dropped')).rejects.toThrow();
    expect(keyNames()).toEqual(['first-key']);
    expect(platform.emulator.log.entries({ method: 'POST' })).toEqual([expect.objectContaining({ status: undefined, fault: 'drop' })]);
  });

  it('reply-lost lets the request take effect, then destroys the connection', async () => {
    platform.emulator.faults.add({ method: 'POST', path: '/api_keys', kind: 'reply-lost' });
    await expect(createKey('orphan')).rejects.toThrow();
    expect(keyNames()).toEqual(['first-key', 'orphan']);
    expect((await platform.api('GET', '/api_keys')).body.map((k: { name: string }) => k.name)).toContain('orphan');
    expect(platform.emulator.log.entries({ method: 'POST' })).toEqual([
      expect.objectContaining({ status: undefined, fault: 'reply-lost', actor: `key:${platform.keyId}` }),
    ]);
  });

  it('reply-lost with a status answers it after the request took effect', async () => {
    platform.emulator.faults.add({ method: 'DELETE', path: '/api_keys/:id', kind: 'reply-lost', status: 502 });
    const created = (await createKey('revoked-anyway')).body;
    expectPlatformError(await platform.api('DELETE', `/api_keys/${created.id}`), 502, 'bad_gateway');
    expect(platform.emulator.isKeyValid(created.key)).toBe(false);
  });

  it('hang never answers; close ends it', async () => {
    platform.emulator.faults.add({ method: 'GET', path: '/projects', kind: 'hang' });
    const pending = platform.api('GET', '/projects');
    const settled = pending.then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => platform.emulator.log.entries({ path: '/projects' }).length === 1);
    await platform.emulator.close();
    expect(await settled).toBe('failed');
  });

  it('hang with afterEffect takes effect first', async () => {
    platform.emulator.faults.add({ method: 'POST', path: '/api_keys', kind: 'hang', afterEffect: true });
    const settled = createKey('made-while-hanging').then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => keyNames().includes('made-while-hanging'));
    await platform.emulator.close();
    expect(await settled).toBe('failed');
  });
});

describe('faults over the control API', () => {
  it('adds, lists, applies and clears faults over HTTP', async () => {
    const added = await platform.control('POST', '/faults', {
      method: 'GET',
      path: '/api_keys',
      kind: 'status',
      status: 429,
      retryAfter: 1,
      times: 2,
    });
    expect(added.status).toBe(201);
    expect((await platform.control('GET', '/faults')).body.faults).toEqual([
      expect.objectContaining({ id: added.body.ids[0], kind: 'status', status: 429, remaining: 2 }),
    ]);
    const limited = await platform.api('GET', '/api_keys');
    expectPlatformError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await platform.control('GET', '/faults')).body.faults[0].remaining).toBe(1);
    expect((await platform.control('DELETE', '/faults')).status).toBe(204);
    expect((await platform.api('GET', '/api_keys')).status).toBe(200);
  });

  it('refuses a fault it cannot play', async () => {
    const refused = [
      { kind: 'explode' },
      { kind: 'status', status: 42 },
      { kind: 'reply-lost', status: 1000 },
      { kind: 'status', status: 503, headers: { 'x-injected': 'a\r\nset-cookie: b=c' } },
      { kind: 'status', status: 503, headers: { 'retry-after': 2 } },
      { kind: 'drop', path: 7 },
      { kind: 'drop', method: 1 },
      { kind: 'hang', afterEffect: 'true' },
      { kind: 'delay', ms: 2 ** 31 },
    ];
    for (const spec of refused) {
      const reply = await platform.control('POST', '/faults', spec);
      expect({ spec, status: reply.status }).toEqual({ spec, status: 400 });
    }
    expect(platform.emulator.faults.list()).toEqual([]);
    // None of them reached a request: the API still answers normally.
    expect((await platform.api('GET', '/projects')).status).toBe(200);
  });

  it('arms a batch all together or not at all', async () => {
    const batch = [
      { kind: 'status', status: 503, path: '/projects' },
      { kind: 'delay', ms: -5 },
    ];
    expect((await platform.control('POST', '/faults', batch)).status).toBe(400);
    expect((await platform.control('GET', '/faults')).body.faults).toEqual([]);
    expect((await platform.api('GET', '/projects')).status).toBe(200);
  });

  it('applies faults only to the API: not to paths outside /api/v2', async () => {
    platform.emulator.faults.add({ kind: 'drop', times: 'always' });
    const outside = await send(`${platform.emulator.origin}/api/v1/projects`, 'GET', { authorization: `Bearer ${platform.key}` });
    expectPlatformError(outside, 404, 'not_found');
    await expect(platform.api('GET', '/projects')).rejects.toThrow();
  });
});
