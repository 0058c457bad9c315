// How the library's messages name its options: by their path in RotateKeyOptions, in backquotes
// (`revokeKeyIds`). A caller that speaks other words (the rotate-key Action's inputs) re-renders
// each name in one place with renameOptions; a library caller reads the option it can set.

import type { CataloguePath } from './catalogue/catalogue.js';

/**
 * The options the rotation's messages name (advice: "run with `revokeKeyIds` naming its id"): the
 * catalogue's paths, so that every name a message holds is one each front end can say in its words.
 */
export type OptionName = CataloguePath;

/** `name` as a message writes it: in backquotes, which renameOptions finds again. */
export function option(name: OptionName): string {
  return `\`${name}\``;
}

/**
 * `text` (a RotationError's message, summary or advice, a log line, a warning) with every option
 * it names in backquotes replaced by `rename(name)`; a name `rename` returns undefined for stays
 * as written.
 *
 * @example renameOptions(error.advice, (name) => ({ revokeKeyIds: 'revoke-key-ids' })[name])
 */
export function renameOptions(text: string, rename: (name: string) => string | undefined): string {
  return text.replace(/`([A-Za-z]+(?:\.[A-Za-z]+)*)`/g, (written, name: string) => rename(name) ?? written);
}
