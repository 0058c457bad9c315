import { defineConfig } from 'vitest/config';
import { nativeWorkspaceBuilds } from '../../scripts/vitest-native-builds.mjs';

// The fault matrix runs twice: against emulators answering every field (`full`), and answering only
// what the published descriptions require (`sparse`, KEYTURN_EMULATOR_SHAPE), with the same outcomes.
export default defineConfig({
  test: {
    server: nativeWorkspaceBuilds,
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    // Every core: vitest's default leaves one idle (cores - 1), half of this 2-core machine.
    maxWorkers: '100%',
    // Worker threads, not forked processes: no test here needs a process of its own (none changes
    // directory or handles signals; a thread has its own copy of process.env), and a thread is cheaper to
    // start and to talk to (api's 499 tests: 32.3 CPU-s against 34.8 and 35.6 forked).
    pool: 'threads',
    // The test files share no global state (the two that set an environment variable put it back): each worker imports the package once, not once a file.
    isolate: false,
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'full', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { extends: true, test: { name: 'sparse', include: ['test/fault-matrix.test.ts'], env: { KEYTURN_EMULATOR_SHAPE: 'sparse' } } },
    ],
  },
});
