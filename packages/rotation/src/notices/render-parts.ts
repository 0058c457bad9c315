// Pieces of words more than one family of notice uses (render.ts, render-targets.ts).

import { option } from '../option-names.js';

/** "Keep a, b in `retireTargets` until a run ends without this warning." */
export function keepRetiring(targets: readonly string[]): string {
  return `Keep ${targets.join(', ')} in ${option('retireTargets')} until a run ends without this warning.`;
}

/** "3 (name), 4": each key with its name where known. */
export function named(keys: { keyIds: readonly number[]; keyNames: ReadonlyArray<string | null> }): string {
  return keys.keyIds.map((id, i) => (keys.keyNames[i] ? `${id} (${keys.keyNames[i]})` : `${id}`)).join(', ');
}
