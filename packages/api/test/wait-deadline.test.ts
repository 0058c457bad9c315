// The waiter's deadline and pace: every request of the wait ends at the deadline (the wait then
// returns `timed-out` with the last known states), a transient failure is reported and the wait
// goes on, and rounds start one interval apart. Fake clock throughout: a hanging request waits at
// the server while the clock moves to the deadline.
import type { FaultSpec } from '@keyturn/emulator';
import { describe, expect, it } from 'vitest';
import { ConnectionError, LockedError, RateLimitError, ServerError, TimeoutError } from '../src/errors.js';
import type { PollEvent } from '../src/waiter/wait.js';
import { fakeTime, recordEvents, until } from './fixture.js';
import { useWaitPlatform } from './wait-fixture.js';

const w = useWaitPlatform();
const { platform, start, waitFor } = w;
const faults = () => platform.emulator.faults;

describe('the deadline bounds every request of the wait', () => {
  // The client's own per-attempt timeout is a minute: only the wait's deadline (on the fake clock)
  // can cut the hanging request. The clock moves to the deadline once the request hangs at the
  // server. Before the fix these took the per-attempt timeout, longer than the test's own limit.
  const longAttempts = { timeoutMs: 60_000 };
  const hanging = () => platform.requests().some((r) => r.fault === 'hang');
  /** Runs `wait`; once a request hangs at the server, moves the clock past the deadline (`timeoutMs` from the start). */
  async function pastTheDeadline<T>(wait: Promise<T>, timeoutMs: number): Promise<T> {
    await until(hanging, 'a poll hangs at the server');
    w.time.advance(timeoutMs + 1);
    return wait;
  }

  it('returns timed-out at the deadline while the first poll hangs, naming the ids never seen', async () => {
    const [op] = start({});
    faults().add({ method: 'GET', kind: 'hang', times: 'always' });
    const { events, onRequest } = recordEvents();
    const result = await pastTheDeadline(waitFor([op!.id], { timeoutMs: 3000 }, { ...longAttempts, onRequest }), 3000);
    expect(result).toMatchObject({ status: 'timed-out', operations: [], pending: [], failed: [], unknownIds: [op!.id], rounds: 1 });
    expect(platform.requests()).toHaveLength(1);
    // the log line of the cut request says why, not "aborted by the caller"
    expect(events).toEqual([expect.objectContaining({ outcome: 'error', attempt: 1 })]);
    expect(events[0]!.error).toBe(
      `GET /projects/${platform.projectId}/operations was cut short: the wait's timeout (timeoutMs 3000) ran out.`,
    );
  });

  it('returns the last known states when a later poll hangs', async () => {
    const [op] = start({ schedulingMs: 3_600_000 });
    const wait = waitFor(
      [op!.id],
      { timeoutMs: 5000, intervalMs: 50, onPoll: (e) => e.round === 1 && faults().add({ method: 'GET', kind: 'hang', times: 'always' }) },
      longAttempts,
    );
    const result = await pastTheDeadline(wait, 5000);
    expect(result.status).toBe('timed-out');
    expect(result.rounds).toBe(2);
    expect(result.pending.map((o) => [o.id, o.status])).toEqual([[op!.id, 'scheduling']]);
    expect(result.unknownIds).toEqual([]);
  });

  it('returns timed-out, without an error, when the scan of ids omitted hangs', async () => {
    start({});
    faults().add({ method: 'GET', kind: 'hang', times: 'always' });
    const result = await pastTheDeadline(waitFor(undefined, { timeoutMs: 300 }, longAttempts), 300);
    expect(result).toMatchObject({ status: 'timed-out', operations: [], unknownIds: [], pendingUnknown: true, rounds: 1 });
  });

  it('ends a retry pause that would pass the deadline at the deadline', async () => {
    const [op] = start({});
    faults().add({ method: 'GET', kind: 'status', status: 503, retryAfter: 30, times: 'always' });
    const result = await waitFor([op!.id], { timeoutMs: 10_000 });
    expect(result).toMatchObject({ status: 'timed-out', unknownIds: [op!.id], rounds: 1, requests: 1, elapsedMs: 10_000 });
    expect(w.time.sleeps).toEqual([30_000]);
  });
});

