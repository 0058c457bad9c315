// A target record that could not be read or saved fails the run: the store's own advice (a
// RecordError's), else to run again, then what the failure left as it was.

import type { RotationFailure } from '../errors.js';
import type { RotationStep } from '../log.js';
import { describeError } from '../platform.js';
import { RecordError } from '../record/variable-store.js';

/** The failure of `doing` (the summary's opening, `describeError` follows), ending its advice with `unchanged`. */
export function recordFailure(step: RotationStep, doing: string, error: unknown, unchanged: string): RotationFailure {
  const advice = error instanceof RecordError ? error.advice : 'Run again once the cause above is fixed.';
  return { code: 'record-failed', step, summary: `${doing}${describeError(error)}`, advice: `${advice} ${unchanged}`, cause: error };
}
