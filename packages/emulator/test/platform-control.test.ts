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
    expect(made.body).toEqual({ id: platform.keyId + 1, key: expect.stringMatching(/^[0-9a-f]{64}$/), name: 'from-console' });
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
