// The library checks the values (DESIGN.md: validation once, in the libraries); this Action only
// says which of its inputs an OptionError is about. A refused value is described, never quoted
// when it may be a credential (rejectedValue).
import { OptionError } from '@keyturn/api';
import { InputError, rejectedValue } from '@keyturn/action-common';

/** Each option of createClient and operations.wait that an input of this Action sets. */
export const INPUT_OF_OPTION: Readonly<Record<string, string>> = {
  apiKey: 'api-key',
  baseUrl: 'api-url',
  projectId: 'project-id',
  ids: 'operation-ids',
  timeoutMs: 'timeout',
  intervalMs: 'interval',
};

/**
 * `error` as an InputError naming the input behind its option (`texts` holds each input's value as
 * given), or `error` itself when it is not an option mistake of an input.
 */
export function inInputTerms(error: unknown, texts: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof OptionError)) return error;
  const input = INPUT_OF_OPTION[error.option.replace(/\[\d+\]$/, '')];
  if (input === undefined) return error;
  // The library's message starts with where it was checked (`createClient: `); the input says that.
  const problem = error.message.replace(/^[\w.]+: /, '');
  const text = texts[input];
  return new InputError(input, text === undefined ? `was refused: ${problem}` : `is ${rejectedValue(text)}, refused: ${problem}`);
}
