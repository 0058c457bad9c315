import { defineConfig } from 'vitest/config';

// The fault matrix runs twice: against emulators answering every field (`full`), and answering only
// what the published descriptions require (`sparse`, KEYTURN_EMULATOR_SHAPE), with the same outcomes.
export default defineConfig({
  test: {
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    // Every core: vitest's default leaves one idle (cores - 1), half of this 2-core machine.
    maxWorkers: '100%',
    // The test files share no global state (the two that set an environment variable put it back): each worker imports the package once, not once a file.
    isolate: false,
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'full', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { extends: true, test: { name: 'sparse', include: ['test/fault-matrix.test.ts'], env: { KEYTURN_EMULATOR_SHAPE: 'sparse' } } },
    ],
  },
});
