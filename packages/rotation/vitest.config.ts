import { defineConfig } from 'vitest/config';
import { inProcess, packageTests } from '../../scripts/vitest-package.mjs';

// The fault matrix runs twice: against emulators answering every field (`full`), and answering only
// what the published descriptions require (`sparse`, KEYTURN_EMULATOR_SHAPE), with the same outcomes.
// (The two test files that set an environment variable put it back: the worker's files share it.)
export default defineConfig(
  packageTests({
    ...inProcess,
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'full', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { extends: true, test: { name: 'sparse', include: ['test/fault-matrix.test.ts'], env: { KEYTURN_EMULATOR_SHAPE: 'sparse' } } },
    ],
  }),
);
