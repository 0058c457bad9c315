// The library checks the values (validation once, in the libraries: packages/api/README.md, Options); this Action only
// says which of its inputs an OptionError is about (optionMistake words it).
import { OptionError } from '@keyturn/api';
import { optionMistake } from '@keyturn/api/values';

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
  return optionMistake(input, error, texts[input]);
}
