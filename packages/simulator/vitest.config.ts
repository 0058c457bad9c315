import { defineConfig } from 'vitest/config';

// One base seed per test run, drawn here and kept in the environment (vitest reads this file once
// per project; the workers inherit it) so every shard agrees on it, and printed so a failing run
// can be replayed: KEYTURN_SIM_SEED=<seed> pnpm test.
const drawn = process.env.KEYTURN_SIM_SEED === undefined;
process.env.KEYTURN_SIM_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
const seed = process.env.KEYTURN_SIM_SEED;
const shards = Number(process.env.KEYTURN_SIM_SHARDS ?? 2);
if (drawn) console.log(`simulator: random histories from KEYTURN_SIM_SEED=${seed} (${process.env.KEYTURN_SIM_HISTORIES ?? 10_000} histories, ${shards} shards)`);

export default defineConfig({
  test: {
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    testTimeout: 900_000,
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
