// What a wait ends with, in the forms a workflow reads: the outputs (JSON), the job summary table,
// and the message of the `::error::` that fails the step.

import {
  describeOperationFailure,
  describeUnfinishedOperations,
  isFinalStatus,
  type Operation,
  type PollEvent,
  type WaitResult,
} from '@keyturn/api';
import { formatDuration, type JobSummary } from '@keyturn/action-common';
import { countNoun } from '@keyturn/api/toolkit';

/** One item of the `operations` output; `duration` in milliseconds, null while unknown. */
export interface OperationOutput {
  id: string;
  action: string;
  status: string;
  failures_count: number;
  duration: number | null;
}

/**
 * Once final: the platform's total_duration_ms, else created_at to updated_at. Null while pending:
 * the platform sends total_duration_ms then too (time so far), which is not how long it took.
 */
export function operationDurationMs(operation: Operation): number | null {
  if (!isFinalStatus(operation.status)) return null;
  if (Number.isFinite(operation.total_duration_ms)) return operation.total_duration_ms;
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

/** The outputs of a wait that an error stopped (a refused key, an unknown project...): no operation known. */
export function errorOutputs(): Record<string, string> {
  return { status: 'failed', operations: '[]', 'failed-operation-ids': '[]' };
}

/** The summary of a wait that an error stopped; the project is unknown when the inputs were invalid. */
export function errorSummary(projectId: string | undefined, message: string): JobSummary {
  return {
    title: projectId ? `Operations of project ${projectId}: failed` : 'Waiting for operations: failed',
    headers: ['', 'Result'],
    rows: [
      ['Project', projectId ?? ''],
      ['Status', 'failed: the wait stopped on an error'],
    ],
    notes: [`Error: ${message}`],
  };
}

export function waitSummary(projectId: string, result: WaitResult): JobSummary {
  const notes = [
    `${countNoun(awaitedCount(result), 'operation')}, ${result.status} after ${formatDuration(result.elapsedMs)} ` +
      `(${countNoun(result.rounds, 'poll')}, ${countNoun(result.requests, 'request')}).`,
    ...result.failed.map(describeOperationFailure),
    ...describeUnfinishedOperations({ pending: [], unknownIds: result.unknownIds }),
  ];
  return {
    title: `Operations of project ${projectId}: ${result.status}`,
    headers: ['Operation', 'Action', 'Status', 'Failures', 'Duration'],
    rows: [
      ...result.operations.map((operation) => {
        const duration = operationDurationMs(operation);
        return [
          operation.id,
          operation.action,
          operation.status,
          String(operation.failures_count),
          duration === null ? '' : formatDuration(duration),
        ];
      }),
      ...result.unknownIds.map((id) => [id, '', 'no answer', '', '']),
    ],
    notes,
  };
}

const LISTED = 10;

/** The first few descriptions and how many more, so that an annotation stays readable. */
function listFirst(descriptions: readonly string[]): string {
  const more = descriptions.length > LISTED ? ` and ${descriptions.length - LISTED} more` : '';
  return `${descriptions.slice(0, LISTED).join('; ')}${more}`;
}

/** Every awaited operation: those with a known state, and those whose state never arrived. */
function awaitedCount(result: WaitResult): number {
  return result.operations.length + result.unknownIds.length;
}

/** Why the step fails, and what to do; undefined when every operation finished. */
export function waitFailureMessage(result: WaitResult, timeoutMs: number): string | undefined {
  if (result.status === 'failed') {
    return (
      `${result.failed.length} of ${countNoun(awaitedCount(result), 'operation')} ` +
      `failed: ${listFirst(result.failed.map(describeOperationFailure))}. ` +
      "See the project's system operations in the console for the cause, fix it, then re-run this job."
    );
  }
  if (result.status === 'timed-out') {
    const unfinished = describeUnfinishedOperations(result);
    const unanswered = '(see the poll lines above): check its status page and api-url, then re-run.';
    // Nothing listed: no scan of the project's operations completed, so which are pending is unknown.
    if (unfinished.length === 0)
      return `The wait timed out after ${formatDuration(timeoutMs)} before the platform listed the project's operations ${unanswered}`;
    const advice =
      result.unknownIds.length > 0
        ? `The platform did not answer in time ${unanswered}`
        : 'Raise the timeout input if they usually take longer, or check the project in the console (a locked project delays its ' +
          'operations).';
    return (
      `${countNoun(unfinished.length, 'operation')} still pending ` +
      `after ${formatDuration(timeoutMs)}: ${listFirst(unfinished)}. ${advice}`
    );
  }
  return undefined;
}

/**
 * `Poll 3 after 10.2 s: 1 finished, 0 failed, 2 pending of 3`. A round that a transient error cut
 * short (the client's retries spent) says so: the wait goes on, with the counts last known.
 */
export function formatPollEvent(event: PollEvent): string {
  const head = `Poll ${event.round} after ${formatDuration(event.elapsedMs)}`;
  const counts = `${event.succeeded} finished, ${event.failed} failed, ${event.pending} pending of ${event.awaited}`;
  if (event.error) return `${head} got no answer, polling again: ${event.error.message} Last known: ${counts}`;
  return `${head}: ${counts}`;
}
