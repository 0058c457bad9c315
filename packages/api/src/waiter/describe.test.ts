import { describe, expect, it } from 'vitest';
import type { Operation } from '../types.js';
import { describeOperationFailure, describeUnfinishedOperations, describeWaitResult } from './describe.js';

const op = (fields: Partial<Operation>): Operation => ({
  id: 'op-1',
  project_id: 'p',
  branch_id: 'b',
  action: 'create_branch',
  status: 'finished',
  failures_count: 0,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  total_duration_ms: 0,
  ...fields,
});

describe('describeOperationFailure', () => {
  it('names the operation by id, action, status, failures and error', () => {
    expect(describeOperationFailure(op({ status: 'failed', failures_count: 3, error: ' disk full ' }))).toBe(
      'operation op-1 (create_branch) failed after 3 failures: disk full',
    );
    expect(describeOperationFailure(op({ status: 'cancelled' }))).toBe('operation op-1 (create_branch) cancelled');
  });
});

describe('describeWaitResult', () => {
  const base = { rounds: 1, requests: 1, elapsedMs: 1500, unknownIds: [], pendingUnknown: false };
  it('summarises a success', () => {
    expect(describeWaitResult({ ...base, status: 'finished', operations: [op({})], failed: [], pending: [] })).toBe(
      '1 operation finished in 1.5 s',
    );
  });

  it('lists failures first, then what is still pending', () => {
    const failed = op({ id: 'a', status: 'error', failures_count: 1, error: 'boom' });
    const pending = op({ id: 'b', action: 'start_compute', status: 'running' });
    expect(describeWaitResult({ ...base, status: 'failed', operations: [failed, pending], failed: [failed], pending: [pending] })).toBe(
      '1 of 2 operations failed:\n- operation a (create_branch) error after 1 failure: boom\n- operation b (start_compute) still running',
    );
  });

  it('counts the operations whose state never arrived as pending, and names them', () => {
    const pending = op({ id: 'b', status: 'running' });
    const result = { ...base, status: 'timed-out' as const, operations: [pending], failed: [], pending: [pending], unknownIds: ['c'] };
    expect(describeWaitResult(result)).toBe(
      'timed out after 1.5 s with 2 of 2 operations still pending:\n- operation b (create_branch) still running\n' +
        '- operation c: no answer from the platform before the deadline',
    );
  });

  it('says the operations could not be listed when no scan of the list completed, not "0 of 0 pending"', () => {
    const result = { ...base, status: 'timed-out' as const, operations: [], failed: [], pending: [], pendingUnknown: true };
    expect(describeWaitResult(result)).toBe(
      "timed out after 1.5 s without listing the project's operations: the platform gave no answer in time, so which operations are pending is unknown",
    );
  });
});

describe('describeUnfinishedOperations', () => {
  it('names each pending operation and each one never answered for', () => {
    const running = op({ id: 'op-2', status: 'running' });
    expect(describeUnfinishedOperations({ pending: [running], unknownIds: ['op-3'] })).toEqual([
      'operation op-2 (create_branch) still running',
      'operation op-3: no answer from the platform before the deadline',
    ]);
  });
});
