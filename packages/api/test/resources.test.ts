// Every resource against the platform emulator over real HTTP.
import { describe, expect, it } from 'vitest';
import { AuthenticationError, InvalidRequestError, NotFoundError } from '../src/errors.js';
import type { OperationsPage } from '../src/types.js';
import { usePlatform } from './fixture.js';

const platform = usePlatform();

describe('apiKeys', () => {
  it('creates a key that works at once, lists it, and revokes it for good', async () => {
    const client = platform.client();
    const created = await client.apiKeys.create({ key_name: 'ci-2025-01-01' });
    expect(created).toMatchObject({ id: expect.any(Number), key: expect.any(String), name: 'ci-2025-01-01' });
    expect(platform.emulator.isKeyValid(created.key)).toBe(true);

    const second = client.withApiKey(created.key);
    const listed = await second.apiKeys.list().toArray();
    expect(listed.map((k) => k.id)).toEqual(expect.arrayContaining([platform.key.id, created.id]));
    const mine = listed.find((k) => k.id === created.id)!;
    expect(mine).toMatchObject({ name: 'ci-2025-01-01', created_at: expect.any(String) });
    expect(Object.values(mine)).not.toContain(created.key);

    const revoked = await second.apiKeys.revoke(platform.key.id);
    expect(revoked).toMatchObject({ id: platform.key.id, revoked: true });
    await expect(client.apiKeys.list()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(second.apiKeys.revoke(platform.key.id)).rejects.toBeInstanceOf(NotFoundError);
    // who asked, as the emulator saw it: the revoked key is no one (401) and the 404 is not retried
    expect(platform.requests({ path: '/api_keys' }).map((r) => [r.actor, r.status])).toEqual([
      [`key:${platform.key.id}`, 200],
      [`key:${created.id}`, 200],
      [`key:${created.id}`, 200],
      [undefined, 401],
      [`key:${created.id}`, 404],
    ]);
  });

  it('checks key_name before sending anything', async () => {
    const client = platform.client();
    await expect(client.apiKeys.create({ key_name: '' })).rejects.toThrow(/key_name must be a string of 1 to 64 characters \(got 0\)/);
    await expect(client.apiKeys.create({ key_name: 'x'.repeat(65) })).rejects.toThrow(/\(got 65\)/);
    await expect(client.apiKeys.create(undefined as never)).rejects.toThrow(/params must be an object/);
    await expect(client.apiKeys.revoke(0)).rejects.toThrow(/keyId must be an integer >= 1/);
    await expect(client.apiKeys.revoke('7' as never)).rejects.toThrow(/keyId must be an integer/);
    expect(platform.requests()).toHaveLength(0);
    // 64 characters is the limit, counted as characters, not bytes
    await expect(client.apiKeys.create({ key_name: 'é'.repeat(64) })).resolves.toMatchObject({ name: 'é'.repeat(64) });
  });

  it('turns a 400 from the platform into InvalidRequestError', async () => {
    platform.emulator.faults.add({ method: 'POST', path: '/api_keys', kind: 'status', status: 400 });
    await expect(platform.client().apiKeys.create({ key_name: 'x' })).rejects.toBeInstanceOf(InvalidRequestError);
  });
});

describe('projects', () => {
  it('lists every project of the account', async () => {
    const second = platform.emulator.createProject({ name: 'second' });
    const projects = await platform.client().projects.list().toArray();
    expect(projects.map((p) => p.id).sort()).toEqual([platform.projectId, second.id].sort());
    expect(projects.find((p) => p.id === second.id)).toMatchObject({ name: 'second', pg_version: expect.any(Number) });
    // The list pages (the published description's listProjects): the page after the last is empty.
    expect(platform.requests({ path: '/projects' }).map((r) => r.query)).toEqual(['', `?cursor=${second.id}`]);
  });

  it('iterates projects as an async iterable', async () => {
    const names: string[] = [];
    for await (const project of platform.client().projects.list()) names.push(project.name);
    expect(names).toEqual(['test-project']);
  });

  it('awaits to the first page, as every list', async () => {
    const page = await platform.client().projects.list();
    expect(page.data.map((p) => p.id)).toEqual([platform.projectId]);
    expect(page.hasNextPage()).toBe(true);
    expect((await page.getNextPage()).data).toEqual([]);
  });
});

describe('operations', () => {
  it('gets one operation, with the fields the platform sends', async () => {
    const [op] = platform.emulator.startOperations(platform.projectId, [{ action: 'start_compute' }]);
    const got = await platform.client().operations.get(platform.projectId, op!.id);
    expect(got).toMatchObject({ id: op!.id, project_id: platform.projectId, action: 'start_compute', endpoint_id: expect.any(String) });
  });

  it('lists one page newest first, and the next from it', async () => {
    const ops = platform.emulator.startOperations(platform.projectId, [{}, {}, {}]);
    const client = platform.client();
    const first = await client.operations.list(platform.projectId, { limit: 2 });
    expect(first.data.map((o) => o.id)).toEqual([ops[2]!.id, ops[1]!.id]);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((o) => o.id)).toEqual([ops[0]!.id]);
    expect(platform.requests()[1]).toMatchObject({ query: expect.stringContaining('cursor=') });
  });

  it('starts at a cursor given in the params', async () => {
    const ops = platform.emulator.startOperations(platform.projectId, [{}, {}, {}]);
    const client = platform.client();
    const raw = await client.request<OperationsPage>('GET', `/projects/${platform.projectId}/operations`, { query: { limit: 2 } });
    const cursor = raw.pagination?.cursor;
    expect(cursor).toBeTruthy();
    const rest = await client.operations.list(platform.projectId, { limit: 2, cursor: cursor! }).toArray();
    expect(rest.map((o) => o.id)).toEqual([ops[0]!.id]);
  });

  it('names an unknown project or operation as NotFoundError', async () => {
    const client = platform.client();
    await expect(client.operations.get(platform.projectId, 'no-such-op')).rejects.toThrow(
      /GET \/projects\/[^/]+\/operations\/no-such-op failed with HTTP 404 not_found.*Check the ids/,
    );
    await expect(client.operations.list('no-such-project')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('checks its arguments before sending anything', async () => {
    const client = platform.client();
    await expect(client.operations.list('')).rejects.toThrow(/operations.list: projectId must be a non-empty string/);
    await expect(client.operations.list('p', { limit: 0 })).rejects.toThrow(/limit must be an integer >= 1 and <= 1000/);
    await expect(client.operations.list('p', { limit: 1001 })).rejects.toThrow(/limit/);
    await expect(client.operations.list('p', { cursor: '' })).rejects.toThrow(/cursor must be a non-empty string/);
    await expect(client.operations.list('p', { limt: 5 } as never)).rejects.toThrow(/unknown option "limt"/);
    await expect(client.operations.get('p', '..')).rejects.toThrow(/must not be empty, "\." or "\.\."/);
    await expect(client.operations.list('p', { limit: 2000 }).toArray()).rejects.toThrow(/limit/);
    expect(platform.requests()).toHaveLength(0);
  });
});
