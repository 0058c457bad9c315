import { defineConfig } from 'vitest/config';
import { childProcesses, packageTests } from '../../scripts/vitest-package.mjs';

export default defineConfig(
  packageTests({
    ...childProcesses,
    globalSetup: ['./test/pack-once.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  }),
);