describe('a transient failure does not end the wait', () => {
  it.each<[string, FaultSpec, object, abstract new (...args: never[]) => Error]>([
    ['HTTP 500', { kind: 'status', status: 500, times: 5 }, {}, ServerError],
    ['HTTP 429', { kind: 'status', status: 429, times: 5 }, {}, RateLimitError],
    ['HTTP 423', { kind: 'status', status: 423, times: 5 }, {}, LockedError],
    ['a dropped connection', { kind: 'drop', times: 5 }, {}, ConnectionError],
    ['a per-attempt timeout', { kind: 'hang', times: 1 }, { timeoutMs: 500, retries: 0 }, TimeoutError],
  ])('%s after the retries is reported by onPoll, and the next round goes on', async (_, fault, client, ErrorClass) => {
    const [op] = start({ schedulingMs: 30_000, runningMs: 0 });
    faults().add({ method: 'GET', ...fault });
    const polls: PollEvent[] = [];
    const result = await waitFor([op!.id], { intervalMs: 10_000, onPoll: (e) => polls.push(e) }, client);
    expect(result).toMatchObject({ status: 'finished', unknownIds: [] });
    expect(polls[0]!.error).toBeInstanceOf(ErrorClass);
    expect(polls[0]).toMatchObject({ round: 1, awaited: 1, pending: 1, succeeded: 0 });
    expect(polls.slice(1).map((p) => p.error)).toEqual(polls.slice(1).map(() => undefined));
    expect(platform.requests().at(-1)!.status).toBe(200);
  });

  it('ends timed-out, not with the error, when the failures last until the deadline', async () => {
    const [op] = start({});
    faults().add({ method: 'GET', kind: 'status', status: 500, times: 'always' });
    const polls: PollEvent[] = [];
    const result = await waitFor([op!.id], { intervalMs: 5000, timeoutMs: 20_000, onPoll: (e) => polls.push(e) });
    expect(result).toMatchObject({ status: 'timed-out', unknownIds: [op!.id], rounds: 4, requests: 20 });
    // each round: 5 attempts and 3750 ms of backoff; rounds start 5 s apart; a fifth could not
    // start 3750 ms before the deadline
    expect(polls.map((p) => [p.elapsedMs, p.requests, p.error?.name])).toEqual([
      [3750, 5, 'ServerError'],
      [8750, 5, 'ServerError'],
      [13_750, 5, 'ServerError'],
      [18_750, 5, 'ServerError'],
    ]);
  });
});

describe('the pace of the rounds', () => {
  it('starts rounds one interval apart: it sleeps the interval minus what the round took', async () => {
    w.time = fakeTime({ requestMs: 100 });
    const [op] = start({ schedulingMs: 2500, runningMs: 0 });
    const polls: PollEvent[] = [];
    const result = await waitFor([op!.id], { intervalMs: 1000, onPoll: (e) => polls.push(e) });
    expect(result.status).toBe('finished');
    expect(w.time.sleeps).toEqual([900, 900, 900]);
    expect(polls.map((p) => p.elapsedMs)).toEqual([100, 1100, 2100, 3100]);
  });

  it('starts the next round at once after a round longer than the interval', async () => {
    w.time = fakeTime({ requestMs: 1500 });
    const [op] = start({ schedulingMs: 2000, runningMs: 0 });
    const result = await waitFor([op!.id], { intervalMs: 1000 });
    expect(result).toMatchObject({ status: 'finished', rounds: 2 });
    expect(w.time.sleeps).toEqual([0]);
  });

  it('cuts the last sleep so the final round has as long as the one before it ahead of the deadline', async () => {
    w.time = fakeTime({ requestMs: 100 });
    const [op] = start({ schedulingMs: 3_600_000 });
    const polls: PollEvent[] = [];
    const result = await waitFor([op!.id], { intervalMs: 1000, timeoutMs: 2500, onPoll: (e) => polls.push(e) });
    expect(w.time.sleeps).toEqual([900, 900, 300]);
    expect(polls.map((p) => p.elapsedMs)).toEqual([100, 1100, 2100, 2500]);
    expect(result).toMatchObject({ status: 'timed-out', rounds: 4, elapsedMs: 2500, unknownIds: [] });
    expect(result.pending.map((o) => o.id)).toEqual([op!.id]);
  });
});
