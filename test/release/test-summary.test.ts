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

/** A vitest run of `source` as one test file, its output prefixed as the test command prefixes it. */
function vitestOutput(source: string): string {
  writeFileSync(join(folder, 'package.json'), '{"type":"module"}');
  writeFileSync(join(folder, 'sample.test.js'), source);
  const run = spawnSync(process.execPath, [vitestEntry, 'run', '--root', folder], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '1' } });
  return `${run.stdout}${run.stderr}`
    .split('\n')
    .map((line) => `@keyturn/x:test: ${line}`)
    .join('\n');
}

describe('the test command summary', () => {
  it('counts and reprints a failed test, with its assertion and place', () => {
    const output = vitestOutput(`import { test, expect } from 'vitest';
test('adds up', () => { expect(1 + 1).toBe(3); });
test('passes', () => {});
`);
    expect(summarizeTests(output)).toMatchObject({ passed: 1, failed: 1, skipped: 0, line: '1 passed, 1 failed' });
    const details = failureDetails(output);
    expect(details).toMatch(/Failed Tests 1/);
    expect(details).toMatch(/FAIL .*sample\.test\.js > adds up/);
    expect(details).toMatch(/expected 2 to be 3/);
    expect(details).toMatch(/sample\.test\.js:2:/);
    expect(details).not.toMatch(/Test Files|\x1b\[/);
  });

  it('reprints a file that failed to load, and nothing for a passing run', () => {
    expect(failureDetails(vitestOutput(`import { test } from 'vitest';\nthrow new Error('the harness broke');\n`))).toMatch(/Failed Suites 1[\s\S]*the harness broke/);
    expect(failureDetails(vitestOutput(`import { test } from 'vitest';\ntest('passes', () => {});\n`))).toBe('');
  });

  it('keeps at most the lines it is given, saying how many it left out', () => {
    const many = Array.from({ length: 50 }, (_, index) => `test('fails ${index}', () => { throw new Error('no ${index}'); });`).join('\n');
    const details = failureDetails(vitestOutput(`import { test } from 'vitest';\n${many}\n`), 20);
    expect(details.split('\n')).toHaveLength(21);
    expect(details).toMatch(/more lines above, in the package's output\)$/);
  });
});
