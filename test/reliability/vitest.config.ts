import { defineConfig } from 'vitest/config';

// The cases spend most of their time waiting on child processes (retry back-offs, GitHub's 1 s
// spacing between writes), not on the CPU: many run at once even on two cores.
// Every case runs twice: against emulators answering every field (`full`), and answering only what
// the published descriptions require (`sparse`, KEYTURN_EMULATOR_SHAPE), with the same outcomes.
export default defineConfig({
  test: {
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    maxConcurrency: 8,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'full' } },
      { extends: true, test: { name: 'sparse', env: { KEYTURN_EMULATOR_SHAPE: 'sparse' } } },
    ],
  },
});
