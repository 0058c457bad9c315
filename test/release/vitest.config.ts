import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    // Some cases start a vitest, npm or git of their own: seconds on two cores busy with the other packages' tests.
    testTimeout: 60_000,
  },
});
