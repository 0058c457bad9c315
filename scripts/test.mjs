#!/usr/bin/env node
// `pnpm test`: builds, runs every package's tests two packages at a time, and ends with the one line
// CI reads: "N passed, N failed". Extra arguments go to turbo (`node scripts/test.mjs --filter=./actions/*`).
// Each package's vitest uses every core; two packages at once, because the longest (the bundled
// Actions as child processes: test/reliability, test/proxy, actions/*) mostly wait on back-offs and
// GitHub's one-second spacing between writes, and the CPU-bound ones fill that time.

import { summarizeTests } from '../.ci/summarize-tests.mjs';
import { runTurbo } from './turbo.mjs';

let log = '';
const code = await runTurbo(['run', 'test', '--continue', '--concurrency=2', ...process.argv.slice(2)], {
  onOutput: (chunk) => {
    log += chunk;
  },
});
const totals = summarizeTests(log);
console.log('');
console.log(totals.line);
// A run that counted no test at all proves nothing: fail it, whatever turbo said.
process.exitCode = code !== 0 ? code : totals.passed === 0 ? 1 : 0;
