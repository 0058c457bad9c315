// Turns an error into the message of the final `::error::` annotation: what failed, then what to do.
// @keyturn/api errors already say what was asked and the generic remedy; this adds where, in the
// workflow, the fix goes.

import { ApiError } from '@keyturn/api';
import { InvalidInputsError } from './inputs/read.js';

/** Advice by error class name (`AuthenticationError`, `NotFoundError`...), added after its message. */
export type FailureHints = Readonly<Record<string, string>>;

const COMMON_HINTS: FailureHints = {
  AuthenticationError: 'Put a live key in the secret passed as api-key, then re-run (see the README, "When the key no longer works").',
  ConnectionError: 'Check api-url and that the runner can reach it.',
  TimeoutError: 'Check api-url and that the runner can reach it.',
  RedirectRefusedError: 'Check api-url: give the API base URL itself, which answers without redirects.',
};

/** The message of the step's `::error::` for any error (a failed operation is @keyturn/api's to describe). */
export function failureAnnotation(error: unknown, hints: FailureHints = {}): string {
  if (error instanceof InvalidInputsError) return error.message;
  if (error instanceof ApiError) {
    const hint = hints[error.name] ?? COMMON_HINTS[error.name];
    return hint ? `${error.message} ${hint}` : error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
