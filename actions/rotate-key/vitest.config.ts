import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { nativeWorkspaceBuilds } from '../../scripts/vitest-native-builds.mjs';

export default defineConfig({
  test: {
    server: nativeWorkspaceBuilds,
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    // Two files a core, and a file's cases side by side (describe.concurrent, each its own world): the
    // cases mostly wait on child processes (GitHub's one-second spacing between writes). (A
    // percentage is capped at the core count.)
    maxWorkers: 2 * availableParallelism(),
    // The files share no module state (their cases run processes and emulators of their own): a
    // worker imports the harness once, not once a file.
    isolate: false,
    // Three cases of a file at once (four files at once): about what two cores keep up with, each run
    // spending a second of CPU over some five seconds of waiting.
    maxConcurrency: 3,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A case of several runs in a row, on two cores busy with the other cases and packages.
    testTimeout: 120_000,
  },
});
