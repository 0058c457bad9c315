// The error of a value a person typed (an Action's input, a CLI flag, a keyturn.yml key): it names
// where the value came from, so the message says what to fix, and never quotes a secret.

import { KeyturnError } from '../errors.js';

/** One value that cannot be used. `input` names where it came from; `problem` says what is wrong. */
export class InputError extends KeyturnError {
  override readonly name = 'InputError';

  constructor(
    readonly input: string,
    readonly problem: string,
  ) {
    super(`Input '${input}' ${problem}`);
  }
}
