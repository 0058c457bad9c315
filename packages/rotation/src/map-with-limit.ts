// Runs a task over items at most `limit` at a time, started in item order, so that reads of many
// targets overlap while the outcome stays deterministic: results come back by index, whatever
// order the answers arrived in.

/**
 * Settles `task(item, index)` for the items, at most `limit` running at once, started in order.
 * After a task fails no further task starts: every item before the failed one has started, so
 * the first rejection by index is the first failure of the whole list. An item never started is
 * `undefined` in the result.
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<Array<PromiseSettledResult<R> | undefined>> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of at least 1, not ${limit}`);
  const results: Array<PromiseSettledResult<R> | undefined> = new Array(items.length).fill(undefined);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index]!, index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
