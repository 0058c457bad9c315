import { defineConfig } from 'vitest/config';
import { packageTests } from '../../scripts/vitest-package.mjs';

// Building the validators reads GitHub's 13 MB description once per file; the cases run in series.
// The files share no module state: a worker imports the harness once, not once a file.
export default defineConfig(
  packageTests({
    isolate: false,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  }),
);
