// The test command's last lines (.ci/summarize-tests.mjs): the totals CI reads, and what failed,
// read from a real vitest's output so that a vitest upgrade that changes its report fails here.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureDetails, summarizeTests } from '../../.ci/summarize-tests.mjs';

const vitestEntry = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const folder = mkdtempSync(join(tmpdir(), 'keyturn-test-summary-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A vitest run of `files` (name to source), its output prefixed as the test command prefixes it. */
function vitestOutput(files: Record<string, string>): string {
  const root = mkdtempSync(join(folder, 'run-'));
  writeFileSync(join(root, 'package.json'), '{"type":"module"}');
  for (const [name, source] of Object.entries(files)) writeFileSync(join(root, name), source);
  const run = spawnSync(process.execPath, [vitestEntry, 'run', '--root', root], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  return `${run.stdout}${run.stderr}`
    .split('\n')
    .map((line) => `@keyturn/x:test: ${line}`)
    .join('\n');
}

describe('the test command summary', () => {
  it('counts the tests, and reprints every failed test and file with its error and place, at most the lines it is given', () => {
    const output = vitestOutput({
      'sample.test.js': `import { test, expect } from 'vitest';
test('adds up', () => { expect(1 + 1).toBe(3); });
test('passes', () => {});
test('throws', () => { throw new Error('no luck'); });
`,
      'broken.test.js': `import { test } from 'vitest';\nthrow new Error('the harness broke');\n`,
    });
    expect(summarizeTests(output)).toMatchObject({ passed: 1, failed: 2, skipped: 0, line: '1 passed, 2 failed' });
    const details = failureDetails(output);
    expect(details).toMatch(/Failed Suites 1[\s\S]*broken\.test\.js[\s\S]*the harness broke/);
    expect(details).toMatch(/Failed Tests 2/);
    expect(details).toMatch(/FAIL .*sample\.test\.js > adds up[\s\S]*expected 2 to be 3/);
    expect(details).toMatch(/sample\.test\.js:2:/);
    expect(details).toMatch(/FAIL .*sample\.test\.js > throws[\s\S]*no luck/);
    expect(details).not.toMatch(/Test Files|\x1b\[/);
    const cut = failureDetails(output, 5).split('\n');
    expect(cut).toHaveLength(6);
    expect(cut.at(-1)).toMatch(/^\.\.\. \(\d+ lines more in the package's output above\)$/);
  });

  it('reprints nothing for a passing run', () => {
    const output = vitestOutput({ 'sample.test.js': `import { test } from 'vitest';\ntest('passes', () => {});\n` });
    expect(summarizeTests(output).line).toBe('1 passed, 0 failed');
    expect(failureDetails(output)).toBe('');
  });
});
