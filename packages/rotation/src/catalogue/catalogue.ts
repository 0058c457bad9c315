// The options of a rotation, described once: where each goes in rotateKey's options, what its text
// reads into, its default and documentation, and how each front end spells it (the rotate-key
// Action's input, the CLI's flag, keyturn.yml key and environment variable). The Action's inputs and
// the CLI's flags are read from this table, and tests hold action.yml and `keyturn rotate --help` to
// it. The rows live in one file per group of options, joined here in the order the front ends list
// them. To add an option: a row in its group, then its use (CONTRIBUTING.md, "Adding an option").

import type { CatalogueOption } from './option-entry.js';
import { ACCESS_OPTIONS } from './access-options.js';
import { TARGET_OPTIONS } from './target-options.js';
import { SCHEDULE_OPTIONS } from './schedule-options.js';
import { KEY_KIND_OPTIONS } from './key-kind-options.js';
import { RECORD_OPTIONS } from './record-options.js';
import { LEAK_OPTIONS } from './leak-options.js';

/** Every option of a rotation, by name (its Action input, else its CLI key), in the order the front ends list them. */
export const ROTATION_OPTIONS = {
  ...ACCESS_OPTIONS,
  ...TARGET_OPTIONS,
  ...SCHEDULE_OPTIONS,
  ...KEY_KIND_OPTIONS,
  ...RECORD_OPTIONS,
  ...LEAK_OPTIONS,
} as const satisfies Record<string, CatalogueOption>;

/** An option's name in the catalogue: its Action input, else its CLI key. */
export type CatalogueName = keyof typeof ROTATION_OPTIONS;

/** The keyturn.yml keys (and setting names) the catalogue gives the CLI. */
export type CatalogueKey = { [N in CatalogueName]: CliOf<N> extends { key: infer K extends string } ? K : never }[CatalogueName];

/** The options the CLI reads as credentials: from an environment variable or a file, never a flag. */
export type CredentialName = { [N in CatalogueName]: CliOf<N> extends { file: string } ? N : never }[CatalogueName];

/** Each path the library's messages may name an option by: its path in rotateKey's options, or an alias. */
export type CataloguePath = { [N in CatalogueName]: PathsOf<(typeof ROTATION_OPTIONS)[N]> }[CatalogueName];

type PathsOf<O> = (O extends { path: infer P extends string } ? P : never) | (O extends { aliases: readonly (infer A)[] } ? A : never);

type CliOf<N extends CatalogueName> = (typeof ROTATION_OPTIONS)[N] extends { cli: infer C } ? C : undefined;

/** Each option with its name, in the table's order. */
export function catalogueOptions(): Array<CatalogueOption & { name: CatalogueName }> {
  return Object.entries(ROTATION_OPTIONS).map(([name, option]) => ({ ...(option as CatalogueOption), name: name as CatalogueName }));
}
