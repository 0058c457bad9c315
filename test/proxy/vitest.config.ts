import { defineConfig } from 'vitest/config';
import { nativeWorkspaceBuilds } from '../../scripts/vitest-native-builds.mjs';

// Each case starts its own emulators, TLS front and proxy, and runs an Action process or two: the
// cases run side by side (describe.concurrent), waiting on the runs.
export default defineConfig({
  test: {
    server: nativeWorkspaceBuilds,
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    // Every core: vitest's default leaves one idle (cores - 1), half of this 2-core machine.
    maxWorkers: '100%',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
