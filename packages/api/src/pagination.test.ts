import { describe, expect, it } from 'vitest';
import { type FetchedItems, PagePromise } from './pagination.js';

type Item = { id: string };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));

/** A scripted server: page n answers the n-th response, and records the cursors asked for. */
function scripted(pages: Array<FetchedItems<Item>>) {
  const asked: Array<string | undefined> = [];
  const paginator = new PagePromise<Item>(
    async (cursor) => {
      asked.push(cursor);
      const page = pages[asked.length - 1];
      if (!page) throw new Error(`asked for page ${asked.length}, beyond the script`);
      return page;
    },
    (item) => item.id,
  );
  return { paginator, asked };
}

async function ids(paginator: AsyncIterable<Item>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of paginator) out.push(item.id);
  return out;
}

describe('PagePromise', () => {
  it('follows cursors and stops at the empty page', async () => {
    const { paginator, asked } = scripted([
      { items: items('a', 'b'), cursor: 'c1' },
      { items: items('c', 'd'), cursor: 'c2' },
      { items: [], cursor: 'c3' },
    ]);
    expect(await ids(paginator)).toEqual(['a', 'b', 'c', 'd']);
    expect(asked).toEqual([undefined, 'c1', 'c2']);
  });

  it('stops when the cursor is missing', async () => {
    const { paginator, asked } = scripted([{ items: items('a'), cursor: undefined }]);
    expect(await ids(paginator)).toEqual(['a']);
    expect(asked).toHaveLength(1);
  });

  it('stops when the cursor did not move', async () => {
    const { paginator, asked } = scripted([
      { items: items('a'), cursor: 'c1' },
      { items: items('b'), cursor: 'c1' },
    ]);
    expect(await ids(paginator)).toEqual(['a', 'b']);
    expect(asked).toEqual([undefined, 'c1']);
  });

  it('never yields an item twice when pages overlap at the boundary', async () => {
    const { paginator } = scripted([
      { items: items('a', 'b', 'c'), cursor: 'c1' },
      { items: items('c', 'd'), cursor: 'c2' },
      { items: items('d', 'e'), cursor: 'c3' },
      { items: [], cursor: 'c4' },
    ]);
    expect(await ids(paginator)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stops when a page holds nothing new, even if the cursor moves', async () => {
    const { paginator, asked } = scripted([
      { items: items('a', 'b'), cursor: 'c1' },
      { items: items('a', 'b'), cursor: 'c2' },
    ]);
    expect(await ids(paginator)).toEqual(['a', 'b']);
    expect(asked).toHaveLength(2);
  });

  it('fetches lazily: breaking out early asks for no more pages', async () => {
    const { paginator, asked } = scripted([
      { items: items('a', 'b'), cursor: 'c1' },
      { items: items('c'), cursor: 'c2' },
    ]);
    for await (const item of paginator) if (item.id === 'b') break;
    expect(asked).toHaveLength(1);
  });

  it('collects everything with toArray', async () => {
    const { paginator } = scripted([
      { items: items('a'), cursor: 'c1' },
      { items: [], cursor: 'c1' },
    ]);
    expect((await paginator.toArray()).map((i) => i.id)).toEqual(['a']);
  });

  it('awaits to the first page, whose next pages follow the same rules', async () => {
    const { paginator, asked } = scripted([
      { items: items('a', 'b'), cursor: 'c1' },
      { items: items('b', 'c'), cursor: 'c1' },
    ]);
    const first = await paginator;
    expect(first.data.map((i) => i.id)).toEqual(['a', 'b']);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((i) => i.id)).toEqual(['c']);
    expect(second.hasNextPage()).toBe(false);
    await expect(second.getNextPage()).rejects.toThrow(/no next page/);
    expect(asked).toEqual([undefined, 'c1']);
  });

  it('asks for nothing until awaited or iterated, and reads the first page once however often awaited', async () => {
    const { paginator, asked } = scripted([{ items: items('a'), cursor: undefined }]);
    expect(asked).toEqual([]);
    await paginator;
    await paginator;
    expect(asked).toHaveLength(1);
  });

  it('rejects, when awaited or iterated, with what the reader throws', async () => {
    const failing = new PagePromise<Item>(
      async () => {
        throw new Error('bad limit');
      },
      (item) => item.id,
    );
    await expect(failing).rejects.toThrow('bad limit');
    await expect(failing.toArray()).rejects.toThrow('bad limit');
  });
});
