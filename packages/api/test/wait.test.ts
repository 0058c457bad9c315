// operations.wait against the emulator, which runs on the same fake clock as the client: the
// operations' schedules, the polls and the deadline all move together, exactly and at once.
import { describe, expect, it } from 'vitest';
import { AuthenticationError, InvalidRequestError, NotFoundError, PermissionDeniedError, RequestAbortedError } from '../src/errors.js';
import { describeOperationFailure, describeWaitResult } from '../src/waiter/describe.js';
import type { PollEvent } from '../src/waiter/wait.js';
import { until } from './fixture.js';
import { useWaitPlatform } from './wait-fixture.js';

const w = useWaitPlatform();
const { platform, start, waitFor } = w;

describe('operations.wait', () => {
  it('polls at once, then every interval, and stops as soon as every operation is final', async () => {
    const ops = start({ schedulingMs: 2000, runningMs: 3000 }, { schedulingMs: 0, runningMs: 1000 }, { final: 'skipped' });
    const polls: PollEvent[] = [];
    const result = await waitFor(
      ops.map((o) => o.id),
      { intervalMs: 1000, timeoutMs: 60_000, onPoll: (e) => polls.push(e) },
    );
    expect(result.status).toBe('finished');
    expect(result.operations.map((o) => [o.id, o.status])).toEqual([
      [ops[0]!.id, 'finished'],
      [ops[1]!.id, 'finished'],
      [ops[2]!.id, 'skipped'],
    ]);
    expect(result).toMatchObject({ failed: [], pending: [], rounds: 6, elapsedMs: 5000 });
    expect(w.time.sleeps).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(polls.map((p) => p.round)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(polls[0]).toEqual({ round: 1, elapsedMs: 0, awaited: 3, pending: 3, succeeded: 0, failed: 0, requests: 1, totalRequests: 1 });
    expect(polls[5]).toMatchObject({ pending: 0, succeeded: 3, totalRequests: 6 });
    expect(result.requests).toBe(platform.requests().length);
  });

  it('uses the defaults: rounds 1 s apart, growing to a fifth of the time waited, up to 5 s; a 10 min deadline', async () => {
    const [op] = start({ schedulingMs: 12_000, runningMs: 0 });
    const result = await waitFor([op!.id]);
    expect(result).toMatchObject({ status: 'finished', elapsedMs: 13_724 });
    // past 5 s: a fifth of the time waited, less the jitter (the fake random is 0.5: 10% off)
    expect(w.time.sleeps).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 1080, 1274, 1503, 1774, 2093]);
  });

  it('cuts the last sleep to the deadline and polls one final time there', async () => {
    const [op] = start({ schedulingMs: 3_600_000 });
    const result = await waitFor([op!.id], { intervalMs: 5000, minIntervalMs: 5000, timeoutMs: 12_000 });
    expect(w.time.sleeps).toEqual([5000, 5000, 2000]);
    expect(result).toMatchObject({ status: 'timed-out', rounds: 4, elapsedMs: 12_000, failed: [] });
    expect(result.pending.map((o) => [o.id, o.status])).toEqual([[op!.id, 'scheduling']]);
    expect(describeWaitResult(result)).toBe(
      `timed out after 12.0 s with 1 of 1 operation still pending:\n- operation ${op!.id} (apply_config) still scheduling`,
    );
  });

  it('reports a failed operation by id, action and error, after the others end', async () => {
    const ops = start(
      { action: 'create_branch', schedulingMs: 0, runningMs: 1000, final: 'failed', error: 'branch limit reached' },
      { action: 'start_compute', schedulingMs: 3000, runningMs: 0 },
    );
    const result = await waitFor(
      ops.map((o) => o.id),
      { intervalMs: 1000 },
    );
    expect(result.status).toBe('failed');
    expect(result.rounds).toBe(4);
    expect(result.failed.map((o) => o.id)).toEqual([ops[0]!.id]);
    expect(describeOperationFailure(result.failed[0]!)).toBe(
      `operation ${ops[0]!.id} (create_branch) failed after 1 failure: branch limit reached`,
    );
    expect(describeWaitResult(result)).toBe(
      `1 of 2 operations failed:\n- operation ${ops[0]!.id} (create_branch) failed after 1 failure: branch limit reached`,
    );
  });

  it.each(['error', 'cancelled'])('counts %s as a failure', async (final) => {
    const [op] = start({ final: final as 'error' | 'cancelled', schedulingMs: 0, runningMs: 0 });
    const result = await waitFor([op!.id]);
    expect(result.status).toBe('failed');
    expect(result.failed).toHaveLength(1);
  });

  it('treats unknown statuses as pending', async () => {
    const [op] = start({ schedulingMs: 3_600_000 });
    platform.emulator.setOperationStatus(platform.projectId, op!.id, 'cancelling');
    const result = await waitFor([op!.id], {
      intervalMs: 1000,
      onPoll: (e) => {
        if (e.round === 2) platform.emulator.setOperationStatus(platform.projectId, op!.id, 'paused_for_maintenance');
        if (e.round === 3) platform.emulator.setOperationStatus(platform.projectId, op!.id, 'finished');
      },
    });
    expect(result).toMatchObject({ status: 'finished', rounds: 4 });
  });

  it('awaits nothing for an empty list of ids, without a request', async () => {
    const result = await waitFor([]);
    expect(result).toEqual({
      status: 'finished',
      operations: [],
      failed: [],
      pending: [],
      unknownIds: [],
      pendingUnknown: false,
      rounds: 0,
      requests: 0,
      elapsedMs: 0,
    });
    expect(platform.requests()).toHaveLength(0);
  });

  it('awaits each id once, even when given twice', async () => {
    const [op] = start({ schedulingMs: 0, runningMs: 0 });
    const result = await waitFor([op!.id, op!.id]);
    expect(result.operations).toHaveLength(1);
  });
});

