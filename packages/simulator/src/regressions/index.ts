import type { HistoryOptions } from '../history.js';
import { FIRST_MODEL_SEEDS } from './first-models.js';
import { NARROW_MODEL_SEEDS } from './narrow-model.js';
import { TIMED_SEEDS } from './timed-model.js';
import { WIDE_AND_TIMED_SEEDS } from './wide-and-timed.js';

// Seeds that once failed, one entry each (by era, in this folder): the package's tests replay every one with the invariants.
// A new failing seed from `pnpm sim` goes here as `{ seed, found: 'what it showed' }` once fixed.
// `open`: found by the simulator and not fixed yet; replayed by `pnpm sim --seed S --histories 1`,
// not by the tests (they would fail until the fix lands). The tests replay a seed without the leak rounds,
// the records in parts (edits `modes`, `parts`: issue 36) and the timed model (`timed`: issues 33, 34)
// unless its `edits` turn them on: `pnpm sim` plays all three, so a seed it finds gets TIMED_MODEL.

export interface Regression {
  seed: number;
  found: string;
  /** What the verdict was, and the fix (product or model). */
  verdict?: string;
  open?: boolean;
  /** The edits of the model the seed was found with (history.ts), so it replays the same history. */
  edits?: HistoryOptions['edits'];
}

export const REGRESSIONS: Regression[] = [...FIRST_MODEL_SEEDS, ...NARROW_MODEL_SEEDS, ...WIDE_AND_TIMED_SEEDS, ...TIMED_SEEDS];
