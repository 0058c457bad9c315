// Waits for operations to reach a final status, as the spec's polling advice (platform-api.md
// §4.3 rule 5: about every 5 s) and Smithy's waiters: options checked up front, a poll at once,
// then one every interval against a wall-clock deadline; the last sleep is cut so one final poll
// lands on the deadline; the result says why it ended.
import { RequestAbortedError } from '../errors.js';
import { apiPath } from '../internal/origin.js';
import { SleepAborted } from '../internal/runtime.js';
import { linkSignals } from '../internal/signals.js';
import type { Transport } from '../internal/transport.js';
import {
  MAX_TIMER_MS,
  rejectUnknownKeys,
  requireFunction,
  requireNonEmptyString,
  requireNumber,
  requireOptionsObject,
  requireSignal,
} from '../internal/validate.js';
import { iterateOperations } from '../resources/operation-requests.js';
import { MAX_PAGE_LIMIT } from '../resources/request-options.js';
import type { Operation } from '../types.js';
import { pollRound, PollState, type RoundContext } from './poll-round.js';
import { isFailureStatus, isFinalStatus, isSuccessStatus } from './status.js';

export interface WaitOptions {
  /** Between the starts of two rounds. Default 5000 ms, as the spec suggests. */
  intervalMs?: number;
  /** Wall-clock budget of the whole wait. Default 600000 ms (10 min). */
  timeoutMs?: number;
  /** Aborts the wait, its requests and its sleeps (RequestAbortedError). */
  signal?: AbortSignal;
  /** Called after every round, e.g. to log progress. */
  onPoll?: (event: PollEvent) => void;
}

export interface PollEvent {
  /** 1 for the poll made at once. */
  round: number;
  elapsedMs: number;
  /** How many operations are awaited. */
  awaited: number;
  pending: number;
  succeeded: number;
  failed: number;
  /** HTTP requests this round spent (retries included). */
  requests: number;
  totalRequests: number;
}

export interface WaitResult {
  /** `failed` if any awaited operation failed, else `timed-out` if any is still pending. */
  status: 'finished' | 'failed' | 'timed-out';
  /** Last known state of each awaited operation, in the order awaited. */
  operations: Operation[];
  failed: Operation[];
  pending: Operation[];
  rounds: number;
  requests: number;
  elapsedMs: number;
}

const CONTEXT = 'operations.wait';
const OPTION_KEYS = ['intervalMs', 'timeoutMs', 'signal', 'onPoll'];

interface CheckedWait {
  projectId: string;
  ids: string[] | undefined;
  intervalMs: number;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  onPoll: ((event: PollEvent) => void) | undefined;
}

function checkWait(projectId: unknown, ids: unknown, options: unknown): CheckedWait {
  const given = requireOptionsObject(options, CONTEXT);
  rejectUnknownKeys(given, OPTION_KEYS, CONTEXT);
  if (ids !== undefined && !Array.isArray(ids)) {
    throw new TypeError(`${CONTEXT}: ids must be an array of operation ids, or omitted to await every pending operation`);
  }
  return {
    projectId: requireNonEmptyString(projectId, 'projectId', CONTEXT),
    ids: ids && [...new Set(ids.map((id, i) => requireNonEmptyString(id, `ids[${i}]`, CONTEXT)))],
    intervalMs:
      given.intervalMs === undefined
        ? 5000
        : requireNumber(given.intervalMs, 'intervalMs', CONTEXT, { exclusiveMin: true, unit: 'milliseconds' }),
    timeoutMs:
      given.timeoutMs === undefined
        ? 600_000
        : requireNumber(given.timeoutMs, 'timeoutMs', CONTEXT, { max: MAX_TIMER_MS, unit: 'milliseconds' }),
    signal: requireSignal(given.signal, 'signal', CONTEXT),
    onPoll: requireFunction(given.onPoll, 'onPoll', CONTEXT),
  };
}

export async function waitForOperations(
  transport: Transport,
  projectId: string,
  ids: readonly string[] | undefined,
  options: WaitOptions | undefined,
): Promise<WaitResult> {
  const wait = checkWait(projectId, ids, options);
  const { now } = transport.runtime;
  const started = now();
  const deadline = started + wait.timeoutMs;
  const counts = { round: 0, total: 0 };
  const context: RoundContext = {
    transport,
    projectId: wait.projectId,
    call: { signal: wait.signal, onAttempt: () => counts.round++ },
  };
  let state: PollState;
  if (wait.ids === undefined) {
    state = await findPending(context); // the scan is the first poll
  } else {
    state = new PollState(wait.ids);
    if (state.awaited.length === 0) return result(state, 0, 0, 0);
    await pollRound(state, context);
  }

  let rounds = 1;
  for (let lastRound = false; ; ) {
    counts.total += counts.round;
    wait.onPoll?.(pollEvent(state, rounds, now() - started, counts));
    counts.round = 0;
    const remaining = deadline - now();
    if (lastRound || state.pendingIds().length === 0 || remaining <= 0) break;
    const sleepMs = Math.min(wait.intervalMs, remaining);
    lastRound = sleepMs < wait.intervalMs; // cut to the deadline: the next poll is the final one
    await pause(transport, sleepMs, wait);
    rounds++;
    await pollRound(state, context);
  }
  return result(state, rounds, counts.total, now() - started);
}

/** `ids` omitted: the operations not final now, found by reading the whole list once. */
async function findPending(context: RoundContext): Promise<PollState> {
  const pending: Operation[] = [];
  let position = 0;
  let deepest: number | undefined;
  for await (const op of iterateOperations(context.transport, context.projectId, MAX_PAGE_LIMIT, context.call)) {
    if (!isFinalStatus(op.status)) {
      pending.push(op);
      deepest = position;
    }
    position++;
  }
  const state = new PollState(pending.map((op) => op.id));
  for (const op of pending) state.latest.set(op.id, op);
  state.deepestPosition = deepest;
  return state;
}

async function pause(transport: Transport, ms: number, wait: CheckedWait): Promise<void> {
  const link = linkSignals([transport.signal, wait.signal]);
  try {
    await transport.runtime.sleep(ms, link.signal);
  } catch (error) {
    if (!(error instanceof SleepAborted)) throw error;
    const path = apiPath`/projects/${wait.projectId}/operations`;
    throw new RequestAbortedError(
      `${CONTEXT}: waiting for the operations of project ${wait.projectId} was aborted by the caller's signal.`,
      { method: 'GET', path },
    );
  } finally {
    link.dispose();
  }
}

function pollEvent(state: PollState, round: number, elapsedMs: number, counts: { round: number; total: number }): PollEvent {
  const ops = [...state.latest.values()];
  return {
    round,
    elapsedMs,
    awaited: state.awaited.length,
    pending: state.pendingIds().length,
    succeeded: ops.filter((op) => isSuccessStatus(op.status)).length,
    failed: ops.filter((op) => isFailureStatus(op.status)).length,
    requests: counts.round,
    totalRequests: counts.total,
  };
}

function result(state: PollState, rounds: number, requests: number, elapsedMs: number): WaitResult {
  const operations = state.awaited.map((id) => state.latest.get(id)!);
  const failed = operations.filter((op) => isFailureStatus(op.status));
  const pending = operations.filter((op) => !isFinalStatus(op.status));
  const status = failed.length > 0 ? 'failed' : pending.length > 0 ? 'timed-out' : 'finished';
  return { status, operations, failed, pending, rounds, requests, elapsedMs };
}
