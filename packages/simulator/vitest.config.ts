import { defineConfig } from 'vitest/config';

// The random histories' base seed: drawn each run, so every run explores histories no run played
// before, and printed with the one line that replays the run. KEYTURN_SIM_SEED=<n> replays a run
// (KEYTURN_SIM_SEED=101 is the fixed range the test run played until the drawn seeds passed); a
// failing history is listed with its own one-line replay (pnpm sim --seed S --histories 1). A seed
// found failing and not fixed yet stays listed as open in src/regressions.ts until it is.
const given = process.env.KEYTURN_SIM_SEED;
const drawn = given === undefined || given === '' || given === 'random';
const seed = drawn ? String(Math.floor(Math.random() * 2 ** 31)) : given;
process.env.KEYTURN_SIM_SEED = seed;
const shards = Number(process.env.KEYTURN_SIM_SHARDS ?? 2);
if (drawn) {
  console.log(
    `simulator: random histories from KEYTURN_SIM_SEED=${seed} (drawn; ${process.env.KEYTURN_SIM_HISTORIES ?? 10_000} histories, ${shards} shards). ` +
      `Replay this run: KEYTURN_SIM_SEED=${seed} npx --yes pnpm@10.34.8 test --filter=@keyturn/simulator; one failing history: npx --yes pnpm@10.34.8 sim --seed <its seed> --histories 1`,
  );
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
