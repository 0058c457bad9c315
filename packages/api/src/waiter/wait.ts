// Waits for operations to reach a final status, as the spec's polling advice (platform-api.md
// §4.3 rule 5: about every 5 s) and Smithy's waiters: options checked up front, a poll at once,
// then rounds on a schedule that starts short and grows to the interval (poll-schedule.ts),
// against a wall-clock deadline that also aborts every request; the last sleep is cut so the final
// poll lands before the deadline; the result says why it ended.
import { ApiError, RequestAbortedError } from '../errors.js';
import { apiPath } from '../internal/origin.js';
import { SleepAborted } from '../toolkit/runtime.js';
import type { Transport } from '../internal/transport.js';
import type { Operation } from '../types.js';
import { PendingScan } from './pending-scan.js';
import { pollRound, PollState, type RoundContext } from './poll-round.js';
import { PollSchedule } from './poll-schedule.js';
import { isFailureStatus, isFinalStatus, isSuccessStatus } from './status.js';
import { WaitDeadline } from './wait-deadline.js';
import { type CheckedWait, checkWait, type PollEvent, WAIT_CONTEXT, type WaitOptions, type WaitResult } from './wait-options.js';

export type { PollEvent, WaitOptions, WaitResult };

/** How a round ended: done, cut by a transient failure (the wait goes on), or by the deadline. */
type RoundOutcome = { kind: 'done' } | { kind: 'transient'; error: ApiError } | { kind: 'deadline' };

interface Counts {
  round: number;
  total: number;
}

export async function waitForOperations(transport: Transport, projectId: string, options: WaitOptions | undefined): Promise<WaitResult> {
  const wait = checkWait(projectId, options);
  if (wait.ids?.length === 0) return result(new PollState([]), { rounds: 0, requests: 0, elapsedMs: 0, complete: true });
  const deadline = new WaitDeadline(transport.runtime, wait.timeoutMs, [transport.signal, wait.signal]);
  try {
    return await pollUntilDone(transport, wait, deadline);
  } finally {
    deadline.dispose();
  }
}

async function pollUntilDone(transport: Transport, wait: CheckedWait, deadline: WaitDeadline): Promise<WaitResult> {
  const { now } = transport.runtime;
  const started = now();
  const counts: Counts = { round: 0, total: 0 };
  const context: RoundContext = {
    transport,
    projectId: wait.projectId,
    call: { signal: deadline.signal, onAttempt: () => counts.round++ },
  };
  const awaited = awaitedOperations(wait.ids);
  const schedule = new PollSchedule({ minIntervalMs: wait.minIntervalMs, maxIntervalMs: wait.intervalMs }, transport.runtime.random);
  let rounds = 0;
  for (let lastRound = false; ; ) {
    const roundStarted = now();
    rounds++;
    const outcome = await runRound(deadline, () => awaited.poll(context));
    counts.total += counts.round;
    const error = outcome.kind === 'transient' ? outcome.error : undefined;
    wait.onPoll?.(pollEvent(awaited.state(), rounds, now() - started, counts, error));
    counts.round = 0;
    if (outcome.kind === 'deadline' || lastRound || (awaited.known() && awaited.state().pendingIds().length === 0)) break;
    if (error) schedule.backOff();
    // Rounds start one delay of the schedule apart, and never before the platform's Retry-After;
    // the final one must start early enough to take as long as this one did before the deadline.
    const roundMs = now() - roundStarted;
    const untilLatestStart = deadline.at - roundMs - now();
    if (untilLatestStart <= 0) break;
    const retryAfterMs = error?.retryAfterMs ?? 0;
    if (retryAfterMs > untilLatestStart) {
      // Asked to stay away past the last possible round: wait out the deadline without asking.
      await pause(transport, deadline.at - now(), wait, deadline);
      break;
    }
    const untilNextStart = Math.max(0, schedule.delayAfter(roundStarted - started) - roundMs, retryAfterMs);
    lastRound = untilLatestStart <= untilNextStart;
    if (!(await pause(transport, Math.min(untilNextStart, untilLatestStart), wait, deadline))) break;
  }
  return result(awaited.state(), { rounds, requests: counts.total, elapsedMs: now() - started, complete: awaited.known() });
}

