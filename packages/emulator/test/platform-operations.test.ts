// Operations over HTTP: spec 2.3, 3.2, 4.3 and the statuses of the README's Behaviour, on schedules read off a
// clock the tests move by hand.

import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformOperation } from '../src/index.js';
import { expectPlatformError, manualClock, startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;
afterEach(() => platform.emulator.close());

async function readOperation(projectId: string, operationId: string): Promise<PlatformOperation> {
  const reply = await platform.api('GET', `/projects/${projectId}/operations/${operationId}`);
  expect(reply.status).toBe(200);
  return reply.body.operation;
}

describe('operation schedules', () => {
  it('moves scheduling -> running -> finished as the clock passes, with timestamps and a duration', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now });
    const project = platform.emulator.createProject();
    const [started] = platform.emulator.startOperations(project.id, [{ action: 'start_compute', schedulingMs: 1000, runningMs: 2000 }]);
    const created = started!.created_at;
    expect(started).toMatchObject({ status: 'scheduling', project_id: project.id, failures_count: 0 });

    expect(await readOperation(project.id, started!.id)).toEqual({
      id: started!.id,
      project_id: project.id,
      branch_id: expect.stringMatching(/^br-/),
      endpoint_id: expect.stringMatching(/^ep-/),
      action: 'start_compute',
      status: 'scheduling',
      failures_count: 0,
      created_at: created,
      updated_at: created,
      total_duration_ms: 0,
    });
    clock.advance(999);
    expect((await readOperation(project.id, started!.id)).status).toBe('scheduling');
    clock.advance(1);
    const running = await readOperation(project.id, started!.id);
    // The published description requires total_duration_ms on every operation: so far, while pending.
    expect(running).toMatchObject({ status: 'running', updated_at: '2024-06-01T12:00:01.000000Z', total_duration_ms: 1000 });
    clock.advance(2000);
    const finished = await readOperation(project.id, started!.id);
    expect(finished).toMatchObject({
      status: 'finished',
      failures_count: 0,
      created_at: created,
      updated_at: '2024-06-01T12:00:03.000000Z',
      total_duration_ms: 3000,
    });
    expect(finished.error).toBeUndefined();
    clock.advance(60_000);
    expect(await readOperation(project.id, started!.id)).toEqual(finished);
  });

  it('uses the emulator-wide default timings', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now, operationTimings: { schedulingMs: 10, runningMs: 20 } });
    const project = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{}]);
    expect(op).toMatchObject({ action: 'apply_config', status: 'scheduling' });
    expect(op!.endpoint_id).toBeUndefined();
    clock.advance(10);
    expect((await readOperation(project.id, op!.id)).status).toBe('running');
    clock.advance(20);
    expect(await readOperation(project.id, op!.id)).toMatchObject({ status: 'finished', total_duration_ms: 30 });
  });

  it('ends failed ones with failures_count > 0 and their error, keeping total_duration_ms', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now });
    const project = platform.emulator.createProject();
    const [failed, errored, cancelled, skipped] = platform.emulator.startOperations(project.id, [
      { final: 'failed', error: 'compute quota exceeded', schedulingMs: 0, runningMs: 5 },
      { final: 'error', schedulingMs: 0, runningMs: 5, action: 'suspend_compute' },
      { final: 'cancelled', schedulingMs: 0, runningMs: 5 },
      { final: 'skipped', schedulingMs: 0, runningMs: 5 },
    ]);
    expect((await readOperation(project.id, failed!.id)).status).toBe('running');
    clock.advance(5);
    expect(await readOperation(project.id, failed!.id)).toMatchObject({
      status: 'failed',
      failures_count: 1,
      error: 'compute quota exceeded',
      total_duration_ms: 5,
    });
    expect(await readOperation(project.id, errored!.id)).toMatchObject({
      status: 'error',
      failures_count: 1,
      error: expect.stringContaining('suspend_compute'),
    });
    // A cancelled operation is a failure too (README, Behaviour: Operations): it says why, and keeps the failures it had.
    expect(await readOperation(project.id, cancelled!.id)).toMatchObject({
      status: 'cancelled',
      failures_count: 0,
      error: expect.stringContaining('cancelled'),
      total_duration_ms: 5,
    });
    const skippedNow = await readOperation(project.id, skipped!.id);
    expect(skippedNow).toMatchObject({ status: 'skipped', failures_count: 0 });
    expect(skippedNow.error).toBeUndefined();
  });

  it('reaches the final status on the real clock too', async () => {
    platform = await startTestPlatform({ operationTimings: { schedulingMs: 5, runningMs: 5 } });
    const project = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{}]);
    let status = op!.status;
    while (status !== 'finished') {
      await new Promise((resolve) => setTimeout(resolve, 5));
      status = (await readOperation(project.id, op!.id)).status;
    }
    expect(status).toBe('finished');
  });

  it('gives every operation of a project a unique, strictly increasing created_at', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now });
    const project = platform.emulator.createProject();
    const first = platform.emulator.startOperations(project.id, [{}, {}, {}]);
    const second = platform.emulator.startOperations(project.id, [{}]);
    const stamps = [...first, ...second].map((o) => o.created_at);
    expect(stamps).toEqual([...stamps].sort());
    expect(new Set(stamps).size).toBe(4);
    for (const stamp of stamps) expect(stamp).toMatch(/^2024-06-01T12:00:00\.\d{6}Z$/);
  });
});

