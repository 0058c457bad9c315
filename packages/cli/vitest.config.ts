import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { nativeWorkspaceBuilds } from '../../scripts/vitest-native-builds.mjs';

export default defineConfig({
  test: {
    server: nativeWorkspaceBuilds,
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs', './test/pack-once.ts'],
    // Two files a core: the cases mostly wait on child processes. (A percentage is capped at the core count.)
    maxWorkers: 2 * availableParallelism(),
    // The files share no module state (their cases run processes and emulators of their own): a
    // worker imports the harness once, not once a file.
    isolate: false,
    // Three cases of a file at once (four files at once): about what two cores keep up with, each run
    // spending a second of CPU over some five seconds of waiting.
    maxConcurrency: 3,
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
