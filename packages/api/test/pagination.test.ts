// operations.list over the emulator's cursor pagination: newest first, every item once, the
// request count a page walk needs, and the end on the empty page.
import { describe, expect, it } from 'vitest';
import { usePlatform } from './fixture.js';

const platform = usePlatform();

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('operations.list', () => {
  it('walks every operation newest first, each once, ending on the empty page', async () => {
    platform.emulator.seedOperations(platform.projectId, 250);
    const newest = platform.emulator.startOperations(platform.projectId, [{ action: 'create_branch' }, { action: 'start_compute' }]);
    const ops = await collect(platform.client().operations.list(platform.projectId, { limit: 100 }));
    expect(ops).toHaveLength(252);
    expect(new Set(ops.map((o) => o.id)).size).toBe(252);
    expect(ops.slice(0, 2).map((o) => o.id)).toEqual([newest[1]!.id, newest[0]!.id]);
    const created = ops.map((o) => Date.parse(o.created_at));
    expect(created.every((t, i) => i === 0 || t <= created[i - 1]!)).toBe(true);
    // pages of 100, 100, 52, then the empty page that ends the list
    const pages = platform.requests({ path: `/projects/${platform.projectId}/operations` });
    expect(pages).toHaveLength(4);
    expect(pages[0]!.query).toBe('?limit=100');
    expect(pages.slice(1).every((p) => /^\?limit=100&cursor=/.test(p.query))).toBe(true);
  });

  it('asks for the largest page without a limit: the fewest requests', async () => {
    platform.emulator.seedOperations(platform.projectId, 2500);
    const ops = await collect(platform.client().operations.list(platform.projectId));
    expect(ops).toHaveLength(2500);
    const pages = platform.requests();
    expect(pages.map((p) => new URLSearchParams(p.query).get('limit'))).toEqual(['1000', '1000', '1000', '1000']); // 1000, 1000, 500, empty
  });

  it('fetches lazily: stopping early spends one request', async () => {
    platform.emulator.seedOperations(platform.projectId, 30);
    for await (const op of platform.client().operations.list(platform.projectId, { limit: 10 })) {
      expect(op.status).toBe('finished');
      break;
    }
    expect(platform.requests()).toHaveLength(1);
  });

  it('yields nothing for a project without operations, after one request', async () => {
    expect(await collect(platform.client().operations.list(platform.projectId))).toEqual([]);
    expect(platform.requests()).toHaveLength(1);
  });

  it('can be iterated again, fetching afresh', async () => {
    platform.emulator.seedOperations(platform.projectId, 3);
    const iterable = platform.client().operations.list(platform.projectId);
    expect(await collect(iterable)).toHaveLength(3);
    platform.emulator.startOperations(platform.projectId, [{}]);
    expect(await collect(iterable)).toHaveLength(4);
  });
});
