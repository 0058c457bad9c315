// What operations.wait takes and gives back, and the up-front check of its arguments (as Smithy's
// waiters validate their options before the first poll).
import { type ApiError, OptionError } from '../errors.js';
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
import { DEFAULT_MIN_INTERVAL_MS } from './poll-schedule.js';

/** What `operations.wait` takes. */
export interface WaitOptions {
  /**
   * The operations to await: their ids, or `'pending'` (the default) for every operation of the
   * project that is not final when the wait starts (found by a bounded scan of the list, see
   * `operations.wait`). An empty list awaits nothing: the wait ends `finished` at once.
   */
  ids?: readonly string[] | 'pending';
  /**
   * The longest time between the starts of two rounds: the pace the schedule settles to once the
   * wait has gone on a while. Default 5000 ms, as the spec suggests. Rounds start `minIntervalMs`
   * apart at first, then each delay grows to a fifth of the time already waited (jittered), up to
   * this. A round that took longer than its delay is followed by the next one at once.
   */
  intervalMs?: number;
  /**
   * The first delay, and the shortest (Smithy's minDelay). Default 1000 ms, or `intervalMs` when
   * that is shorter; at most `intervalMs`. Equal to `intervalMs`, rounds start exactly
   * `intervalMs` apart (a fixed schedule).
   */
  minIntervalMs?: number;
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

/** What `onPoll` receives after every round of a wait. */
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

/** How a wait ended, with the last known state of every awaited operation. */
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
  /**
   * True when the wait was for every pending operation (no `ids`) and no reading of the project's
   * operation list completed before the deadline: which operations are pending is unknown, and
   * `operations` holds only those found before the platform stopped answering.
   */
  pendingUnknown: boolean;
  rounds: number;
  requests: number;
  elapsedMs: number;
}

export interface CheckedWait {
  projectId: string;
  /** undefined: `'pending'`, found by a scan. */
  ids: string[] | undefined;
  intervalMs: number;
  minIntervalMs: number;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  onPoll: ((event: PollEvent) => void) | undefined;
}

export const WAIT_CONTEXT = 'operations.wait';
const OPTION_KEYS = ['ids', 'intervalMs', 'minIntervalMs', 'timeoutMs', 'signal', 'onPoll'];
const MILLISECONDS = { exclusiveMin: true, unit: 'milliseconds' } as const;

export function checkWait(projectId: unknown, options: unknown): CheckedWait {
  const given = requireOptionsObject(options, WAIT_CONTEXT);
  rejectUnknownKeys(given, OPTION_KEYS, WAIT_CONTEXT);
  const ids = given.ids === undefined ? 'pending' : given.ids;
  if (ids !== 'pending' && !Array.isArray(ids)) {
    throw new OptionError('ids', `${WAIT_CONTEXT}: ids must be an array of operation ids, or 'pending' to await every pending operation`);
  }
  const intervalMs = given.intervalMs === undefined ? 5000 : requireNumber(given.intervalMs, 'intervalMs', WAIT_CONTEXT, MILLISECONDS);
  return {
    projectId: requireNonEmptyString(projectId, 'projectId', WAIT_CONTEXT),
    ids: ids === 'pending' ? undefined : [...new Set(ids.map((id, i) => requireNonEmptyString(id, `ids[${i}]`, WAIT_CONTEXT)))],
    intervalMs,
    minIntervalMs: checkMinInterval(given.minIntervalMs, intervalMs),
    timeoutMs:
      given.timeoutMs === undefined
        ? 600_000
        : requireNumber(given.timeoutMs, 'timeoutMs', WAIT_CONTEXT, { ...MILLISECONDS, max: MAX_TIMER_MS }),
    signal: requireSignal(given.signal, 'signal', WAIT_CONTEXT),
    onPoll: requireFunction(given.onPoll, 'onPoll', WAIT_CONTEXT),
  };
}

/** The first delay may not exceed the ceiling: a schedule that starts above it would only shrink. */
function checkMinInterval(value: unknown, intervalMs: number): number {
  if (value === undefined) return Math.min(DEFAULT_MIN_INTERVAL_MS, intervalMs);
  const minIntervalMs = requireNumber(value, 'minIntervalMs', WAIT_CONTEXT, MILLISECONDS);
  if (minIntervalMs > intervalMs) {
    throw new OptionError(
      'minIntervalMs',
      `${WAIT_CONTEXT}: minIntervalMs (${minIntervalMs}) must not exceed intervalMs (${intervalMs}): set intervalMs to the ` +
        `longest delay you accept, minIntervalMs to the first`,
    );
  }
  return minIntervalMs;
}
