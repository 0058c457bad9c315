// The platform's control routes under /__emulator, over HTTP, as another process drives a
// CLI-started emulator: keys, projects, operations, seeding, the request log.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;
beforeEach(async () => {
  platform = await startTestPlatform({ operationTimings: { schedulingMs: 60_000, runningMs: 60_000 } });
});
afterEach(() => platform.emulator.close());

describe('keys', () => {
  it('makes a console key that works against the API, and lists every key without values', async () => {
    const made = await platform.control('POST', '/keys', { name: 'from-console' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: platform.keyId + 1, key: expect.stringMatching(/^napi_[A-Za-z0-9]{64}$/), name: 'from-console' });
    expect((await platform.api('GET', '/projects', { key: made.body.key })).status).toBe(200);
    const defaultName = await platform.control('POST', '/keys');
    expect(defaultName.body.name).toEqual(expect.any(String));

    await platform.control('DELETE', `/keys/${made.body.id}`);
    const listed = await platform.control('GET', '/keys');
    expect(listed.body.keys).toEqual([
      expect.objectContaining({ id: platform.keyId, revoked: false, last_used_from_addr: null }),
      expect.objectContaining({ id: made.body.id, revoked: true, last_used_from_addr: '127.0.0.1' }),
      expect.objectContaining({ id: defaultName.body.id, revoked: false, last_used_at: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.key);
    expect((await platform.control('DELETE', `/keys/${made.body.id}`)).status).toBe(404);
  });

  it('revokes only by a decimal id: 0x1, 1e0 or +1 are a 400 and revoke nothing', async () => {
    for (const id of ['0x1', '1e0', '+1', '1.0', ' 1', '0b1', '9'.repeat(16)]) {
      const reply = await platform.control('DELETE', `/keys/${encodeURIComponent(id)}`);
      expect({ id, status: reply.status }).toEqual({ id, status: 400 });
    }
    expect(platform.emulator.isKeyValid(platform.key)).toBe(true);
    expect((await platform.control('DELETE', `/keys/${platform.keyId}`)).status).toBe(200);
    expect(platform.emulator.isKeyValid(platform.key)).toBe(false);
  });

  it('answers 400 to a body that is not JSON, and 413 to one too large', async () => {
    const bad = await platform.control('POST', '/keys', '{"name": ');
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringMatching(/JSON/) } });
    const big = await platform.control('POST', '/keys', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big).toMatchObject({ status: 413, body: { message: expect.any(String) } });
    expect(platform.emulator.listKeys()).toHaveLength(1);
  });

  it('refuses a name that is too long', async () => {
    const reply = await platform.control('POST', '/keys', { name: 'x'.repeat(65) });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/64/);
  });
});