describe('setOperationStatus', () => {
  it('sets any status by hand, over the schedule, with an error for failures', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now });
    const project = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{ schedulingMs: 10_000, runningMs: 10_000 }]);
    clock.advance(100);
    platform.emulator.setOperationStatus(project.id, op!.id, 'running');
    expect(await readOperation(project.id, op!.id)).toMatchObject({ status: 'running', updated_at: '2024-06-01T12:00:00.100000Z' });
    clock.advance(900);
    platform.emulator.setOperationStatus(project.id, op!.id, 'failed', { error: 'disk full' });
    expect(await readOperation(project.id, op!.id)).toMatchObject({
      status: 'failed',
      failures_count: 1,
      error: 'disk full',
      total_duration_ms: 1000,
    });
    clock.advance(60_000); // the schedule no longer applies
    expect((await readOperation(project.id, op!.id)).status).toBe('failed');
    platform.emulator.setOperationStatus(project.id, op!.id, 'cancelling');
    const pending = await readOperation(project.id, op!.id);
    // failures_count is the operation's history: moving on never lowers it.
    expect(pending).toMatchObject({ status: 'cancelling', failures_count: 1, total_duration_ms: 61_000 });
    expect(pending.error).toBeUndefined();
    platform.emulator.setOperationStatus(project.id, op!.id, 'cancelled');
    expect(await readOperation(project.id, op!.id)).toMatchObject({
      status: 'cancelled',
      failures_count: 1,
      error: expect.stringContaining('cancelled'),
    });
  });

  it('counts each failure: running -> failed -> running (retrying) -> error adds up to 2', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{}]);
    const steps: Array<[string, { error?: string; failures?: number; retryAt?: string }?]> = [
      ['running'],
      ['failed', { error: 'first try failed' }],
      ['failed', { error: 'the same failure, reworded' }],
      ['running', { retryAt: '2024-06-01T12:01:00Z', error: 'first try failed' }],
      ['error'],
      ['finished'],
    ];
    const seen = [];
    for (const [status, extra] of steps) {
      platform.emulator.setOperationStatus(project.id, op!.id, status, extra);
      const now = await readOperation(project.id, op!.id);
      seen.push([now.status, now.failures_count, now.retry_at ?? null]);
    }
    expect(seen).toEqual([
      ['running', 0, null],
      ['failed', 1, null],
      ['failed', 1, null],
      ['running', 1, '2024-06-01T12:01:00Z'],
      ['error', 2, null],
      ['finished', 2, null],
    ]);
  });

  it('refuses a lower failures_count, and a failed operation without a failure', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{ failures: 3 }]);
    expect(() => platform.emulator.setOperationStatus(project.id, op!.id, 'running', { failures: 2 })).toThrow(/never decreases/);
    const [fresh] = platform.emulator.startOperations(project.id, [{}]);
    expect(() => platform.emulator.setOperationStatus(project.id, fresh!.id, 'failed', { failures: 0 })).toThrow(/above 0/);
    expect(() => platform.emulator.setOperationStatus(project.id, fresh!.id, 'running', { retryAt: 'later' })).toThrow(/retry_at/);
    expect(platform.emulator.getOperation(project.id, op!.id).failures_count).toBe(3);
    expect(platform.emulator.getOperation(project.id, fresh!.id).status).toBe('scheduling');
  });
});

