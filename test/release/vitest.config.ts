import { defineConfig } from 'vitest/config';
import { nativeWorkspaceBuilds } from '../../scripts/vitest-package.mjs';

export default defineConfig({
  test: {
    server: nativeWorkspaceBuilds,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    // Some cases start a vitest, npm or git of their own: seconds on two cores busy with the other packages' tests.
    testTimeout: 60_000,
  },
});
