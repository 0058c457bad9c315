// An operation's status is read off its schedule at the moment it is asked for (scheduling ->
// running -> final), so no timer runs and nothing keeps the process alive. A manual status, set
// through setOperationStatus or by seeding, replaces the schedule from then on.

import { isoFromMicros } from './timestamps.js';
import { FAILED_STATUSES, FINAL_STATUSES, type FinalOperationStatus, type PlatformOperation } from './types.js';

export interface OperationPlan {
  schedulingMs: number;
  runningMs: number;
  final: FinalOperationStatus;
  error?: string;
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
  manual?: { status: string; atMs: number; error?: string };
}

interface Phase {
  status: string;
  sinceMs: number;
  error?: string;
}

function phaseAt(record: OperationRecord, nowMs: number): Phase {
  if (record.manual) return { status: record.manual.status, sinceMs: record.manual.atMs, error: record.manual.error };
  const { schedulingMs, runningMs, final, error } = record.plan;
  const elapsed = nowMs - record.startedMs;
  if (elapsed < schedulingMs) return { status: 'scheduling', sinceMs: record.startedMs };
  if (elapsed < schedulingMs + runningMs) return { status: 'running', sinceMs: record.startedMs + schedulingMs };
  return { status: final, sinceMs: record.startedMs + schedulingMs + runningMs, error };
}

/** The operation as the API shows it at `nowMs`. */
export function operationAt(record: OperationRecord, nowMs: number): PlatformOperation {
  const phase = phaseAt(record, nowMs);
  const failed = FAILED_STATUSES.has(phase.status);
  const operation: PlatformOperation = {
    id: record.id,
    project_id: record.projectId,
    branch_id: record.branchId,
    ...(record.endpointId !== undefined && { endpoint_id: record.endpointId }),
    action: record.action,
    status: phase.status,
    failures_count: failed ? 1 : 0,
    created_at: isoFromMicros(record.createdMicros),
    updated_at: isoFromMicros(Math.max(record.createdMicros, phase.sinceMs * 1000)),
  };
  if (failed) operation.error = phase.error ?? `${record.action} failed (emulated)`;
  if (FINAL_STATUSES.has(phase.status)) operation.total_duration_ms = Math.max(0, phase.sinceMs - record.startedMs);
  return operation;
}

export function isPending(record: OperationRecord, nowMs: number): boolean {
  return !FINAL_STATUSES.has(phaseAt(record, nowMs).status);
}
