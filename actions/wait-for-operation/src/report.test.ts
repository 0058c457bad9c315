import { type Operation, ServerError, type WaitResult } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import {
  errorOutputs,
  errorSummary,
  formatPollEvent,
  operationDurationMs,
  waitFailureMessage,
  waitOutputs,
  waitSummary,
} from './report.js';

function operation(id: string, fields: Partial<Operation> = {}): Operation {
  return {
    id,
    project_id: 'p',
    branch_id: 'br-1',
    action: 'create_branch',
    status: 'running',
    failures_count: 0,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:04Z',
    total_duration_ms: 4000,
    ...fields,
  };
}

function result(fields: Partial<WaitResult>): WaitResult {
  return {
    status: 'finished',
    operations: [],
    failed: [],
    pending: [],
    unknownIds: [],
    pendingUnknown: false,
    rounds: 2,
    requests: 2,
    elapsedMs: 4200,
    ...fields,
  };
}

describe('operationDurationMs', () => {
  it('takes the platform duration once final, else the time to the final update; null while pending', () => {
    expect(operationDurationMs(operation('a', { status: 'finished', total_duration_ms: 1234 }))).toBe(1234);
    expect(operationDurationMs(operation('a', { status: 'running', total_duration_ms: 1234 }))).toBeNull();
    const withoutDuration = { ...operation('a', { status: 'finished' }), total_duration_ms: undefined } as unknown as Operation;
    expect(operationDurationMs(withoutDuration)).toBe(4000);
    expect(operationDurationMs(operation('a'))).toBeNull();
  });
});

describe('waitFailureMessage', () => {
  it('names each failed operation as @keyturn/api describes it', () => {
    const bad = operation('op-2', { action: 'start_compute', status: 'failed', failures_count: 2, error: ' quota ' });
    const message = waitFailureMessage(result({ status: 'failed', operations: [operation('op-1'), bad], failed: [bad] }), 60_000);
    expect(message).toBe(
      '1 of 2 operations failed: operation op-2 (start_compute) failed after 2 failures: quota. ' +
        "See the project's system operations in the console for the cause, fix it, then re-run this job.",
    );
  });

  it('lists ten operations at most', () => {
    const pending = Array.from({ length: 12 }, (_, i) => operation(`op-${i}`));
    const message = waitFailureMessage(result({ status: 'timed-out', operations: pending, pending }), 90_000)!;
    expect(message).toMatch(/^12 operations still pending after 1 min 30 s: operation op-0 \(create_branch\) still running; /);
    expect(message).toContain('operation op-9 (create_branch) still running and 2 more. Raise the timeout');
    expect(message).not.toContain('op-10');
  });

  it('names the operations the platform never answered for, and says to look at the platform', () => {
    const pending = [operation('op-1')];
    const message = waitFailureMessage(result({ status: 'timed-out', operations: pending, pending, unknownIds: ['op-2'] }), 5000);
    expect(message).toBe(
      '2 operations still pending after 5.0 s: operation op-1 (create_branch) still running; ' +
        'operation op-2: no answer from the platform before the deadline. ' +
        'The platform did not answer in time (see the poll lines above): check its status page and api-url, then re-run.',
    );
    const summary = waitSummary('p', result({ status: 'timed-out', operations: pending, pending, unknownIds: ['op-2'] }));
    expect(summary.rows.at(-1)).toEqual(['op-2', '', 'no answer', '', '']);
    expect(summary.notes?.[0]).toMatch(/^2 operations, timed-out after 4.2 s/);
  });

  it('says the platform never listed the operations when a wait for the pending ones timed out with none known', () => {
    const message = waitFailureMessage(result({ status: 'timed-out', rounds: 1, requests: 5 }), 5000);
    expect(message).toBe(
      "The wait timed out after 5.0 s before the platform listed the project's operations " +
        '(see the poll lines above): check its status page and api-url, then re-run.',
    );
    expect(message).not.toMatch(/Raise the timeout/);
    const summary = waitSummary('p', result({ status: 'timed-out', rounds: 1, requests: 5 }));
    expect(summary.rows).toEqual([]);
    expect(summary.notes).toEqual(['0 operations, timed-out after 4.2 s (1 poll, 5 requests).']);
  });

  it('says nothing when every operation finished', () => {
    expect(waitFailureMessage(result({ operations: [operation('a', { status: 'finished' })] }), 1000)).toBeUndefined();
  });
});

describe('outputs and summary', () => {
  it('sets every output from the result', () => {
    const bad = operation('op-2', { status: 'error' });
    expect(waitOutputs(result({ status: 'failed', operations: [bad], failed: [bad] }))).toEqual({
      status: 'failed',
      operations: JSON.stringify([{ id: 'op-2', action: 'create_branch', status: 'error', failures_count: 0, duration: 4000 }]),
      'failed-operation-ids': '["op-2"]',
    });
    const summary = waitSummary('p', result({ status: 'failed', operations: [bad], failed: [bad] }));
    expect(summary.notes).toContain('operation op-2 (create_branch) error');
  });

  it('sets status failed, with no operation, when an error stopped the wait', () => {
    expect(errorOutputs()).toEqual({ status: 'failed', operations: '[]', 'failed-operation-ids': '[]' });
    expect(errorSummary('p', 'GET /projects/p/operations failed with HTTP 401')).toMatchObject({
      title: 'Operations of project p: failed',
      notes: ['Error: GET /projects/p/operations failed with HTTP 401'],
    });
    expect(errorSummary(undefined, 'x').title).toBe('Waiting for operations: failed');
  });
});

describe('formatPollEvent', () => {
  const event = { round: 3, elapsedMs: 10_200, awaited: 3, pending: 2, succeeded: 1, failed: 0, requests: 1, totalRequests: 4 };

  it('counts the operations by outcome', () => {
    expect(formatPollEvent(event)).toBe('Poll 3 after 10.2 s: 1 finished, 0 failed, 2 pending of 3');
  });

  it('says when a round got no answer, with the error and the counts last known', () => {
    const error = new ServerError('GET /projects/p/operations failed with HTTP 502.', {
      method: 'GET',
      path: '/projects/p/operations',
      status: 502,
    });
    expect(formatPollEvent({ ...event, error })).toBe(
      'Poll 3 after 10.2 s got no answer, polling again: GET /projects/p/operations failed with HTTP 502. ' +
        'Last known: 1 finished, 0 failed, 2 pending of 3',
    );
  });
});
