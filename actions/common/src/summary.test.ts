import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { escapeHtml, publishResult, writeJobSummary } from './summary.js';

describe('writeJobSummary', () => {
  // One file for every test: core.summary remembers the path it first wrote to, as a runner's
  // process has a single GITHUB_STEP_SUMMARY.
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'summary-'));
    file = join(dir, 'summary.md');
  });
  beforeEach(async () => {
    await writeFile(file, '');
    vi.stubEnv('GITHUB_STEP_SUMMARY', file);
  });
  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a heading, a table with escaped cells, and notes', async () => {
    await writeJobSummary({
      title: 'Operations <all>',
      headers: ['Id', 'Error'],
      rows: [
        ['op-1', '<script>x</script>'],
        ['op-2', ''],
      ],
      notes: ['a & b'],
    });
    const html = await readFile(file, 'utf8');
    expect(html).toContain('<h2>Operations &#60;all&#62;</h2>');
    expect(html).toContain('<tr><th>Id</th><th>Error</th></tr>');
    expect(html).toContain('<td>&#60;script&#62;x&#60;/script&#62;</td>');
    expect(html).toContain('<tr><td>op-2</td><td>-</td></tr>');
    expect(html).toContain('<p>a &#38; b</p>');
    expect(html).not.toContain('<script>');
  });

  it('closes empty header cells', async () => {
    await writeJobSummary({ title: 't', headers: ['', 'Result'], rows: [['a', 'b']] });
    expect(await readFile(file, 'utf8')).toContain('<tr><th>&#160;</th><th>Result</th></tr>');
  });

  it('writes nothing outside a runner', async () => {
    vi.stubEnv('GITHUB_STEP_SUMMARY', '');
    await writeJobSummary({ title: 't', headers: ['a'], rows: [] });
    expect(await readFile(file, 'utf8')).toBe('');
  });

  it("warns, and does not fail, when the runner's summary file cannot be written", async () => {
    vi.stubEnv('GITHUB_STEP_SUMMARY', join(dir, 'missing', 'summary.md'));
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      await writeJobSummary({ title: 'lost', headers: ['a'], rows: [] });
    } finally {
      spy.mockRestore();
      // As core.summary.write() does, a summary that was not written stays in core's buffer.
      core.summary.emptyBuffer();
    }
    expect(printed.join('')).toMatch(/^::warning::The job summary could not be written: ENOENT.*missing\/summary\.md/m);
    expect(await readFile(file, 'utf8')).toBe('');
  });

  it('publishes a result: the outputs, then the summary', async () => {
    const outputs = join(dir, 'output');
    await writeFile(outputs, '');
    vi.stubEnv('GITHUB_OUTPUT', outputs);
    await publishResult({ status: 'failed', operations: '[]' }, { title: 'Waiting: failed', headers: ['a'], rows: [] });
    expect(await readFile(outputs, 'utf8')).toMatch(/^status<<(.+)\nfailed\n\1\noperations<<(.+)\n\[\]\n\2\n$/);
    expect(await readFile(file, 'utf8')).toContain('<h2>Waiting: failed</h2>');
  });

  it('escapes quotes too', () => {
    expect(escapeHtml(`"it's"`)).toBe('&#34;it&#39;s&#34;');
  });
});
