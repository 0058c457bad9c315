// Human summaries of operations and wait results, for logs, errors and job summaries.
import type { Operation } from '../types.js';
import { isFailureStatus } from './status.js';
import type { WaitResult } from './wait.js';
import { countNoun } from '../toolkit/count-noun.js';

/** `operation 5f2c… (create_branch) failed after 2 failures: out of space`. */
export function describeOperationFailure(op: Operation): string {
  const failures = op.failures_count > 0 ? ` after ${op.failures_count} failure${op.failures_count === 1 ? '' : 's'}` : '';
  const error = typeof op.error === 'string' && op.error.trim() !== '' ? `: ${op.error.trim()}` : '';
  return `operation ${op.id} (${op.action}) ${op.status}${failures}${error}`;
}

/** One line per outcome: what finished, what failed and why, what is still pending or unknown. */
export function describeWaitResult(result: WaitResult): string {
  const { unknownIds } = result;
  const total = result.operations.length + unknownIds.length;
  const seconds = (result.elapsedMs / 1000).toFixed(1);
  const lines: string[] = [];
  if (result.status === 'finished') {
    lines.push(`${countNoun(total, 'operation')} finished in ${seconds} s`);
  } else if (result.status === 'failed') {
    lines.push(`${result.failed.length} of ${countNoun(total, 'operation')} failed:`);
  } else if (result.pendingUnknown) {
    // Not "0 of 0 operations still pending": nothing is known of what is pending.
    lines.push(
      `timed out after ${seconds} s without listing the project's operations: the platform gave no answer in time, so which ` +
        `operations are pending is unknown`,
    );
  } else {
    const unfinished = result.pending.length + unknownIds.length;
    lines.push(`timed out after ${seconds} s with ${unfinished} of ${countNoun(total, 'operation')} still pending:`);
  }
  for (const op of result.operations) {
    if (isFailureStatus(op.status)) lines.push(`- ${describeOperationFailure(op)}`);
  }
  if (result.status !== 'finished') lines.push(...describeUnfinishedOperations(result).map((line) => `- ${line}`));
  return lines.join('\n');
}

/**
 * Each awaited operation not final when the wait ended: `operation 5f2c… (create_branch) still
 * running`, or `operation 5f2c…: no answer from the platform before the deadline`.
 */
export function describeUnfinishedOperations(result: Pick<WaitResult, 'pending' | 'unknownIds'>): string[] {
  return [
    ...result.pending.map((op) => `operation ${op.id} (${op.action}) still ${op.status}`),
    ...result.unknownIds.map((id) => `operation ${id}: no answer from the platform before the deadline`),
  ];
}
