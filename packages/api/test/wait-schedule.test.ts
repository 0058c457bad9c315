// The waiter's adaptive schedule against the emulator, on one fake clock: short rounds first, so a
// short operation is seen finished soon after it ends; the configured interval as the ceiling; a
// back-off to the ceiling, and the platform's Retry-After, after a round that failed.
import { describe, expect, it } from 'vitest';
import type { PollEvent } from '../src/waiter/wait.js';
import { fakeTime } from './fixture.js';
import { useWaitPlatform } from './wait-fixture.js';

const w = useWaitPlatform();
const { platform, start, waitFor } = w;
const faults = () => platform.emulator.faults;

describe('the adaptive schedule', () => {
  it.each([
    [500, 1000, 2],
    [1000, 1000, 2],
    [3000, 3000, 4],
  ])('sees an operation lasting %i ms finished at %i ms, with %i requests', async (duration, seenAt, requests) => {
    const [op] = start({ schedulingMs: 0, runningMs: duration });
    const result = await waitFor([op!.id], { timeoutMs: 600_000 });
    expect(result).toMatchObject({ status: 'finished', elapsedMs: seenAt, requests });
  });

  it('spends one request a round on 40 operations of mixed durations, and sees the last within a fifth of its duration', async () => {
    const ops = start(...Array.from({ length: 40 }, (_, i) => ({ schedulingMs: 0, runningMs: 250 * (i + 1) })));
    const polls: PollEvent[] = [];
    const result = await waitFor(
      ops.map((o) => o.id),
      { onPoll: (e) => polls.push(e) },
    );
    expect(result.status).toBe('finished');
    expect(polls.every((p) => p.requests === 1)).toBe(true);
    // the last ends at 10 s; rounds start at 0, 1, ... 6 s, then 7.08, 8.354, 9.857, 11.631 s
    expect(result).toMatchObject({ rounds: 11, requests: 11, elapsedMs: 11_631 });
    expect(result.elapsedMs - 10_000).toBeLessThanOrEqual(0.2 * 10_000);
  });

  it('settles at the configured interval, its ceiling, however long the wait', async () => {
    const [op] = start({ schedulingMs: 0, runningMs: 120_000 });
    const result = await waitFor([op!.id], { intervalMs: 10_000 });
    expect(result.status).toBe('finished');
    expect(Math.max(...w.time.sleeps)).toBe(10_000);
    expect(w.time.sleeps.slice(-3)).toEqual([10_000, 10_000, 10_000]);
    expect(w.time.sleeps.slice(0, 6)).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
  });

  it('starts every round at the minimum when it is given equal to the interval (the fixed schedule)', async () => {
    const [op] = start({ schedulingMs: 0, runningMs: 12_000 });
    const result = await waitFor([op!.id], { intervalMs: 5000, minIntervalMs: 5000 });
    expect(result).toMatchObject({ status: 'finished', elapsedMs: 15_000 });
    expect(w.time.sleeps).toEqual([5000, 5000, 5000]);
  });

  it('counts the delays between round starts: a round that takes time shortens the sleep after it', async () => {
    w.time = fakeTime({ requestMs: 100 });
    const [op] = start({ schedulingMs: 0, runningMs: 2500 });
    const result = await waitFor([op!.id]);
    expect(result.status).toBe('finished');
    expect(w.time.sleeps).toEqual([900, 900, 900]);
  });
});

describe('after a round that failed', () => {
  it('rounds start a full interval apart from then on (the platform is struggling or limiting)', async () => {
    const [op] = start({ schedulingMs: 0, runningMs: 20_000 });
    const polls: PollEvent[] = [];
    const result = await waitFor([op!.id], {
      onPoll: (e) => {
        polls.push(e);
        if (e.round === 2) faults().add({ method: 'GET', kind: 'status', status: 503, times: 5 });
      },
    });
    expect(result.status).toBe('finished');
    expect(polls[2]!.error?.status).toBe(503);
    // round 3 (started at 2 s) failed after the client's own retries, 3750 ms of backoff at random
    // 0.5; the next round starts 5 s after it began, and so on
    expect(w.time.sleeps).toEqual([1000, 1000, 250, 500, 1000, 2000, 1250, 5000, 5000, 5000]);
    expect(polls.map((p) => p.elapsedMs)).toEqual([0, 1000, 5750, 7000, 12_000, 17_000, 22_000]);
  });

  it("waits the platform's Retry-After before the next round when a 429 outlasted the client's retries", async () => {
    const [op] = start({ schedulingMs: 0, runningMs: 40_000 });
    const polls: PollEvent[] = [];
    const result = await waitFor(
      [op!.id],
      {
        onPoll: (e) => {
          polls.push(e);
          if (e.round === 1) faults().add({ method: 'GET', kind: 'status', status: 429, retryAfter: 30 });
        },
      },
      // a Retry-After past 10 s is not waited inside the request: the wait gets the 429 at once
      { retries: { maxRetryAfterMs: 10_000 } },
    );
    expect(result.status).toBe('finished');
    expect(polls[1]).toMatchObject({ round: 2, requests: 1, elapsedMs: 1000 });
    expect(polls[1]!.error?.retryAfterMs).toBe(30_000);
    expect(w.time.sleeps.slice(0, 2)).toEqual([1000, 30_000]);
    expect(w.time.sleeps.slice(2).every((ms) => ms === 5000)).toBe(true);
  });

  it('waits out the deadline without another request when Retry-After reaches past it', async () => {
    const [op] = start({ schedulingMs: 0, runningMs: 3_600_000 });
    const polls: PollEvent[] = [];
    const result = await waitFor(
      [op!.id],
      {
        timeoutMs: 20_000,
        onPoll: (e) => {
          polls.push(e);
          if (e.round === 1) faults().add({ method: 'GET', kind: 'status', status: 429, retryAfter: 120 });
        },
      },
      { retries: { maxRetryAfterMs: 10_000 } },
    );
    expect(result).toMatchObject({ status: 'timed-out', rounds: 2, requests: 2, elapsedMs: 20_000 });
    expect(platform.requests()).toHaveLength(2);
  });
});
