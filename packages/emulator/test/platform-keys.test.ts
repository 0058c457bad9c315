// API keys over HTTP: spec 2.1, 3.1, 4.1 and 5, the README's Behaviour (key_name <= 64, last_used_at null).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPlatformError, startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;
beforeEach(async () => {
  platform = await startTestPlatform();
});
afterEach(() => platform.emulator.close());

describe('authentication', () => {
  it('answers 401 without an Authorization header', async () => {
    expectPlatformError(await platform.api('GET', '/api_keys', { key: null }), 401, 'unauthorized');
  });

  it('answers 401 to a header that is not Bearer', async () => {
    const reply = await platform.api('GET', '/projects', { key: null, headers: { authorization: `Basic ${platform.key}` } });
    expectPlatformError(reply, 401, 'unauthorized');
    expect(JSON.stringify(reply.body)).not.toContain(platform.key);
  });

  it('answers 401 to an unknown key and never repeats it', async () => {
    const wrong = 'f'.repeat(64);
    const reply = await platform.api('GET', '/api_keys', { key: wrong });
    expectPlatformError(reply, 401, 'unauthorized');
    expect(JSON.stringify(reply.body)).not.toContain(wrong);
  });

  it('guards every platform endpoint', async () => {
    const project = platform.emulator.createProject();
    const [operation] = platform.emulator.startOperations(project.id, [{}]);
    const endpoints: Array<[string, string]> = [
      ['GET', '/api_keys'],
      ['POST', '/api_keys'],
      ['DELETE', `/api_keys/${platform.keyId}`],
      ['GET', '/projects'],
      ['POST', `/projects/${project.id}/branches`],
      ['GET', `/projects/${project.id}/operations`],
      ['GET', `/projects/${project.id}/operations/${operation!.id}`],
    ];
    for (const [method, path] of endpoints) {
      const body = method === 'POST' ? { key_name: 'x' } : undefined;
      expectPlatformError(await platform.api(method, path, { key: null, body }), 401, 'unauthorized');
    }
    expect(platform.emulator.isKeyValid(platform.key)).toBe(true);
    expect(platform.emulator.listKeys()).toHaveLength(1);
  });

  it('accepts the scheme in any case', async () => {
    const reply = await platform.api('GET', '/projects', { key: null, headers: { authorization: `bearer ${platform.key}` } });
    expect(reply.status).toBe(200);
  });
});

