// A named command's code cache (src/entry-script.ts) through the packed bin: written after a first
// run that exits 0, taken at the next start, replaced when V8 rejects it, and the output the same
// every time. Without Node's compile cache (before Node 22.1, or turned off) the entry runs without one.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type KeyturnRun, keyturn } from './keyturn-process.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'keyturn-code-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

// The bin runs on the Node that runs these tests (the first on PATH).
const nodeHasCompileCache = 'enableCompileCache' in module;
const VALUE = `napi_${randomBytes(32).toString('hex')}`;

/** `keyturn fingerprint` of `input`, with the bin's cache news on stderr. */
function fingerprint(input: string, env: Record<string, string> = {}): Promise<KeyturnRun> {
  return keyturn(['fingerprint'], { input, env: { NODE_COMPILE_CACHE: cacheDir, NODE_DEBUG: 'keyturn', ...env } });
}

/** What the bin said of the cache, and the cache file it named. */
function cacheNews(run: KeyturnRun): { state: string; file: string } {
  const news = /keyturn-fingerprint\.js: code cache (\S+) (absent|accepted|rejected)/.exec(run.stderr);
  if (news === null) throw new Error(`the bin said nothing of its code cache:\n${run.stderr}`);
  return { file: news[1]!, state: news[2]! };
}

describe('the code cache of a command', () => {
  it('is written after a run that exits 0, then taken, and replaced when rejected; the output never changes', async () => {
    if (!nodeHasCompileCache) {
      // Before Node 22.1: no compile cache directory, so no cache, and the same output.
      const run = await fingerprint(`${VALUE}\n`);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toMatch(/^[0-9a-f]{16}$/);
      expect(run.stderr).toContain('keyturn-fingerprint.js: no code cache (no compile cache directory');
      return;
    }
    const failed = await fingerprint('');
    expect(failed.code).toBe(2);
    const { file } = cacheNews(failed);
    expect(file.startsWith(cacheDir)).toBe(true);
    expect(existsSync(file), 'a failed run writes no cache').toBe(false);

    const first = await fingerprint(`${VALUE}\n`);
    expect(first.code).toBe(0);
    expect(cacheNews(first)).toEqual({ file, state: 'absent' });
    expect(existsSync(file)).toBe(true);
    const printed = first.stdout;
    expect(printed.trim()).toMatch(/^[0-9a-f]{16}$/);

    const second = await fingerprint(`${VALUE}\n`);
    expect(cacheNews(second)).toEqual({ file, state: 'accepted' });
    expect(second.stdout).toBe(printed);

    writeFileSync(file, randomBytes(4096));
    const third = await fingerprint(`${VALUE}\n`);
    expect(cacheNews(third)).toEqual({ file, state: 'rejected' });
    expect(third.stdout).toBe(printed);
    const fourth = await fingerprint(`${VALUE}\n`);
    expect(cacheNews(fourth)).toEqual({ file, state: 'accepted' });
    expect(fourth.stdout).toBe(printed);

    // Node's compile cache turned off turns this one off too.
    const disabled = await fingerprint(`${VALUE}\n`, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(disabled.stderr).toContain('keyturn-fingerprint.js: no code cache (no compile cache directory');
    expect(disabled.stdout).toBe(printed);

    for (const run of [failed, first, second, third, fourth, disabled]) expect(`${run.stdout}${run.stderr}`).not.toContain(VALUE);
  });
});
