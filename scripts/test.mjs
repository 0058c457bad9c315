#!/usr/bin/env node
// `pnpm test`: builds, runs every package's tests, and ends with the one line CI reads:
// "N passed, N failed". Extra arguments go to turbo (`node scripts/test.mjs --filter=./actions/*`).
//
// Two lanes after the build, each running its packages one at a time: the process-level suites
// (the bundled Actions as child processes behind emulators and proxies, mostly waiting on back-offs
// and GitHub's one-second spacing between writes; the reliability suite is the longest package),
// and beside them the other packages, each vitest on every core. Left to turbo, the reliability
// suite would start last (it depends on most packages) and run alone at the end.

import { summarizeTests, totalsLine } from '../.ci/summarize-tests.mjs';
import { runTurbo } from './turbo.mjs';

const PROCESS_LEVEL = ['@keyturn/reliability', '@keyturn/proxy-tests'];

/** Each turbo run's output, kept apart: two lanes' chunks interleave, and may split a line. */
const logs = [];
const collect = () => {
  const index = logs.push('') - 1;
  return { onOutput: (chunk) => (logs[index] += chunk) };
};
const extra = process.argv.slice(2);

let code;
if (extra.length > 0) {
  // A selection of packages (or other turbo arguments): one lane, as turbo orders it.
  code = await runTurbo(['run', 'test', '--continue', '--concurrency=2', ...extra], collect());
} else {
  code = await runTurbo(['run', 'build', '--output-logs=hash-only'], collect());
  if (code === 0) {
    // `--only`: built above, so neither lane builds (two turbo runs must not write one dist at once).
    const lanes = await Promise.all([
      runTurbo(['run', 'test', '--only', '--continue', '--concurrency=1', ...PROCESS_LEVEL.map((p) => `--filter=${p}`)], collect()),
      runTurbo(['run', 'test', '--only', '--continue', '--concurrency=1', ...PROCESS_LEVEL.map((p) => `--filter=!${p}`)], collect()),
    ]);
    code = lanes.find((laneCode) => laneCode !== 0) ?? 0;
  }
}
const counts = logs.map(summarizeTests);
const sum = (word) => counts.reduce((total, count) => total + count[word], 0);
const totals = { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') };
console.log('');
console.log(totalsLine(totals));
// A run that counted no test at all proves nothing: fail it, whatever turbo said.
process.exitCode = code !== 0 ? code : totals.passed === 0 ? 1 : 0;
