import { defineConfig } from 'vitest/config';
import { nativeWorkspaceBuilds } from '../../scripts/vitest-native-builds.mjs';

// Building the validators reads GitHub's 13 MB description once per file; the cases run in series.
export default defineConfig({
  test: {
    server: nativeWorkspaceBuilds,
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    // Every core: vitest's default leaves one idle (cores - 1), half of this 2-core machine.
    maxWorkers: '100%',
    // The files share no module state (their cases run processes and emulators of their own): a
    // worker imports the harness once, not once a file.
    isolate: false,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
