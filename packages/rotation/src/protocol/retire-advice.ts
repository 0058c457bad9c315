// The advice of a warning that a record still names retired targets: only a run that retires them
// again forgets them (a run of another family never does), so the user keeps them listed.

import { option } from '../option-names.js';

/** "Keep a, b in `retireTargets` until a run ends without this warning." */
export function keepRetiring(targets: readonly string[]): string {
  return `Keep ${targets.join(', ')} in ${option('retireTargets')} until a run ends without this warning.`;
}
