import { defineConfig } from 'vitest/config';
import { childProcesses, packageTests } from '../../scripts/vitest-package.mjs';

// A case of several runs in a row, on two cores busy with the other cases and packages.
export default defineConfig(packageTests({ ...childProcesses, testTimeout: 120_000 }));