describe('retrying operations', () => {
  it('run with failures_count above 0 and retry_at, then end with one more failure or the same count', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now });
    const project = platform.emulator.createProject();
    const retry = { failures: 2, retryAt: '2024-06-01T12:00:30Z', error: 'compute quota exceeded', schedulingMs: 0, runningMs: 10 };
    const [fails, recovers] = platform.emulator.startOperations(project.id, [
      { ...retry, final: 'failed' },
      { ...retry, final: 'finished' },
    ]);
    for (const op of [fails!, recovers!]) {
      expect(await readOperation(project.id, op.id)).toMatchObject({
        status: 'running',
        failures_count: 2,
        retry_at: '2024-06-01T12:00:30Z',
        error: 'compute quota exceeded',
      });
    }
    clock.advance(10);
    const failed = await readOperation(project.id, fails!.id);
    expect(failed).toMatchObject({ status: 'failed', failures_count: 3, error: 'compute quota exceeded' });
    expect(failed.retry_at).toBeUndefined();
    const finished = await readOperation(project.id, recovers!.id);
    expect(finished).toMatchObject({ status: 'finished', failures_count: 2 });
    expect(finished.retry_at).toBeUndefined();
    expect(finished.error).toBeUndefined();
    // Taking over by hand starts from the count reached on the schedule.
    platform.emulator.setOperationStatus(project.id, fails!.id, 'running');
    expect((await readOperation(project.id, fails!.id)).failures_count).toBe(3);
  });

  it('refuses failures or retryAt that are not a count and a timestamp', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    for (const spec of [{ failures: -1 }, { failures: 0.5 }, { failures: '2' }, { retryAt: 'in a minute' }, { retryAt: 60_000 }]) {
      expect(() => platform.emulator.startOperations(project.id, [spec as never])).toThrow(/failures|retryAt/);
    }
    expect((await platform.api('GET', `/projects/${project.id}/operations`)).body.operations).toEqual([]);
  });

  it('refuses an unknown operation or project, and an empty status', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{}]);
    expect(() => platform.emulator.setOperationStatus(project.id, crypto.randomUUID(), 'finished')).toThrow(/not found/);
    expect(() => platform.emulator.setOperationStatus('nope', op!.id, 'finished')).toThrow(/not found/);
    expect(() => platform.emulator.setOperationStatus(project.id, op!.id, '')).toThrow(/status/);
  });
});

describe('GET /projects/{project_id}/operations/{operation_id}', () => {
  it('answers 404 for an unknown project, an unknown operation, or an operation of another project', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    const other = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{}]);
    expectPlatformError(await platform.api('GET', `/projects/nope/operations/${op!.id}`), 404, 'not_found');
    expectPlatformError(await platform.api('GET', `/projects/${project.id}/operations/${crypto.randomUUID()}`), 404, 'not_found');
    expectPlatformError(await platform.api('GET', `/projects/${other.id}/operations/${op!.id}`), 404, 'not_found');
    expectPlatformError(await platform.api('GET', '/projects/nope/operations'), 404, 'not_found');
  });

  it('carries an id that is a UUID and the x-request-id header', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    const [op] = platform.emulator.startOperations(project.id, [{ action: 'some_future_action' }]);
    const reply = await platform.api('GET', `/projects/${project.id}/operations/${op!.id}`);
    expect(reply.body.operation.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(reply.body.operation.action).toBe('some_future_action');
    expect(reply.headers.get('x-request-id')).toMatch(/\S/);
  });

  it('refuses bad specs before starting any of them', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    expect(() => platform.emulator.startOperations(project.id, [{}, { schedulingMs: -1 }])).toThrow(/schedulingMs/);
    expect(() => platform.emulator.startOperations(project.id, [{ final: 'done' as 'finished' }])).toThrow(/final/);
    expect(() => platform.emulator.startOperations('nope', [{}])).toThrow(/not found/);
    expect((await platform.api('GET', `/projects/${project.id}/operations`)).body.operations).toEqual([]);
  });
});
