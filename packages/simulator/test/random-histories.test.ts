// The random histories of a test run: KEYTURN_SIM_HISTORIES (vitest.config.ts: 2,000 in the test command,
// 10,000 in CI's deep search) from the base seed
// vitest.config.ts sets (drawn each run unless KEYTURN_SIM_SEED gives one), split into shards
// (KEYTURN_SIM_SHARD of KEYTURN_SIM_SHARDS), one per vitest project, so every core works. A seed
// listed open in src/regressions/ must still fail (it is a known defect, not a pass); once it
// passes, the test says to close it. Any other failing seed fails the test, listed with its
// one-line replay and the first one's trace. The shards pool the code probes their histories hit: at
// the test command's count (REQUIRED_PROBES_AT), a required probe no history hit fails the run, named.

import { describe, expect, it } from 'vitest';
import { Coverage } from '../src/coverage.js';
import type { HistoryResult } from '../src/index.js';
import { REGRESSIONS } from '../src/regressions/index.js';
import { REQUIRED_PROBES_AT } from '../src/required-probes.js';
import { mergeShardCoverage } from '../src/shard-coverage.js';

const BASE_SEED = Number(process.env.KEYTURN_SIM_SEED);
const HISTORIES = Number(process.env.KEYTURN_SIM_HISTORIES);
const SHARD = Number(process.env.KEYTURN_SIM_SHARD ?? 0);
const SHARDS = Number(process.env.KEYTURN_SIM_SHARDS ?? 1);
const per = Math.ceil(HISTORIES / SHARDS);
const from = BASE_SEED + SHARD * per;
const count = Math.max(0, Math.min(per, HISTORIES - SHARD * per));
const OPEN = new Set(REGRESSIONS.filter((r) => r.open).map((r) => r.seed));
const RUN = process.env.KEYTURN_SIM_RUN ?? `${process.pid}`;
const coverage = new Coverage();

describe(`random histories (KEYTURN_SIM_SEED=${BASE_SEED})`, () => {
  it(`seeds ${from} to ${from + count - 1}`, async () => {
    expect(Number.isSafeInteger(BASE_SEED), 'KEYTURN_SIM_SEED is set by vitest.config.ts').toBe(true);
    expect(Number.isSafeInteger(HISTORIES), 'KEYTURN_SIM_HISTORIES is set by vitest.config.ts').toBe(true);
    const failed: HistoryResult[] = [];
    const closedNow: number[] = [];
    for (let seed = from; seed < from + count; seed++) {
      const result = await coverage.play(seed);
      if (OPEN.has(seed)) {
        if (!result.violations.length) closedNow.push(seed);
      } else if (result.violations.length) failed.push(result);
    }
    if (failed.length) {
      const lines = failed.map((r) => `seed ${r.seed}: ${r.violations[0]} (replay: pnpm sim --seed ${r.seed} --histories 1)`);
      throw new Error(
        `${failed.length} of ${count} histories failed:\n${lines.join('\n')}\n\nseed ${failed[0]!.seed}:\n${failed[0]!.trace.join('\n')}`,
      );
    }
    expect(closedNow, 'open seeds that pass now: take open: true off their entries in src/regressions/').toEqual([]);
  });

  it(`hits every required code probe in the ${HISTORIES} histories of all ${SHARDS} shards`, () => {
    const all = mergeShardCoverage(coverage, { run: RUN, shard: SHARD, shards: SHARDS });
    // The shard that ends last checks all of them; the others have written their counts for it.
    if (!all) return;
    expect(all.histories, 'every shard played its histories (a shard that failed early counts fewer)').toBe(HISTORIES);
    const missed = all.missedRequired();
    const lines = missed.map(({ name, shows }) => `${name}: ${shows}`).join('\n');
    if (HISTORIES < REQUIRED_PROBES_AT) {
      console.log(
        `${HISTORIES} histories (the required probes are checked at ${REQUIRED_PROBES_AT}); required probes not hit:${missed.length ? `\n${lines}` : ' none'}`,
      );
      return;
    }
    expect(
      missed.map((m) => m.name),
      `required probes no history hit (src/required-probes.ts; pnpm sim --coverage counts them):\n${lines}`,
    ).toEqual([]);
  });
});
