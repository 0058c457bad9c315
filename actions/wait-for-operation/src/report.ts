// What a wait ends with, in the forms a workflow reads: the outputs (JSON), the job summary table,
// and the message of the `::error::` that fails the step.

import { isFinalStatus, type Operation, type PollEvent, type WaitResult } from '@keyturn/api';
import { formatDuration, type JobSummary } from '../../common/src/index.js';

/** One item of the `operations` output; `duration` in milliseconds, null while unknown. */
export interface OperationOutput {
  id: string;
  action: string;
  status: string;
  failures_count: number;
  duration: number | null;
}

/** The platform's total_duration_ms when it sent one, else created_at to updated_at once final. */
export function operationDurationMs(operation: Operation): number | null {
  if (typeof operation.total_duration_ms === 'number') return operation.total_duration_ms;
  if (!isFinalStatus(operation.status)) return null;
  const ms = Date.parse(operation.updated_at) - Date.parse(operation.created_at);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

export function operationOutput(operation: Operation): OperationOutput {
  return {
    id: operation.id,
    action: operation.action,
    status: operation.status,
    failures_count: operation.failures_count,
    duration: operationDurationMs(operation),
  };
}

export function waitOutputs(result: WaitResult): Record<string, string> {
  return {
    status: result.status,
    operations: JSON.stringify(result.operations.map(operationOutput)),
    'failed-operation-ids': JSON.stringify(result.failed.map((operation) => operation.id)),
  };
}

export function waitSummary(projectId: string, result: WaitResult): JobSummary {
  const notes = [
    `${result.operations.length} operation(s), ${result.status} after ${formatDuration(result.elapsedMs)} ` +
      `(${result.rounds} poll(s), ${result.requests} request(s)).`,
    ...result.failed.filter((operation) => operation.error).map((operation) => `${operation.id}: ${operation.error}`),
  ];
  return {
    title: `Operations of project ${projectId}: ${result.status}`,
    headers: ['Operation', 'Action', 'Status', 'Failures', 'Duration'],
    rows: result.operations.map((operation) => {
      const duration = operationDurationMs(operation);
      return [
        operation.id,
        operation.action,
        operation.status,
        String(operation.failures_count),
        duration === null ? '' : formatDuration(duration),
      ];
    }),
    notes,
  };
}

const LISTED = 10;

function describeOperations(operations: readonly Operation[]): string {
  const listed = operations.slice(0, LISTED).map((operation) => {
    const error = operation.error ? `: ${operation.error}` : '';
    return `${operation.id} (${operation.action}, ${operation.status}${error})`;
  });
  const more = operations.length > LISTED ? ` and ${operations.length - LISTED} more` : '';
  return `${listed.join('; ')}${more}`;
}

/** Why the step fails, and what to do; undefined when every operation finished. */
export function waitFailureMessage(result: WaitResult, timeoutMs: number): string | undefined {
  if (result.status === 'failed') {
    return (
      `${result.failed.length} of ${result.operations.length} operation(s) failed: ${describeOperations(result.failed)}. ` +
      'See the project\'s system operations in the console for the cause, fix it, then re-run this job.'
    );
  }
  if (result.status === 'timed-out') {
    return (
      `${result.pending.length} operation(s) still pending after ${formatDuration(timeoutMs)}: ${describeOperations(result.pending)}. ` +
      'Raise the timeout input if they usually take longer, or check the project in the console (a locked project delays its operations).'
    );
  }
  return undefined;
}

/** `Poll 3 after 10.2 s: 1 finished, 0 failed, 2 pending of 3`. */
export function formatPollEvent(event: PollEvent): string {
  return (
    `Poll ${event.round} after ${formatDuration(event.elapsedMs)}: ${event.succeeded} finished, ` +
    `${event.failed} failed, ${event.pending} pending of ${event.awaited}`
  );
}
