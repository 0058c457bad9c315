#!/usr/bin/env node
// pnpm sim --histories N --seed S --budget SECONDS [--no-rename]: random histories from seed S, S+1, ...
// until N are done or the budget is spent. Prints each failing seed with its trace (replay it
// with --seed S --histories 1) and the rate, histories per second on this one core.

import { runHistory } from './history.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const histories = Number(option('histories') ?? 1000);
const seed = option('seed') === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(option('seed'));
const budgetMs = Number(option('budget') ?? 3600) * 1000;
const rename = !process.argv.includes('--no-rename');
if (!Number.isSafeInteger(seed) || !(histories > 0) || !(budgetMs > 0)) {
  console.error('usage: pnpm sim --histories N --seed S --budget SECONDS [--no-rename]');
  process.exit(2);
}

console.log(`simulating up to ${histories} histories from seed ${seed} (budget ${budgetMs / 1000} s)`);
const started = performance.now();
const cpuAtStart = process.cpuUsage();
let done = 0;
let failed = 0;
while (done < histories && performance.now() - started < budgetMs) {
  const result = await runHistory(seed + done, { edits: { rename } });
  done += 1;
  if (result.violations.length) {
    failed += 1;
    console.log(`\nFAILED seed ${result.seed} (replay: pnpm sim --seed ${result.seed} --histories 1${rename ? '' : ' --no-rename'}):`);
    for (const violation of result.violations) console.log(`  ${violation}`);
    console.log(result.trace.map((line) => `    ${line}`).join('\n'));
  }
}
const seconds = (performance.now() - started) / 1000;
// CPU time as well as wall time: on a shared machine the wall clock counts other processes' turns.
const { user, system } = process.cpuUsage(cpuAtStart);
const cpuSeconds = (user + system) / 1e6;
console.log(
  `\n${done} histories from seed ${seed}, ${failed} failed, ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU: ` +
    `${(done / seconds).toFixed(1)} histories/s wall, ${(done / cpuSeconds).toFixed(1)} histories/s per CPU-second (one core)`,
);
process.exitCode = failed ? 1 : 0;
