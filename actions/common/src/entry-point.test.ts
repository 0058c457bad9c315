import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isEntryPoint } from './entry-point.js';

describe('isEntryPoint', () => {
  const dir = mkdtempSync(join(tmpdir(), 'keyturn-entry-'));
  const script = join(dir, 'index.js');
  writeFileSync(script, '');
  const url = pathToFileURL(script).href;

  it('is true for the script node was started with, also through a symlink', () => {
    expect(isEntryPoint(url, ['node', script])).toBe(true);
    const link = join(dir, 'link.js');
    symlinkSync(script, link);
    expect(isEntryPoint(url, ['node', link])).toBe(true);
  });

  it('is false when imported by another script, or when node runs no script file', () => {
    expect(isEntryPoint(url, ['node', join(dir, 'runner.js')])).toBe(false);
    expect(isEntryPoint(url, ['node'])).toBe(false);
  });
});
