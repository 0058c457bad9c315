// Which operation statuses end an operation, and how. packages/emulator/README.md (Behaviour, Operations) lists the values seen in the real
// service; the set is open, so anything not listed here (even a value invented tomorrow) is pending.
import type { OperationStatus } from '../types.js';

/** Statuses of an operation that ended well. */
export const SUCCESS_STATUSES: ReadonlySet<string> = new Set(['finished', 'skipped']);
/** Statuses of an operation that ended badly. */
export const FAILURE_STATUSES: ReadonlySet<string> = new Set(['failed', 'error', 'cancelled']);

/** `finished` or `skipped`: the operation is over and did what it was asked. */
export function isSuccessStatus(status: OperationStatus): boolean {
  return SUCCESS_STATUSES.has(status);
}

/** `failed`, `error` or `cancelled`: the operation is over and did not do what it was asked. */
export function isFailureStatus(status: OperationStatus): boolean {
  return FAILURE_STATUSES.has(status);
}

/** True once the operation will not change any more: a success or a failure status. */
export function isFinalStatus(status: OperationStatus): boolean {
  return isSuccessStatus(status) || isFailureStatus(status);
}
