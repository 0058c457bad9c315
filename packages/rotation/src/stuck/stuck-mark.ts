// The stuck state (issue 33, item 3): a run that ends where only a person can help writes a mark
// into its family's record, and later runs make no key until a person acknowledges. What goes into
// the record, and when a failure makes a family stuck, are decided here, purely; the record I/O is
// in stuck-writes.ts, the check at the start of a run in stuck-check.ts.

import type { RotationErrorCode } from '../errors.js';
import type { StuckReason, StuckReasonNotice } from '../notices/notice.js';

/** The same failure in this many consecutive runs makes the family stuck (README, "A stuck family"). */
export const STUCK_AFTER_RUNS = 3;

/** While a family is stuck, its issue is updated (and the webhook posted) at most once in this long. */
export const CALL_AGAIN_AFTER_MS = 24 * 60 * 60 * 1000;

/** The mark: since when the family is stuck, why (a notice whose words are the remedy), and the run that got stuck. */
export interface StuckMark {
  since: string;
  runUrl?: string;
  notice: StuckReasonNotice;
}

/**
 * Consecutive runs that ended the same way: a RotationErrorCode, or `lease-taken-over` for runs that
 * each found the previous run's lease lapsed. Kept in the record; a run that succeeds clears it.
 */
export interface FailureStreak {
  code: RotationErrorCode | 'lease-taken-over';
  count: number;
  /** The first of those runs' time (ISO 8601). */
  since: string;
}

/** Acknowledged while its issue is still open: the first run to succeed closes the issue and forgets this. */
export interface Recovery {
  reason: StuckReason;
  since: string;
}

/**
 * Failures not counted: another run's doing, the caller's, bad input; and the record's own failures
 * (a record that cannot be read or written cannot keep a count: an unreadable one calls a person itself).
 */
const NOT_COUNTED: ReadonlySet<RotationErrorCode> = new Set([
  'invalid-options',
  'stood-down',
  'concurrent-rotation',
  'aborted',
  'lease-held',
  'stuck',
  'record-failed',
]);

/** Whether a run failing with `code` counts towards a streak. */
export function counts(code: RotationErrorCode): boolean {
  return !NOT_COUNTED.has(code);
}

/** The streak after one more run ending with `code` at `now`: one longer when it is the same code, else a new one. */
export function nextStreak(streak: FailureStreak | undefined, code: FailureStreak['code'], now: Date): FailureStreak {
  if (streak?.code === code) return { ...streak, count: streak.count + 1 };
  return { code, count: 1, since: now.toISOString() };
}

/** The mark a streak earns once it is long enough; undefined before. */
export function streakMark(
  streak: FailureStreak,
  facts: { family: string; secretName: string; summary: string; now: Date; runUrl?: string },
): StuckMark | undefined {
  if (streak.count < STUCK_AFTER_RUNS) return undefined;
  const notice: StuckReasonNotice =
    streak.code === 'lease-taken-over'
      ? {
          code: 'lease-taken-over',
          family: facts.family,
          secretName: facts.secretName,
          runs: streak.count,
          actions: [{ do: 'acknowledge' }],
        }
      : {
          code: 'repeated-failure',
          family: facts.family,
          failure: streak.code,
          runs: streak.count,
          since: streak.since,
          summary: facts.summary,
          actions: [{ do: 'acknowledge' }],
        };
  return mark(notice, facts.now, facts.runUrl);
}

export function mark(notice: StuckReasonNotice, now: Date, runUrl: string | undefined): StuckMark {
  return { since: now.toISOString(), ...(runUrl && { runUrl }), notice };
}
