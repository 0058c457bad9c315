// A request of a step that fails the run, said once: a target record that could not be read or
// saved (the store's own advice, a RecordError's, else to run again), and a platform request
// (its code and advice by the error, platform.ts).

import { platformFailureCode, type RotationFailure } from '../errors.js';
import type { RotationStep } from '../log.js';
import { describeError, platformAdvice } from '../platform.js';
import { RecordError } from '../record/variable-store.js';
import type { RotationContext } from './context.js';

/** The failure of `doing` (the summary's opening, `describeError` follows), ending its advice with `unchanged`. */
export function recordFailure(step: RotationStep, doing: string, error: unknown, unchanged: string): RotationFailure {
  const advice = error instanceof RecordError ? error.advice : 'Run again once the cause above is fixed.';
  return { code: 'record-failed', step, summary: `${doing}${describeError(error)}`, advice: `${advice} ${unchanged}`, cause: error };
}

/** A platform request of a run that changed nothing yet: `doing` opens the summary, `describeError` follows. */
export function platformFailure(ctx: RotationContext, step: RotationStep, doing: string, error: unknown): RotationFailure {
  const advice = platformAdvice(error, ctx.secretName, true, ctx.keyScope);
  return { code: platformFailureCode(error), step, summary: `${doing}${describeError(error)}`, advice, cause: error };
}