describe('POST /api_keys', () => {
  it('creates a working key with a random 64-character value, shown once', async () => {
    const reply = await platform.api('POST', '/api_keys', { body: { key_name: 'ci-rotation' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-request-id')).toMatch(/\S/);
    expect(reply.body).toEqual({
      id: platform.keyId + 1,
      key: expect.any(String),
      name: 'ci-rotation',
      created_at: expect.any(String),
      created_by: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(reply.body.key).toMatch(/^napi_[A-Za-z0-9]{64}$/);
    expect(reply.body.key).not.toBe(platform.key);
    expect(reply.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect((await platform.api('GET', '/projects', { key: reply.body.key })).status).toBe(200);
    expect(platform.emulator.isKeyValid(reply.body.key)).toBe(true);
  });

  it('gives increasing ids', async () => {
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await platform.api('POST', '/api_keys', { body: { key_name: name } })).body.id);
    expect(ids).toEqual([platform.keyId + 1, platform.keyId + 2, platform.keyId + 3]);
  });

  it('accepts a 64-character name and refuses a longer, empty, missing or non-string one', async () => {
    expect((await platform.api('POST', '/api_keys', { body: { key_name: 'n'.repeat(64) } })).status).toBe(200);
    for (const body of [{ key_name: 'n'.repeat(65) }, { key_name: '' }, {}, { key_name: 42 }, undefined, ['key_name']]) {
      expectPlatformError(await platform.api('POST', '/api_keys', { body }), 400, 'bad_request');
    }
    expect(platform.emulator.listKeys()).toHaveLength(2);
  });

  it('answers 400 to a body that is not JSON', async () => {
    expectPlatformError(await platform.api('POST', '/api_keys', { body: '{"key_name": ' }), 400, 'bad_request');
  });
});

describe('GET /api_keys', () => {
  it('lists live keys as a bare array, with a null last_used_at and an empty last_used_from_addr for a key never used', async () => {
    const created = (await platform.api('POST', '/api_keys', { body: { key_name: 'unused' } })).body;
    const reply = await platform.api('GET', '/api_keys');
    expect(reply.status).toBe(200);
    const created_by = { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: expect.any(String), image: expect.any(String) };
    expect(reply.body).toEqual([
      {
        id: platform.keyId,
        name: 'first-key',
        created_at: expect.any(String),
        created_by,
        last_used_at: expect.any(String),
        last_used_from_addr: '127.0.0.1',
      },
      { id: created.id, name: 'unused', created_at: expect.any(String), created_by, last_used_at: null, last_used_from_addr: '' },
    ]);
    expect(JSON.stringify(reply.body)).not.toContain(created.key);
    expect(JSON.stringify(reply.body)).not.toContain(platform.key);
  });

  it('updates last_used_at on every authenticated request', async () => {
    const created = (await platform.api('POST', '/api_keys', { body: { key_name: 'soon-used' } })).body;
    const before = platform.emulator.listKeys().find((k) => k.id === created.id)!;
    expect(before.last_used_at).toBeNull();
    await platform.api('GET', '/projects', { key: created.key });
    const after = platform.emulator.listKeys().find((k) => k.id === created.id)!;
    expect(after.last_used_at).toEqual(expect.any(String));
    expect(after.last_used_from_addr).toBe('127.0.0.1');
  });
});

describe('DELETE /api_keys/{key_id}', () => {
  it('revokes at once: the next request with the key is a 401', async () => {
    const created = (await platform.api('POST', '/api_keys', { body: { key_name: 'doomed' } })).body;
    await platform.api('GET', '/projects', { key: created.key });
    const reply = await platform.api('DELETE', `/api_keys/${created.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: created.id,
      name: 'doomed',
      created_at: created.created_at,
      created_by: created.created_by,
      revoked: true,
      last_used_at: expect.any(String),
      last_used_from_addr: '127.0.0.1',
    });
    expectPlatformError(await platform.api('GET', '/projects', { key: created.key }), 401, 'unauthorized');
    expect(platform.emulator.isKeyValid(created.key)).toBe(false);
    expect((await platform.api('GET', '/api_keys')).body.map((k: { id: number }) => k.id)).toEqual([platform.keyId]);
    expect(platform.emulator.listKeys().find((k) => k.id === created.id)?.revoked).toBe(true);
  });

  it('lets a key revoke itself', async () => {
    const reply = await platform.api('DELETE', `/api_keys/${platform.keyId}`);
    expect(reply.body).toMatchObject({ id: platform.keyId, revoked: true, last_used_from_addr: '127.0.0.1' });
    expectPlatformError(await platform.api('GET', '/api_keys'), 401, 'unauthorized');
  });

  it('answers 404 for a key already revoked or never made, 400 for an id that is not an integer', async () => {
    const created = (await platform.api('POST', '/api_keys', { body: { key_name: 'twice' } })).body;
    expect((await platform.api('DELETE', `/api_keys/${created.id}`)).status).toBe(200);
    expectPlatformError(await platform.api('DELETE', `/api_keys/${created.id}`), 404, 'not_found');
    expectPlatformError(await platform.api('DELETE', '/api_keys/999999'), 404, 'not_found');
    expectPlatformError(await platform.api('DELETE', '/api_keys/abc'), 400, 'bad_request');
  });
});

describe('request log', () => {
  it('names the key by id and never holds a key value', async () => {
    const created = (await platform.api('POST', '/api_keys', { body: { key_name: 'logged' } })).body;
    await platform.api('GET', '/api_keys', { key: created.key });
    await platform.api('GET', '/api_keys', { key: 'not-a-key' });
    const entries = platform.emulator.log.entries({ path: '/api_keys' });
    expect(entries.map((e) => [e.method, e.status, e.actor])).toEqual([
      ['POST', 200, `key:${platform.keyId}`],
      ['GET', 200, `key:${created.id}`],
      ['GET', 401, undefined],
    ]);
    const overHttp = await platform.control('GET', '/requests');
    for (const text of [JSON.stringify(entries), JSON.stringify(overHttp.body)]) {
      expect(text).not.toContain(platform.key);
      expect(text).not.toContain(created.key);
    }
  });
});

describe('routing', () => {
  it('answers 404 and 405 in the platform error shape', async () => {
    expectPlatformError(await platform.api('GET', '/nowhere'), 404, 'not_found');
    expectPlatformError(await platform.api('PUT', '/api_keys'), 405, 'method_not_allowed');
  });

  it('answers 404 to a path with an empty segment or a trailing slash, as the real service does', async () => {
    expect((await platform.api('GET', '/api_keys')).status).toBe(200);
    for (const path of ['//api_keys', '/api_keys/', '/projects//operations', '/projects/']) {
      expectPlatformError(await platform.api('GET', path), 404, 'not_found');
    }
    const project = platform.emulator.createProject();
    expectPlatformError(await platform.api('GET', `/projects/${project.id}/operations/`), 404, 'not_found');
    expectPlatformError(await platform.api('DELETE', `/api_keys/${platform.keyId}/`), 404, 'not_found');
    expect(platform.emulator.isKeyValid(platform.key)).toBe(true);
  });

  it('answers 401 before any other error to a request without a valid key (spec section 5)', async () => {
    const cases: Array<[string, string, unknown, number]> = [
      ['GET', '/nowhere', undefined, 404],
      ['PUT', '/api_keys', undefined, 405],
      ['GET', '//api_keys', undefined, 404],
      ['POST', '/api_keys', '{"key_name": ', 400],
      ['POST', '/api_keys', JSON.stringify({ key_name: 'x'.repeat(2 * 1024 * 1024) }), 413],
    ];
    for (const [method, path, body, status] of cases) {
      expectPlatformError(await platform.api(method, path, { key: null, body }), 401, 'unauthorized');
      expectPlatformError(await platform.api(method, path, { key: 'f'.repeat(64), body }), 401, 'unauthorized');
      expect((await platform.api(method, path, { body })).status).toBe(status);
    }
    expect(platform.emulator.listKeys()).toHaveLength(1);
  });
});
