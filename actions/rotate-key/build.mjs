// Builds dist/index.js (and dist/licenses.txt), the files action.yml runs: `node build.mjs`.
import * as esbuild from 'esbuild';
import { buildAction } from '@keyturn/action-common/build';

await buildAction(esbuild, new URL('.', import.meta.url));
