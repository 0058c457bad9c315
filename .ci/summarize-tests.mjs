// Adds up the vitest summaries of every package in a test log into the one line CI reads:
// "N passed, N failed" (", N skipped" when any were skipped). `pnpm test` (scripts/test.mjs) ends
// with it; `node .ci/summarize-tests.mjs <log>` prints it for a saved log.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @param {string} text a test log, colours and turbo's package prefixes included */
export function summarizeTests(text) {
  const log = withoutColours(text);
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const line of log.split('\n')) {
    const summary = /\bTests\s+(.*)\(\d+\)\s*$/.exec(line);
    if (!summary) continue;
    for (const [, count, word] of summary[1].matchAll(/(\d+) (passed|failed|skipped)/g)) totals[word] += Number(count);
  }
  return { ...totals, line: totalsLine(totals) };
}

/**
 * Vitest's account of what failed in a package's log (its "Failed Tests", "Failed Suites" and
 * "Unhandled Errors" sections), at most `maxLines` lines, or '' when it has none. The test command
 * prints it again at its end: a CI log is often read from its tail, and a package's failure is
 * printed minutes before the run ends.
 * @param {string} text one package's test log
 */
export function failureDetails(text, maxLines = 120) {
  const lines = withoutColours(text).split('\n');
  const start = lines.findIndex((line) => /⎯ (Failed Tests|Failed Suites|Unhandled Errors?) /.test(line));
  if (start === -1) return '';
  const end = lines.findIndex((line, index) => index > start && /\bTest Files\s/.test(line));
  const section = lines.slice(start, end === -1 ? undefined : end);
  const cut =
    section.length > maxLines
      ? [...section.slice(0, maxLines), `... (${section.length - maxLines} lines more in the package's output above)`]
      : section;
  return cut.join('\n');
}

/** The log without its terminal colours (vitest colours its report whenever it is asked to). */
const withoutColours = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** "N passed, N failed" (", N skipped" when any were skipped), for totals added up from several logs too. */
export function totalsLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(summarizeTests(readFileSync(process.argv[2], 'utf8')).line);
}
