#!/usr/bin/env node
// `pnpm test`: builds, runs every package's tests, and ends with the one line CI reads:
// "N passed, N failed". Extra arguments go to turbo (`node scripts/test.mjs --filter=./actions/*`).
//
// The tests run on the Node running this script where the published packages claim it (22.12 and
// later; `with-node.mjs floor` runs them on the oldest), else on Node 24 (scripts/node24.mjs,
// installed once from the npm registry): the runner's runtime for the Actions. The build stays on
// the Node running this script.
//
// After the build, two runners take packages from one queue, a package at a time each (each vitest
// uses every core): the longest first, the simulator (CPU all the way: the fault matrix and the
// 10,000 random histories, in shards) beside the reliability suite (the bundled Actions as child
// processes, mostly waiting on back-offs and GitHub's one-second spacing between writes), then the
// rotate-key Action's and the CLI's (a minute or more each), then the rest as turbo lists them. Left to turbo, the suite would start last (it depends on most packages)
// and run alone at the end; a fixed split into two lanes leaves one idle when the other is slowed.

import { delimiter, dirname } from 'node:path';
import { summarizeTests, totalsLine } from '../.ci/summarize-tests.mjs';
import { NODE24_VERSION, node24 } from './node24.mjs';
import { claimsNode } from './release/node-floor.mjs';
import { runTurbo, turboOutput } from './turbo.mjs';

/** Started first, in this order: the packages whose tests take longest (so neither runner ends with a long one alone). */
const LONGEST_FIRST = ['@keyturn/simulator', '@keyturn/reliability', '@keyturn/action-rotate-key', '@keyturn/cli', '@keyturn/proxy-tests'];
const RUNNERS = 2;

/** Each turbo run's output, kept apart: two runs' chunks interleave, and may split a line. */
const logs = [];
const collect = (env) => {
  const index = logs.push('') - 1;
  return { onOutput: (chunk) => (logs[index] += chunk), env };
};
const extra = process.argv.slice(2);

// That Node's directory first on PATH: turbo, pnpm and vitest start `node` from there, and so does
// every child process a test starts by that name (the bundled Actions, the CLI's bin).
// (node24() has checked the installed binary's version already: no second start to ask it.)
const onThisNode = claimsNode(process.versions.node);
const testNode = onThisNode ? process.execPath : await node24();
const onTestNode = { PATH: `${dirname(testNode)}${delimiter}${process.env.PATH ?? ''}` };
console.log(`Tests on Node v${onThisNode ? process.versions.node : NODE24_VERSION}`);

let code;
if (extra.length > 0) {
  // A selection of packages (or other turbo arguments): turbo orders them.
  code = await runTurbo(['run', 'test', '--continue', `--concurrency=${RUNNERS}`, ...extra], collect(onTestNode));
} else {
  code = await runTurbo(['run', 'build', '--output-logs=hash-only'], collect());
  if (code === 0) {
    const queue = await testPackages();
    const failed = [];
    // `--only`: built above, so no run builds (two turbo runs must not write one dist at once).
    const runner = async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const packageCode = await runTurbo(['run', 'test', '--only', `--filter=${name}`], collect(onTestNode));
        if (packageCode !== 0) failed.push(name);
      }
    };
    await Promise.all(Array.from({ length: RUNNERS }, runner));
    if (failed.length > 0) {
      console.log(`\nTests failed in ${failed.join(', ')}`);
      code = 1;
    }
  }
}
const counts = logs.map(summarizeTests);
const sum = (word) => counts.reduce((total, count) => total + count[word], 0);
const totals = { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') };
console.log('');
console.log(totalsLine(totals));
// A run that counted no test at all proves nothing: fail it, whatever turbo said.
process.exitCode = code !== 0 ? code : totals.passed === 0 ? 1 : 0;

/** Every package with a `test` script, LONGEST_FIRST first. */
async function testPackages() {
  const { tasks } = JSON.parse(await turboOutput(['run', 'test', '--only', '--dry=json']));
  const names = tasks.filter((task) => task.command !== '<NONEXISTENT>').map((task) => task.package);
  return [...LONGEST_FIRST.filter((name) => names.includes(name)), ...names.filter((name) => !LONGEST_FIRST.includes(name))];
}
