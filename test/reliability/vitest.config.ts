import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { nativeWorkspaceBuilds } from '../../scripts/vitest-native-builds.mjs';

// The cases spend much of their time waiting on child processes (retry back-offs, GitHub's 1 s
// spacing between writes): two files a core run at once (maxWorkers; a percentage would be capped at
// the core count: '200%' ran two files on two cores, 175 s against 116 s with four).
// The files whose runs meet every request of a rotation (each kind of key, both credentials, every
// fault kind, the SIGKILL sample, the App's own requests) run twice: against emulators answering
// every field (`full`), and answering only what the published descriptions require (`sparse`,
// KEYTURN_EMULATOR_SHAPE), with the same outcomes. The other files test rules whose requests those
// already answer sparsely (and bad input makes no request at all): `full` only.
const SPARSE = ['fault-matrix.test.ts', 'crash.test.ts', 'kinds-and-credentials.test.ts', 'github-app.test.ts'];

export default defineConfig({
  test: {
    server: nativeWorkspaceBuilds,
    // Builds this package and the workspace packages it imports first (turbo, cached).
    globalSetup: ['../../scripts/build-before-tests.mjs'],
    exclude: ['node_modules/**'],
    maxWorkers: 2 * availableParallelism(),
    // The files share no module state (each case starts its own emulators and child process): a
    // worker imports the harness once, not once a file.
    isolate: false,
    maxConcurrency: 8,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'full', include: ['**/*.test.ts'] } },
      { extends: true, test: { name: 'sparse', include: SPARSE, env: { KEYTURN_EMULATOR_SHAPE: 'sparse' } } },
    ],
  },
});
