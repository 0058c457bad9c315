// What operations.wait spends: O(1) requests per round however many operations are awaited, and
// a bounded scan of the list when the ids are omitted. Counts come from the emulator's request log.
import { describe, expect, it } from 'vitest';
import { ServerError } from '../src/errors.js';
import type { PollEvent } from '../src/waiter/wait.js';
import { useWaitPlatform } from './wait-fixture.js';

const w = useWaitPlatform();
const { platform, start, waitFor, listRequests } = w;

describe('operations.wait costs O(1) requests per round', () => {
  it('one list request per round for 300 operations among 5000', async () => {
    platform.emulator.seedOperations(platform.projectId, 5000);
    const ops = start(...Array.from({ length: 300 }, (_, i) => ({ schedulingMs: 0, runningMs: 1000 * (1 + (i % 4)) })));
    const polls: PollEvent[] = [];
    const result = await waitFor(
      ops.map((o) => o.id),
      { intervalMs: 1000, onPoll: (e) => polls.push(e) },
    );
    expect(result.status).toBe('finished');
    expect(polls.map((p) => p.requests)).toEqual([1, 1, 1, 1, 1]);
    expect(platform.requests().every((r) => r.path === `/projects/${platform.projectId}/operations`)).toBe(true);
  });

  it('reads a second page when newer operations push the awaited ones down, then widens the first', async () => {
    const [op] = start({ schedulingMs: 3000, runningMs: 0 });
    const polls: PollEvent[] = [];
    await waitFor([op!.id], {
      intervalMs: 1000,
      onPoll: (e) => {
        polls.push(e);
        if (e.round === 1) start(...Array.from({ length: 50 }, () => ({ schedulingMs: 0, runningMs: 0 })));
      },
    });
    expect(polls.map((p) => p.requests)).toEqual([1, 2, 1, 1]);
    // limits: the first window (100) + 10 headroom; then 1.25 x (position 0 + 1) + 10, which misses the operation
    // now 50 down, so a second page of 1000; then 1.25 x (50 + 1) + 10 reaches it at once
    const limits = listRequests().map((r) => new URLSearchParams(r.query).get('limit'));
    expect(limits).toEqual(['110', '12', '1000', '74', '74']);
  });

  it('fetches an operation deep in history by id, without reading pages for it again', async () => {
    const [old] = start({ schedulingMs: 5000, runningMs: 0 });
    start(...Array.from({ length: 2500 }, () => ({ schedulingMs: 0, runningMs: 0 })));
    const polls: PollEvent[] = [];
    const result = await waitFor([old!.id], { intervalMs: 1000, onPoll: (e) => polls.push(e) });
    expect(result.status).toBe('finished');
    // round 1: two pages, then the GET; later rounds: the GET alone
    expect(polls.map((p) => p.requests)).toEqual([3, 1, 1, 1, 1, 1]);
    expect(platform.requests({ path: `/projects/${platform.projectId}/operations/${old!.id}` })).toHaveLength(6);
  });
});

describe('operations.wait without ids', () => {
  it('awaits what is pending now, reading the list until two pages in a row hold nothing pending', async () => {
    platform.emulator.seedOperations(platform.projectId, 2500);
    const pending = start({ schedulingMs: 0, runningMs: 2000 }, { schedulingMs: 1000, runningMs: 2000 });
    w.time.advance(1);
    const done = start({ schedulingMs: 0, runningMs: 0 });
    const polls: PollEvent[] = [];
    const result = await waitFor(undefined, { intervalMs: 1000, onPoll: (e) => polls.push(e) });
    expect(result.status).toBe('finished');
    expect(result.operations.map((o) => o.id).sort()).toEqual(pending.map((o) => o.id).sort());
    expect(result.operations.map((o) => o.id)).not.toContain(done[0]!.id);
    // the scan: the page holding the pending ones, then two quiet pages of 1000; then one request per round
    expect(polls.map((p) => p.requests)).toEqual([3, 1, 1, 1]);
  });

  it('reads a bounded number of pages however long the history: 3 requests for 20,000 operations', async () => {
    platform.emulator.seedOperations(platform.projectId, 20_000);
    const [op] = start({ schedulingMs: 0, runningMs: 1000 });
    const polls: PollEvent[] = [];
    // 'pending', said explicitly, is what omitting ids means
    const result = await waitFor(undefined, { ids: 'pending', intervalMs: 1000, onPoll: (e) => polls.push(e) });
    expect(result).toMatchObject({ status: 'finished', operations: [expect.objectContaining({ id: op!.id })] });
    expect(polls[0]!.requests).toBe(3);
    expect(
      listRequests()
        .slice(0, 3)
        .map((r) => new URLSearchParams(r.query).get('limit')),
    ).toEqual(['1000', '1000', '1000']);
  });

  it('does not await an operation pending below two pages of final ones (pass its id instead)', async () => {
    platform.emulator.seedOperations(platform.projectId, 2999);
    platform.emulator.seedOperations(platform.projectId, 1, { status: 'running' }); // older than the 2999
    const [recent] = start({ schedulingMs: 0, runningMs: 1000 });
    const all = await platform.client().operations.list(platform.projectId, { limit: 1000 }).toArray();
    const buried = all.filter((o) => o.status === 'running' && o.id !== recent!.id);
    expect(buried.map((o) => all.indexOf(o))).toEqual([3000]);
    platform.emulator.log.clear();

    const polls: PollEvent[] = [];
    const result = await waitFor(undefined, { intervalMs: 1000, onPoll: (e) => polls.push(e) });
    expect(result).toMatchObject({ status: 'finished', operations: [expect.objectContaining({ id: recent!.id })] });
    // the page with the recent one, then two quiet pages: the page holding position 3000 is not read
    expect(polls[0]!.requests).toBe(3);
  });

  it('finishes after the scan when nothing is pending', async () => {
    platform.emulator.seedOperations(platform.projectId, 5);
    const result = await waitFor();
    expect(result).toMatchObject({ status: 'finished', operations: [], unknownIds: [], rounds: 1, requests: 2 });
  });

  it('scans again at the next interval when a scan fails with a transient error, keeping what it found', async () => {
    platform.emulator.seedOperations(platform.projectId, 1500);
    const [op] = start({ schedulingMs: 0, runningMs: 60_000 });
    // the first page answers; the second fails through every retry (5 attempts): the scan is cut short
    let faulted = false;
    const onRequest = () => {
      if (!faulted) platform.emulator.faults.add({ method: 'GET', kind: 'status', status: 500, times: 5 });
      faulted = true;
    };
    const polls: PollEvent[] = [];
    const result = await waitFor(undefined, { intervalMs: 5000, onPoll: (e) => polls.push(e) }, { onRequest });
    expect(result).toMatchObject({ status: 'finished', operations: [expect.objectContaining({ id: op!.id })] });
    expect(polls[0]!.error).toBeInstanceOf(ServerError);
    expect(polls[0]).toMatchObject({ round: 1, requests: 6, awaited: 1, pending: 1 });
    // round 2 scans again from the head: the page with the operation, then the 1500 final ones
    expect(polls[1]).toMatchObject({ requests: 3, awaited: 1, pending: 1 });
    expect(polls[1]!.error).toBeUndefined();
    expect(
      listRequests()
        .map((r) => r.status)
        .slice(0, 9),
    ).toEqual([200, 500, 500, 500, 500, 500, 200, 200, 200]);
  });
});
