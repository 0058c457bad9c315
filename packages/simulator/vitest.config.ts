import { defineConfig } from 'vitest/config';

// The random histories' base seed. Left unset, it is FIXED_BASE_SEED: the test command then plays
// the same 10,000 histories every run, and a failure there is a change (a seed found failing and
// not fixed yet stays listed as open in src/regressions.ts, and is expected to fail until it is).
// KEYTURN_SIM_SEED=random draws one (printed, so a failing run replays with KEYTURN_SIM_SEED=<seed>):
// exploration, as `pnpm sim` does, for when the open seeds are closed.
const FIXED_BASE_SEED = 101;
const given = process.env.KEYTURN_SIM_SEED;
const seed = given === 'random' ? String(Math.floor(Math.random() * 2 ** 31)) : (given ?? String(FIXED_BASE_SEED));
process.env.KEYTURN_SIM_SEED = seed;
const shards = Number(process.env.KEYTURN_SIM_SHARDS ?? 2);
if (given !== seed) {
  console.log(`simulator: random histories from KEYTURN_SIM_SEED=${seed}${given === 'random' ? ' (drawn)' : ' (fixed)'} (${process.env.KEYTURN_SIM_HISTORIES ?? 10_000} histories, ${shards} shards)`);
}

export default defineConfig({
  test: {
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    testTimeout: 1_800_000,
    env: { KEYTURN_SIM_SEED: seed, KEYTURN_SIM_SHARDS: String(shards) },
    projects: [
      { extends: true, test: { name: 'deterministic', include: ['test/**/*.test.ts'], exclude: ['test/random-histories.test.ts'] } },
      ...Array.from({ length: shards }, (_, shard) => ({
        extends: true,
        test: { name: `random ${shard + 1}/${shards}`, include: ['test/random-histories.test.ts'], env: { KEYTURN_SIM_SHARD: String(shard) } },
      })),
    ],
  },
});
