import { defineConfig } from 'vitest/config';
import { packageTests } from '../../scripts/vitest-package.mjs';

export default defineConfig(packageTests({ testTimeout: 60_000 }));