interface AwaitedOperations {
  /** One round: polls the awaited operations, or scans for them until a scan completes. */
  poll(context: RoundContext): Promise<void>;
  state(): PollState;
  /** False while the awaited set itself is unknown (ids omitted, no scan completed yet). */
  known(): boolean;
}

function awaitedOperations(ids: string[] | undefined): AwaitedOperations {
  if (ids !== undefined) {
    const state = new PollState(ids);
    return { poll: (context) => pollRound(state, context), state: () => state, known: () => true };
  }
  // The scan is the first poll; a scan cut short is redone next round.
  const scan = new PendingScan();
  let found: PollState | undefined;
  return {
    poll: async (context) => {
      if (found) return pollRound(found, context);
      await scan.run(context);
      found = scan.toPollState();
    },
    state: () => found ?? scan.toPollState(),
    known: () => found !== undefined,
  };
}

/**
 * Runs one round. The caller's abort and non-transient errors (401, 403, 404, 400, …) end the
 * wait by throwing; a transient failure is reported and the wait goes on; the deadline ends it.
 */
async function runRound(deadline: WaitDeadline, round: () => Promise<void>): Promise<RoundOutcome> {
  try {
    await round();
    return { kind: 'done' };
  } catch (error) {
    if (deadline.callerAborted() || !(error instanceof ApiError)) throw error;
    const { transient } = error;
    if (deadline.passed() && (transient || error instanceof RequestAbortedError)) return { kind: 'deadline' };
    if (transient) return { kind: 'transient', error };
    throw error;
  }
}

/** Sleeps until the next round; false when the deadline ended the sleep. */
async function pause(transport: Transport, ms: number, wait: CheckedWait, deadline: WaitDeadline): Promise<boolean> {
  try {
    await transport.runtime.sleep(ms, deadline.signal);
    return true;
  } catch (error) {
    if (!(error instanceof SleepAborted)) throw error;
    if (!deadline.callerAborted()) return false;
    throw new RequestAbortedError(
      `${WAIT_CONTEXT}: waiting for the operations of project ${wait.projectId} was aborted by the caller's signal.`,
      { method: 'GET', path: apiPath`/projects/${wait.projectId}/operations` },
    );
  }
}

function pollEvent(state: PollState, round: number, elapsedMs: number, counts: Counts, error: ApiError | undefined): PollEvent {
  const ops = [...state.latest.values()];
  const event: PollEvent = {
    round,
    elapsedMs,
    awaited: state.awaited.length,
    pending: state.pendingIds().length,
    succeeded: ops.filter((op) => isSuccessStatus(op.status)).length,
    failed: ops.filter((op) => isFailureStatus(op.status)).length,
    requests: counts.round,
    totalRequests: counts.total,
  };
  if (error) event.error = error;
  return event;
}

interface Summary {
  rounds: number;
  requests: number;
  elapsedMs: number;
  /** False when the awaited set itself is unknown: no scan of the list completed in time. */
  complete: boolean;
}

function result(state: PollState, summary: Summary): WaitResult {
  const operations: Operation[] = [];
  const unknownIds: string[] = [];
  for (const id of state.awaited) {
    const op = state.latest.get(id);
    if (op) operations.push(op);
    else unknownIds.push(id);
  }
  const failed = operations.filter((op) => isFailureStatus(op.status));
  const pending = operations.filter((op) => !isFinalStatus(op.status));
  const unfinished = pending.length > 0 || unknownIds.length > 0 || !summary.complete;
  const status = failed.length > 0 ? 'failed' : unfinished ? 'timed-out' : 'finished';
  const { rounds, requests, elapsedMs } = summary;
  return { status, operations, failed, pending, unknownIds, pendingUnknown: !summary.complete, rounds, requests, elapsedMs };
}