describe('projects and operations', () => {
  it('creates a project, starts operations, sets a status by hand and seeds history', async () => {
    const project = await platform.control('POST', '/projects', { name: 'from-control', region_id: 'aws-eu-central-1' });
    expect(project.status).toBe(201);
    expect(project.body).toMatchObject({ name: 'from-control', region_id: 'aws-eu-central-1', pg_version: expect.any(Number) });
    const id = project.body.id;
    expect((await platform.api('GET', '/projects')).body.projects.map((p: { id: string }) => p.id)).toEqual([id]);

    const started = await platform.control('POST', `/projects/${id}/operations`, [
      { action: 'start_compute' },
      { action: 'create_branch', schedulingMs: 0 },
    ]);
    expect(started.status).toBe(201);
    expect(started.body.operations.map((o: { status: string }) => o.status)).toEqual(['scheduling', 'running']);
    const [first] = started.body.operations;

    const patched = await platform.control('PATCH', `/projects/${id}/operations/${first.id}`, { status: 'failed', error: 'no capacity' });
    expect(patched.status).toBe(200);
    expect(patched.body.operation).toMatchObject({ status: 'failed', error: 'no capacity', failures_count: 1 });
    const read = await platform.api('GET', `/projects/${id}/operations/${first.id}`);
    expect(read.body.operation).toMatchObject({ status: 'failed', error: 'no capacity' });

    const seeded = await platform.control('POST', `/projects/${id}/operations/seed`, { count: 25, status: 'skipped' });
    expect(seeded.status).toBe(201);
    expect(seeded.body).toEqual({ seeded: 25, total: 27 });
    const page = await platform.api('GET', `/projects/${id}/operations?limit=100`);
    expect(page.body.operations).toHaveLength(27);
    expect(page.body.operations.slice(2).every((o: { status: string }) => o.status === 'skipped')).toBe(true);
  });

  it('answers 404 for an unknown project or operation and 400 for bad input', async () => {
    const id = (await platform.control('POST', '/projects', {})).body.id;
    expect((await platform.control('POST', '/projects/nope/operations', [{}])).status).toBe(404);
    expect((await platform.control('PATCH', `/projects/${id}/operations/${crypto.randomUUID()}`, { status: 'finished' })).status).toBe(404);
    expect((await platform.control('POST', `/projects/${id}/operations`, [{ final: 'done' }])).status).toBe(400);
    expect((await platform.control('POST', `/projects/${id}/operations`, [{ runningMs: 'soon' }])).status).toBe(400);
    expect((await platform.control('POST', `/projects/${id}/operations/seed`, { count: 'many' })).status).toBe(400);
    expect((await platform.control('POST', '/projects', { pg_version: 'latest' })).status).toBe(400);
    const [op] = platform.emulator.startOperations(id, [{}]);
    expect((await platform.control('PATCH', `/projects/${id}/operations/${op!.id}`, {})).status).toBe(400);
  });
});

describe('retrying and failed operations', () => {
  it('sets failures_count and retry_at with the status, and never lowers the count', async () => {
    const id = (await platform.control('POST', '/projects', {})).body.id;
    const [op] = platform.emulator.startOperations(id, [{ action: 'start_compute' }]);
    const path = `/projects/${id}/operations/${op!.id}`;

    const retrying = await platform.control('PATCH', path, {
      status: 'running',
      failures_count: 2,
      retry_at: '2024-06-01T12:05:00Z',
      error: 'compute did not start',
    });
    expect(retrying.status).toBe(200);
    expect(retrying.body.operation).toMatchObject({
      status: 'running',
      failures_count: 2,
      retry_at: '2024-06-01T12:05:00Z',
      error: 'compute did not start',
    });
    expect((await platform.api('GET', `/projects/${id}/operations/${op!.id}`)).body.operation).toMatchObject({
      failures_count: 2,
      retry_at: '2024-06-01T12:05:00Z',
    });

    const lowered = await platform.control('PATCH', path, { status: 'running', failures_count: 1 });
    expect(lowered).toMatchObject({ status: 400, body: { message: expect.stringMatching(/never decreases/) } });

    const failed = await platform.control('PATCH', path, { status: 'failed', error: 'gave up' });
    expect(failed.body.operation).toMatchObject({ status: 'failed', failures_count: 3, error: 'gave up' });
    expect(failed.body.operation.retry_at).toBeUndefined();

    for (const body of [
      { status: 'running', failures_count: -1 },
      { status: 'running', failures_count: 1.5 },
      { status: 'running', failures_count: '4' },
      { status: 'running', retry_at: 'soon' },
      { status: 'running', retry_at: 1717243500000 },
    ]) {
      const reply = await platform.control('PATCH', path, body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
    }
    expect(platform.emulator.getOperation(id, op!.id)).toMatchObject({ status: 'failed', failures_count: 3 });
  });
});

describe('request log', () => {
  it('records API requests but not control requests, and can be cleared', async () => {
    await platform.control('GET', '/keys');
    await platform.api('GET', '/projects');
    const logged = await platform.control('GET', '/requests');
    expect(logged.body.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/projects', status: 200, actor: `key:${platform.keyId}` }),
    ]);
    expect((await platform.control('DELETE', '/requests')).status).toBe(204);
    expect((await platform.control('GET', '/requests')).body.requests).toEqual([]);
  });
});
