import { defineConfig } from 'vitest/config';
import { inProcess, packageTests } from '../../scripts/vitest-package.mjs';

export default defineConfig(packageTests({ ...inProcess, testTimeout: 30_000 }));
