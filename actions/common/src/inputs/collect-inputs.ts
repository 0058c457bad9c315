// Checks every input before anything happens, and reports all the invalid ones together.

import { InputError, InvalidInputsError } from './input-error.js';

type Readers = Record<string, () => unknown>;
export type CollectedInputs<R extends Readers> = { [K in keyof R]: ReturnType<R[K]> };

/**
 * Runs each reader; if any throws an InputError, throws one InvalidInputsError naming them all.
 * Other errors are bugs and pass through.
 */
export function collectInputs<R extends Readers>(readers: R): CollectedInputs<R> {
  const values: Record<string, unknown> = {};
  const errors: InputError[] = [];
  for (const [key, read] of Object.entries(readers)) {
    try {
      values[key] = read();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new InvalidInputsError(errors);
  return values as CollectedInputs<R>;
}
