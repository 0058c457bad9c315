// Bundles the main job; the runner simulator (@keyturn/action-runner), the Actions and the emulators
// stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main-job.ts'],
  outfile: 'dist/main-job.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
