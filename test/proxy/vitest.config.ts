import { defineConfig } from 'vitest/config';

// Each case starts its own emulators, TLS front and proxy, and runs an Action process or two.
export default defineConfig({
  test: {
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
