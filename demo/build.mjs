// Bundles the main job with the runner emulation it shares with the Actions' tests
// (actions/common/test-support); packages stay external and load from node_modules.
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