describe('operations.wait errors', () => {
  it('names an id that does not exist', async () => {
    const [op] = start({});
    const error = await waitFor([op!.id, 'no-such-operation']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(
      new RegExp(`^operations\\.wait: operation no-such-operation does not exist in project ${platform.projectId} \\(GET `),
    );
  });

  it('names a project that does not exist', async () => {
    const error = await platform
      .client({}, w.time)
      .operations.wait('no-such-project', { ids: ['x'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/^GET \/projects\/no-such-project\/operations failed with HTTP 404/);
  });

  it.each([
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [400, InvalidRequestError],
  ])('ends with the error when a later round gets HTTP %i, which no wait can fix', async (status, ErrorClass) => {
    const [op] = start({ schedulingMs: 3_600_000 });
    const error = await waitFor([op!.id], {
      intervalMs: 1000,
      onPoll: (e) => e.round === 1 && platform.emulator.faults.add({ method: 'GET', kind: 'status', status }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(platform.requests().map((r) => r.status)).toEqual([200, status]);
  });

  it.each([
    [{ intervalMs: 0 }, /intervalMs must be a number of milliseconds > 0/],
    [{ intervalMs: -5 }, /intervalMs/],
    [{ timeoutMs: 0 }, /timeoutMs must be a number of milliseconds > 0/],
    [{ timeoutMs: -1 }, /timeoutMs/],
    [{ timeoutMs: Number.POSITIVE_INFINITY }, /timeoutMs/],
    [{ onPoll: 1 }, /onPoll must be a function/],
    [{ signal: 'stop' }, /signal must be an AbortSignal/],
    [{ interval: 5 }, /unknown option "interval"/],
    [{ minIntervalMs: 0 }, /minIntervalMs must be a number of milliseconds > 0/],
    [{ intervalMs: 2000, minIntervalMs: 3000 }, /minIntervalMs \(3000\) must not exceed intervalMs \(2000\)/],
  ])('checks options %j before any request', async (options, message) => {
    await expect(waitFor(['x'], options as never)).rejects.toThrow(message);
    expect(platform.requests()).toHaveLength(0);
  });

  it('checks ids before any request', async () => {
    await expect(waitFor('op-1' as never)).rejects.toThrow(/ids must be an array of operation ids, or 'pending'/);
    await expect(waitFor('op-1' as never)).rejects.toMatchObject({ name: 'OptionError', option: 'ids' });
    await expect(waitFor(['ok', ''])).rejects.toThrow(/ids\[1\] must be a non-empty string/);
    await expect(platform.client().operations.wait('', { ids: ['x'] })).rejects.toThrow(/projectId must be a non-empty string/);
    expect(platform.requests()).toHaveLength(0);
  });

  it('is aborted by its signal during a poll', async () => {
    const [op] = start({});
    platform.emulator.faults.add({ method: 'GET', kind: 'hang' });
    const controller = new AbortController();
    const waiting = waitFor([op!.id], { signal: controller.signal });
    await until(() => platform.requests().length === 1, 'the poll reached the emulator');
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(RequestAbortedError);
  });

  it('is aborted by its signal between polls', async () => {
    const [op] = start({ schedulingMs: 3_600_000 });
    const controller = new AbortController();
    const error = await waitFor([op!.id], {
      signal: controller.signal,
      onPoll: (e) => e.round === 2 && controller.abort(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as Error).message).toBe(
      `operations.wait: waiting for the operations of project ${platform.projectId} was aborted by the caller's signal.`,
    );
    expect(platform.requests()).toHaveLength(2);
  });
});
