import { describe, expect, it } from 'vitest';
import { mapWithLimit } from './map-with-limit.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One task per item that ends only when the test settles it; records the starts and the most running at once. */
function controlledTasks(count: number) {
  const answers = Array.from({ length: count }, () => deferred<string>());
  const started = Array.from({ length: count }, () => deferred<void>());
  const order: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const task = async (_item: string, index: number) => {
    order.push(index);
    mostAtOnce = Math.max(mostAtOnce, ++running);
    started[index]!.resolve();
    try {
      return await answers[index]!.promise;
    } finally {
      running--;
    }
  };
  return { task, answers, started, order, mostAtOnce: () => mostAtOnce };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('mapWithLimit', () => {
  it('runs at most `limit` tasks at once, starts them in order and returns results by index', async () => {
    const t = controlledTasks(5);
    const done = mapWithLimit(['a', 'b', 'c', 'd', 'e'], 2, t.task);
    await Promise.all([t.started[0]!.promise, t.started[1]!.promise]);
    await tick();
    expect(t.order).toEqual([0, 1]);
    // Answers out of order; each end lets the next item start.
    for (const index of [1, 2, 3]) {
      t.answers[index]!.resolve(`${index}`);
      await t.started[index + 1]!.promise;
    }
    t.answers[4]!.resolve('4');
    t.answers[0]!.resolve('0');
    expect(await done).toEqual(['0', '1', '2', '3', '4'].map((value) => ({ status: 'fulfilled', value })));
    expect(t.order).toEqual([0, 1, 2, 3, 4]);
    expect(t.mostAtOnce()).toBe(2);
  });

  it('starts nothing after a failure, and the first rejection by index is the first failure', async () => {
    const t = controlledTasks(6);
    const done = mapWithLimit(['a', 'b', 'c', 'd', 'e', 'f'], 3, t.task);
    await Promise.all(t.started.slice(0, 3).map((s) => s.promise));
    t.answers[2]!.reject(new Error('c failed'));
    await tick();
    t.answers[1]!.reject(new Error('b failed'));
    t.answers[0]!.resolve('a');
    const results = await done;
    expect(t.order).toEqual([0, 1, 2]);
    expect(results.map((r) => r?.status)).toEqual(['fulfilled', 'rejected', 'rejected', undefined, undefined, undefined]);
    const first = results.find((r) => r?.status === 'rejected') as PromiseRejectedResult;
    expect((first.reason as Error).message).toBe('b failed');
  });

  it('handles an empty list and a limit above the count', async () => {
    expect(await mapWithLimit([], 8, async () => 1)).toEqual([]);
    expect(await mapWithLimit([1, 2], 8, async (n) => n * 10)).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'fulfilled', value: 20 },
    ]);
  });

  it('refuses a limit below 1', async () => {
    await expect(mapWithLimit([1], 0, async (n) => n)).rejects.toThrow(/limit must be a whole number of at least 1/);
  });
});
