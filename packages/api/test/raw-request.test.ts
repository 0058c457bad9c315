// client.request(): an endpoint the typed resources do not cover, through the same transport: the
// key sent to the configured origin only, retries, typed errors, and checks before any request.
import { describe, expect, it } from 'vitest';
import { NotFoundError, OptionError, ServerError } from '../src/errors.js';
import { usePlatform } from './fixture.js';

const platform = usePlatform();

describe('client.request', () => {
  it('sends a JSON body and resolves to the parsed answer', async () => {
    type BranchAnswer = { branch: { id: string; name: string }; operations: Array<{ id: string; action: string }> };
    const answer = await platform
      .client()
      .request<BranchAnswer>('POST', `/projects/${platform.projectId}/branches`, { body: { branch: { name: 'preview/pr-1' } } });
    expect(answer.branch).toMatchObject({ id: expect.any(String), name: 'preview/pr-1' });
    expect(answer.operations.length).toBeGreaterThan(0);
    expect(platform.requests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/projects/${platform.projectId}/branches`,
        status: 201,
        actor: `key:${platform.key.id}`,
      }),
    ]);
  });

  it('sends the query, leaving out undefined values', async () => {
    platform.emulator.seedOperations(platform.projectId, 3);
    const page = await platform
      .client()
      .request<{ operations: unknown[] }>('GET', `/projects/${platform.projectId}/operations`, { query: { limit: 2, cursor: undefined } });
    expect(page.operations).toHaveLength(2);
    expect(platform.requests()[0]!.query).toBe('?limit=2');
  });

  it('retries and fails as every request of the client', async () => {
    platform.emulator.faults.add({ method: 'GET', path: '/projects', kind: 'status', status: 503, times: 1 });
    const client = platform.client({ retries: { baseDelayMs: 1 } });
    await expect(client.request('GET', '/projects')).resolves.toMatchObject({ projects: expect.any(Array) });
    expect(platform.requests().map((r) => r.status)).toEqual([503, 200]);
    await expect(client.request('GET', '/projects/no-such-project/operations')).rejects.toBeInstanceOf(NotFoundError);
    platform.emulator.faults.add({ method: 'POST', kind: 'status', status: 500, times: 1 });
    const failed = await client
      .request('POST', `/projects/${platform.projectId}/branches`, { body: { branch: {} } })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServerError);
    expect(failed).toMatchObject({ transient: true, mayHaveTakenEffect: true, attempts: 1 });
  });

  it.each([
    ['method', () => platform.client().request('TRACE' as never, '/projects')],
    ['path', () => platform.client().request('GET', 'projects')],
    ['path', () => platform.client().request('GET', '//evil.example/projects')],
    ['path', () => platform.client().request('GET', '/projects?limit=1')],
    ['query', () => platform.client().request('GET', '/projects', { query: { limit: [1] as never } })],
    ['headers', () => platform.client().request('GET', '/projects', { headers: {} } as never)],
  ])('refuses a mistake in %s before any request', async (option, call) => {
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toMatchObject({ option });
    expect(platform.requests()).toHaveLength(0);
  });
});
