import { defineConfig } from 'vitest/config';

// Each case starts its own emulators, TLS front and proxy, and runs an Action process or two.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
