// Turns what a caller asks for (an OperationSpec, perhaps straight from a control request's JSON)
// into an operation to start, filling in the emulator's default schedule and the project's branch.

import { InvalidInputError } from './errors.js';
import type { OperationStart } from './operations.js';
import { microsFromIso } from './timestamps.js';
import { FINAL_STATUSES, type FinalOperationStatus, type OperationSpec } from './types.js';

export interface ProjectDefaults {
  branchId: string;
  endpointId: string;
}

export interface ResolvedTimings {
  schedulingMs: number;
  runningMs: number;
}

/** Actions that run on a compute carry its endpoint_id (spec 2.3). */
const COMPUTE_ACTIONS = new Set(['start_compute', 'suspend_compute', 'check_availability']);

export const DEFAULT_ACTION = 'apply_config';

const MAX_FAILURES = 1_000_000;

/** Validates one spec; throws a TypeError that says which field is wrong. */
export function resolveOperationSpec(spec: OperationSpec, timings: ResolvedTimings, project: ProjectDefaults): OperationStart {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new InvalidInputError('an operation spec must be an object');
  }
  const action = optionalString(spec.action, 'action') ?? DEFAULT_ACTION;
  const endpointId = optionalString(spec.endpoint_id, 'endpoint_id');
  const final = spec.final ?? 'finished';
  if (!FINAL_STATUSES.has(final)) {
    throw new InvalidInputError(`final must be one of ${[...FINAL_STATUSES].join(', ')}`);
  }
  const error = optionalString(spec.error, 'error');
  const failures = spec.failures === undefined ? undefined : failureCount(spec.failures, 'failures');
  const retryAt = spec.retryAt === undefined ? undefined : timestamp(spec.retryAt, 'retryAt');
  return {
    action,
    branchId: optionalString(spec.branch_id, 'branch_id') ?? project.branchId,
    ...(endpointId !== undefined ? { endpointId } : COMPUTE_ACTIONS.has(action) && { endpointId: project.endpointId }),
    plan: {
      schedulingMs: duration(spec.schedulingMs, 'schedulingMs') ?? timings.schedulingMs,
      runningMs: duration(spec.runningMs, 'runningMs') ?? timings.runningMs,
      final: final as FinalOperationStatus,
      ...(error !== undefined && { error }),
      ...(retryAt !== undefined && { retryAt }),
    },
    ...(failures !== undefined && { failures }),
  };
}

/** Validates default timings given as emulator options. */
export function resolveTimings(
  timings: { schedulingMs?: number; runningMs?: number } | undefined,
  fallback: ResolvedTimings,
): ResolvedTimings {
  return {
    schedulingMs: duration(timings?.schedulingMs, 'operationTimings.schedulingMs') ?? fallback.schedulingMs,
    runningMs: duration(timings?.runningMs, 'operationTimings.runningMs') ?? fallback.runningMs,
  };
}

/** A status set by hand or for seeded history: an open set of strings, never empty. */
export function checkStatus(status: unknown): string {
  if (typeof status !== 'string' || status.trim() === '') throw new InvalidInputError('status must be a non-empty string');
  return status;
}

/** A failures_count given by a caller: a whole number, bounded so it stays a safe integer. */
export function failureCount(value: unknown, field: string): number {
  if (!(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_FAILURES)) {
    throw new InvalidInputError(`${field} must be an integer from 0 to ${MAX_FAILURES}`);
  }
  return value as number;
}

/** A `retry_at` given by a caller: an ISO 8601 UTC timestamp, as the API sends timestamps (spec section 1). */
export function timestamp(value: unknown, field: string): string {
  if (typeof value !== 'string' || microsFromIso(value) === undefined) {
    throw new InvalidInputError(`${field} must be an ISO 8601 UTC timestamp such as 2024-06-01T12:00:00Z`);
  }
  return value;
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new InvalidInputError(`${field} must be a non-empty string`);
  return value;
}

function duration(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidInputError(`${field} must be a number of milliseconds >= 0`);
  }
  return value;
}
