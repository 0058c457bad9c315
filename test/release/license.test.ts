// `pnpm release:check` fails when a public package's packed tarball holds no LICENSE: shown on
// tarballs made here, with and without one.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingLicense } from '../../scripts/release/pack.mjs';

const work = mkdtempSync(join(tmpdir(), 'keyturn-license-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A tarball laid out as npm packs one (`package/...`), holding `files`. */
function tarball(name: string, files: string[]) {
  const dir = join(work, name);
  for (const file of ['package.json', ...files]) {
    mkdirSync(join(dir, 'package', file, '..'), { recursive: true });
    writeFileSync(join(dir, 'package', file), file === 'package.json' ? '{"name":"x","version":"1.0.0"}' : 'text');
  }
  const path = join(work, `${name}.tgz`);
  execFileSync('tar', ['-czf', path, '-C', dir, 'package']);
  return path;
}

describe('missingLicense', () => {
  it('rejects a tarball without a LICENSE, saying where to put one', () => {
    const path = tarball('bare', ['dist/index.js', 'README.md', 'dist/LICENSE']);
    expect(missingLicense(path)).toBe(
      `${path} holds no LICENSE file: put the licence text in the package's folder as LICENSE (npm packs it whatever "files" says)`,
    );
  });

  it.each(['LICENSE', 'LICENSE.md', 'LICENCE', 'license.txt'])('accepts a tarball with %s at its root', (file) => {
    expect(missingLicense(tarball(file.replace('.', '-'), ['dist/index.js', file]))).toBeUndefined();
  });
});

describe('the licence files', () => {
  it('every published package holds the root LICENSE (MIT), which npm packs whatever "files" says', async () => {
    const { readFileSync, existsSync } = await import('node:fs');
    const { publicPackages } = await import('../../scripts/release/workspace-packages.mjs');
    const root = readFileSync(new URL('../../LICENSE', import.meta.url), 'utf8');
    expect(root).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} keyturn contributors\n/);
    const packages = publicPackages();
    expect(packages.map((pkg) => pkg.manifest.name as string).sort()).toEqual([
      '@keyturn/api',
      '@keyturn/cli',
      '@keyturn/emulator',
      '@keyturn/rotation',
    ]);
    for (const { dir, manifest } of packages as Array<{ dir: string; manifest: { name: string; license: string } }>) {
      expect(manifest.license, manifest.name).toBe('MIT');
      expect(existsSync(join(dir, 'LICENSE')), `${manifest.name} has a LICENSE`).toBe(true);
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8'), manifest.name).toBe(root);
    }
  });
});
