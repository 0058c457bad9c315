// Adds up the vitest summaries of every package in a test log into the one line CI reads:
// "N passed, N failed" (", N skipped" when any were skipped).
import { readFileSync } from 'node:fs';

const log = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const line of log.split('\n')) {
  const summary = /\bTests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (!summary) continue;
  for (const [, count, word] of summary[1].matchAll(/(\d+) (passed|failed|skipped)/g)) totals[word] += Number(count);
}
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
