import { defineConfig } from 'vitest/config';
import { packageTests } from '../../scripts/vitest-package.mjs';

// The files share no module state (their cases run processes and emulators of their own): a
// worker imports the harness once, not once a file.
export default defineConfig(packageTests({ isolate: false, testTimeout: 60_000 }));
