import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs', './test/pack-once.ts'],
    maxWorkers: '100%',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
