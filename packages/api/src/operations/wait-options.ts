// What operations.wait takes and gives back, and the up-front check of its arguments (as Smithy's
// waiters validate their options before the first poll).
import type { ApiError } from '../errors.js';
import {
  MAX_TIMER_MS,
  rejectUnknownKeys,
  requireFunction,
  requireNonEmptyString,
  requireNumber,
  requireOptionsObject,
  requireSignal,
} from '../internal/validate.js';
import type { Operation } from '../types.js';

export interface WaitOptions {
  /**
   * Between the starts of two rounds. Default 5000 ms, as the spec suggests. A round that took
   * longer than this is followed by the next one at once.
   */
  intervalMs?: number;
  /**
   * Wall-clock budget of the whole wait, > 0. Default 600000 ms (10 min). Every request of the
   * wait is aborted when it runs out; the wait then returns `timed-out` with the last known states.
   */
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
  /**
   * A transient failure (5xx, 429, 423, 408, connection error or per-attempt timeout, after the
   * client's own retries) that cut this round short. The wait goes on at the next interval; the
   * counts above are the last known states.
   */
  error?: ApiError;
}

export interface WaitResult {
  /**
   * `failed` if any awaited operation failed, else `timed-out` if any is still pending (or its
   * state never arrived), else `finished`.
   */
  status: 'finished' | 'failed' | 'timed-out';
  /** Last known state of each awaited operation, in the order awaited (ids in `unknownIds` left out). */
  operations: Operation[];
  failed: Operation[];
  pending: Operation[];
  /**
   * Awaited ids whose state never arrived before the deadline (the platform did not answer in
   * time, or only with transient errors). Empty unless the wait ran out of time.
   */
  unknownIds: string[];
  rounds: number;
  requests: number;
  elapsedMs: number;
}

export interface CheckedWait {
  projectId: string;
  ids: string[] | undefined;
  intervalMs: number;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  onPoll: ((event: PollEvent) => void) | undefined;
}

export const WAIT_CONTEXT = 'operations.wait';
const OPTION_KEYS = ['intervalMs', 'timeoutMs', 'signal', 'onPoll'];
const MILLISECONDS = { exclusiveMin: true, unit: 'milliseconds' } as const;

export function checkWait(projectId: unknown, ids: unknown, options: unknown): CheckedWait {
  const given = requireOptionsObject(options, WAIT_CONTEXT);
  rejectUnknownKeys(given, OPTION_KEYS, WAIT_CONTEXT);
  if (ids !== undefined && !Array.isArray(ids)) {
    throw new TypeError(`${WAIT_CONTEXT}: ids must be an array of operation ids, or omitted to await every pending operation`);
  }
  return {
    projectId: requireNonEmptyString(projectId, 'projectId', WAIT_CONTEXT),
    ids: ids && [...new Set(ids.map((id, i) => requireNonEmptyString(id, `ids[${i}]`, WAIT_CONTEXT)))],
    intervalMs: given.intervalMs === undefined ? 5000 : requireNumber(given.intervalMs, 'intervalMs', WAIT_CONTEXT, MILLISECONDS),
    timeoutMs:
      given.timeoutMs === undefined
        ? 600_000
        : requireNumber(given.timeoutMs, 'timeoutMs', WAIT_CONTEXT, { ...MILLISECONDS, max: MAX_TIMER_MS }),
    signal: requireSignal(given.signal, 'signal', WAIT_CONTEXT),
    onPoll: requireFunction(given.onPoll, 'onPoll', WAIT_CONTEXT),
  };
}
