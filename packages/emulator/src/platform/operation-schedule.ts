// An operation's status is read off its schedule at the moment it is asked for (scheduling ->
// running -> final), so no timer runs and nothing keeps the process alive. A manual status, set
// through setOperationStatus or by seeding, replaces the schedule from then on.
// `failures_count` is kept on the record and never decreases: reaching `failed` or `error` adds one;
// a retrying operation (running, failures above 0, `retry_at`) starts with failures of its own.

import { InvalidInputError } from './errors.js';
import { isoFromMicros } from './timestamps.js';
import { COUNTED_FAILURE_STATUSES, FAILED_STATUSES, FINAL_STATUSES, type FinalOperationStatus, type PlatformOperation } from './types.js';

export interface OperationPlan {
  schedulingMs: number;
  runningMs: number;
  final: FinalOperationStatus;
  error?: string;
  /** `retry_at` while the operation is pending on its schedule. */
  retryAt?: string;
}

export interface OperationRecord {
  id: string;
  projectId: string;
  branchId: string;
  endpointId?: string;
  action: string;
  /** Unique and strictly increasing within a project: the list order and the cursor. */
  createdMicros: number;
  /** Clock time the schedule counts from. */
  startedMs: number;
  plan: OperationPlan;
  /** Failures recorded so far; the plan's final failure, once reached, adds one. */
  failures: number;
  manual?: { status: string; atMs: number; error?: string; retryAt?: string };
}

interface Phase {
  status: string;
  sinceMs: number;
  failures: number;
  error?: string;
  retryAt?: string;
}

function phaseAt(record: OperationRecord, nowMs: number): Phase {
  const { failures } = record;
  if (record.manual) {
    const { status, atMs, error, retryAt } = record.manual;
    return { status, sinceMs: atMs, failures, error, retryAt };
  }
  const { schedulingMs, runningMs, final, error, retryAt } = record.plan;
  const elapsed = nowMs - record.startedMs;
  if (elapsed < schedulingMs) return { status: 'scheduling', sinceMs: record.startedMs, failures, error, retryAt };
  if (elapsed < schedulingMs + runningMs) return { status: 'running', sinceMs: record.startedMs + schedulingMs, failures, error, retryAt };
  const counted = COUNTED_FAILURE_STATUSES.has(final) ? 1 : 0;
  return { status: final, sinceMs: record.startedMs + schedulingMs + runningMs, failures: failures + counted, error };
}

/** The operation as the API shows it at `nowMs`. */
export function operationAt(record: OperationRecord, nowMs: number): PlatformOperation {
  const phase = phaseAt(record, nowMs);
  const final = FINAL_STATUSES.has(phase.status);
  const operation: PlatformOperation = {
    id: record.id,
    project_id: record.projectId,
    branch_id: record.branchId,
    ...(record.endpointId !== undefined && { endpoint_id: record.endpointId }),
    action: record.action,
    status: phase.status,
    failures_count: phase.failures,
    created_at: isoFromMicros(record.createdMicros),
    updated_at: isoFromMicros(Math.max(record.createdMicros, phase.sinceMs * 1000)),
    // Required on every operation: the time it took, or has taken so far while pending.
    total_duration_ms: Math.max(0, (final ? phase.sinceMs : nowMs) - record.startedMs),
  };
  if (FAILED_STATUSES.has(phase.status)) operation.error = phase.error ?? defaultError(record.action, phase.status);
  // A pending operation that failed before and retries shows why it failed last.
  else if (!final && phase.failures > 0 && phase.error !== undefined) operation.error = phase.error;
  if (phase.retryAt !== undefined) operation.retry_at = phase.retryAt;
  return operation;
}

export function isPending(record: OperationRecord, nowMs: number): boolean {
  return !FINAL_STATUSES.has(phaseAt(record, nowMs).status);
}

/**
 * The failures an operation has once moved to `status` by hand: `failures` when given, else one more
 * when it enters `failed` or `error`. Throws InvalidInputError when that would lower the count, or leave a
 * failed operation at 0 (spec section 7: a failed operation has `failures_count` above 0).
 */
export function failuresAfter(record: OperationRecord, nowMs: number, status: string, failures?: number): number {
  const current = phaseAt(record, nowMs);
  const entering = COUNTED_FAILURE_STATUSES.has(status) && !COUNTED_FAILURE_STATUSES.has(current.status);
  const next = failures ?? current.failures + (entering ? 1 : 0);
  if (next < current.failures) throw new InvalidInputError(`failures_count never decreases (it is ${current.failures})`);
  if (COUNTED_FAILURE_STATUSES.has(status) && next < 1) throw new InvalidInputError(`a ${status} operation has failures_count above 0`);
  return next;
}

function defaultError(action: string, status: string): string {
  return status === 'cancelled' ? `${action} was cancelled (emulated)` : `${action} failed (emulated)`;
}
