// The random histories of a test run: KEYTURN_SIM_HISTORIES (10,000 by default) from a base seed
// that varies per run (vitest.config.ts draws and prints it; KEYTURN_SIM_SEED fixes it), split
// into shards (KEYTURN_SIM_SHARD of KEYTURN_SIM_SHARDS), one per vitest project, so every core works.
// A failure lists every failing seed with its one-line replay, and the first one's trace.

import { describe, expect, it } from 'vitest';
import { type HistoryResult, runHistory } from '../src/index.js';

const BASE_SEED = Number(process.env.KEYTURN_SIM_SEED);
const HISTORIES = Number(process.env.KEYTURN_SIM_HISTORIES ?? 10_000);
const SHARD = Number(process.env.KEYTURN_SIM_SHARD ?? 0);
const SHARDS = Number(process.env.KEYTURN_SIM_SHARDS ?? 1);
const per = Math.ceil(HISTORIES / SHARDS);
const from = BASE_SEED + SHARD * per;
const count = Math.max(0, Math.min(per, HISTORIES - SHARD * per));

describe(`random histories (KEYTURN_SIM_SEED=${BASE_SEED})`, () => {
  it(`seeds ${from} to ${from + count - 1}`, async () => {
    expect(Number.isSafeInteger(BASE_SEED), 'KEYTURN_SIM_SEED is set by vitest.config.ts').toBe(true);
    const failed: HistoryResult[] = [];
    for (let seed = from; seed < from + count; seed++) {
      const result = await runHistory(seed);
      if (result.violations.length) failed.push(result);
    }
    if (failed.length) {
      const lines = failed.map((r) => `seed ${r.seed}: ${r.violations[0]} (replay: pnpm sim --seed ${r.seed} --histories 1)`);
      throw new Error(`${failed.length} of ${count} histories failed:\n${lines.join('\n')}\n\nseed ${failed[0]!.seed}:\n${failed[0]!.trace.join('\n')}`);
    }
  });
});
