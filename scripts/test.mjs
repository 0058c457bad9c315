#!/usr/bin/env node
// `pnpm test`: builds, runs every package's tests, and ends with the one line CI reads:
// "N passed, N failed". Extra arguments go to turbo (`node scripts/test.mjs --filter=./actions/*`).
//
// The tests run on the Node running this script where the published packages claim it (22.12 and
// later; `with-node.mjs floor` runs them on the oldest), else on Node 24 (scripts/node24.mjs,
// installed once from the npm registry): the runner's runtime for the Actions. The build stays on
// the Node running this script.
//
// Two runners take packages from one queue, a package at a time each (each vitest uses every core):
// the longest first, the simulator (CPU all the way: the fault matrix and the 2,000 random
// histories, in shards) beside the reliability suite (the bundled Actions as child processes, mostly
// waiting on back-offs and GitHub's one-second spacing between writes), then the others longest
// first (LONGEST_FIRST), so the run ends on short ones, both runners busy. Left to turbo, the suite
// would start last (it depends on most packages) and run alone at the end; a fixed split into two
// lanes leaves one idle when the other is slowed.
//
// The simulator's tests need only its own build and its dependencies': those are built first, and
// its tests start while the other runner builds the rest, so no core idles while the build waits on
// its longest chain (the CLI's bundles). The second build is the whole graph: what the first built
// is a cache hit there, and turbo rewrites only outputs that differ from its cache, so nothing the
// running tests read changes under them. (Leaving those packages out of the graph would change
// every dependent's hash: CI, having built everything before, rebuilt the CLI and both Actions here.)

import { delimiter, dirname } from 'node:path';
import { failureDetails, summarizeTests, totalsLine } from '../.ci/summarize-tests.mjs';
import { NODE24_VERSION, node24 } from './node24.mjs';
import { claimsNode } from './release/node-floor.mjs';
import { runPackageScript } from './package-script.mjs';
import { runTurbo, turboOutput } from './turbo.mjs';

/**
 * Started first, in this order: the packages whose tests take longest, longest first (their wall time
 * alone, idle machine: 200, 71, 42, 35, 21, 21, 21, 13, 13, 9 s), so neither runner ends with a long one
 * alone. The rest take a few seconds each.
 */
const LONGEST_FIRST = [
  '@keyturn/simulator',
  '@keyturn/reliability',
  '@keyturn/cli',
  '@keyturn/action-rotate-key',
  '@keyturn/rotation',
  '@keyturn/proxy-tests',
  '@keyturn/action-wait-for-operation',
  '@keyturn/conformance',
  '@keyturn/emulator',
  '@keyturn/api',
];
const RUNNERS = 2;

/** Each turbo run's output, kept apart: two runs' chunks interleave, and may split a line. */
const logs = [];
const collect = (env) => {
  const index = logs.push('') - 1;
  return { onOutput: (chunk) => (logs[index] += chunk), env, log: () => logs[index] };
};
const extra = process.argv.slice(2);
const startedAt = performance.now();
const elapsed = () => {
  const seconds = Math.round((performance.now() - startedAt) / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

// That Node's directory first on PATH: turbo, pnpm and vitest start `node` from there, and so does
// every child process a test starts by that name (the bundled Actions, the CLI's bin).
// (node24() has checked the installed binary's version already: no second start to ask it.)
const onThisNode = claimsNode(process.versions.node);
const testNode = onThisNode ? process.execPath : await node24();
const onTestNode = { PATH: `${dirname(testNode)}${delimiter}${process.env.PATH ?? ''}` };
/** Tells each package's vitest (scripts/build-before-tests.mjs) that its builds are done. */
const BUILT = { KEYTURN_TESTS_BUILT: '1' };
console.log(`Tests on Node v${onThisNode ? process.versions.node : NODE24_VERSION}`);

let code;
if (extra.length > 0) {
  // A selection of packages (or other turbo arguments): turbo orders them.
  code = await runTurbo(['run', 'test', '--continue', `--concurrency=${RUNNERS}`, ...extra], collect(onTestNode));
} else {
  const [first, ...queue] = await testPackages();
  code = await runTurbo(['run', 'build', `--filter=${first.name}...`, '--output-logs=hash-only'], collect());
  if (code === 0) {
    const failed = [];
    /** Its test script, straight (not through turbo: built already, and each turbo run costs a second or two of CPU). */
    const test = async (pkg) => {
      const output = collect({ ...onTestNode, ...BUILT });
      const packageCode = await runPackageScript(pkg, 'test', output);
      if (packageCode !== 0) failed.push({ name: pkg.name, details: failureDetails(output.log()) });
      console.log(`\n${pkg.name}: tests ${packageCode === 0 ? 'passed' : 'FAILED'} (${elapsed()} after the start)`);
    };
    const restBuilt = runTurbo(['run', 'build', '--output-logs=hash-only'], collect());
    const runner = async () => {
      if ((await restBuilt) !== 0) return;
      for (let pkg = queue.shift(); pkg !== undefined; pkg = queue.shift()) await test(pkg);
    };
    await Promise.all([test(first).then(runner), runner()]);
    code = await restBuilt;
    if (failed.length > 0) {
      // Again at the end, where a CI log's tail shows it.
      for (const { name, details } of failed)
        console.log(`\n${name}: what failed\n${details || '(no vitest failure report: see its output above)'}`);
      console.log(`\nTests failed in ${failed.map(({ name }) => name).join(', ')}`);
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

/** Every package with a `test` script (its name, folder and script), LONGEST_FIRST first. */
async function testPackages() {
  const { tasks } = JSON.parse(await turboOutput(['run', 'test', '--only', '--dry=json']));
  const packages = tasks
    .filter((task) => task.command !== '<NONEXISTENT>')
    .map((task) => ({ name: task.package, directory: task.directory, command: task.command }));
  const rank = (pkg) => (LONGEST_FIRST.includes(pkg.name) ? LONGEST_FIRST.indexOf(pkg.name) : LONGEST_FIRST.length);
  return packages.sort((a, b) => rank(a) - rank(b));
}
