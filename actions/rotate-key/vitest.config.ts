import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
