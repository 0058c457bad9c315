import { defineConfig } from 'vitest/config';
import { childProcesses, packageTests } from '../../scripts/vitest-package.mjs';

// The cases spend much of their time waiting on child processes (retry back-offs, GitHub's 1 s
// spacing between writes): two files a core run at once (maxWorkers; a percentage would be capped at
// the core count: '200%' ran two files on two cores, 175 s against 116 s with four).
// The files whose runs meet every request of a rotation (each kind of key, both credentials, every
// fault kind, the SIGKILL sample, the App's own requests) run twice: against emulators answering
// every field (`full`), and answering only what the published descriptions require (`sparse`,
// KEYTURN_EMULATOR_SHAPE), with the same outcomes. The other files test rules whose requests those
// already answer sparsely (and bad input makes no request at all): `full` only.
const SPARSE = ['fault-matrix.test.ts', 'crash.test.ts', 'kinds-and-credentials.test.ts', 'github-app.test.ts'];

export default defineConfig(
  packageTests({
    ...childProcesses,
    exclude: ['node_modules/**'],
    // Eight cases of a file at once: these mostly wait on retry back-offs.
    maxConcurrency: 8,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'full', include: ['**/*.test.ts'] } },
      { extends: true, test: { name: 'sparse', include: SPARSE, env: { KEYTURN_EMULATOR_SHAPE: 'sparse' } } },
    ],
  }),
);
