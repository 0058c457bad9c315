import { defineConfig } from 'vitest/config';
import { packageTests } from '../../scripts/vitest-package.mjs';

// Each case starts its own emulators, TLS front and proxy, and runs an Action process or two: the
// cases run side by side (describe.concurrent), waiting on the runs.
export default defineConfig(
  packageTests({ include: ['**/*.test.ts'], exclude: ['node_modules/**'], testTimeout: 120_000, hookTimeout: 60_000 }),
);
