// The writing job publishes only tarballs of the commit it tags (scripts/release/publish.mjs): the
// read-only job's tarballs are matched to this checkout's packages by name and version, all of them
// checked before anything is published. Tarballs made here, laid out as pnpm packs them.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseTarballs, tarballName } from '../../scripts/release/publish.mjs';

const work = mkdtempSync(join(tmpdir(), 'keyturn-publish-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder of tarballs named as pnpm names them, each holding `package/package.json` of `manifests` (by file name). */
function folder(name: string, manifests: Record<string, { name: string; version: string }>) {
  const dir = join(work, name);
  for (const [file, manifest] of Object.entries(manifests)) {
    const staging = join(work, `${name}-${file}`, 'package');
    mkdirSync(staging, { recursive: true });
    writeFileSync(join(staging, 'package.json'), JSON.stringify(manifest));
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['-czf', join(dir, file), '-C', join(staging, '..'), 'package']);
  }
  return dir;
}

const packages = [
  { dir: 'packages/api', manifest: { name: '@keyturn/api', version: '1.2.0' } },
  { dir: 'packages/cli', manifest: { name: '@keyturn/cli', version: '1.0.1' } },
];

describe('releaseTarballs', () => {
  it('names a tarball as pnpm pack does', () => {
    expect(tarballName('@keyturn/cli', '1.0.1')).toBe('keyturn-cli-1.0.1.tgz');
  });

  it('pairs each package of this commit with its tarball', () => {
    const dir = folder('good', { 'keyturn-api-1.2.0.tgz': packages[0]!.manifest, 'keyturn-cli-1.0.1.tgz': packages[1]!.manifest });
    expect(releaseTarballs(dir, packages)).toEqual([
      { name: '@keyturn/api', version: '1.2.0', tarball: join(dir, 'keyturn-api-1.2.0.tgz') },
      { name: '@keyturn/cli', version: '1.0.1', tarball: join(dir, 'keyturn-cli-1.0.1.tgz') },
    ]);
  });

  it('refuses a folder that lacks a package, or a tarball that holds another version than its name says', () => {
    const missing = folder('missing', { 'keyturn-api-1.2.0.tgz': packages[0]!.manifest });
    expect(() => releaseTarballs(missing, packages)).toThrow(
      `${join(missing, 'keyturn-cli-1.0.1.tgz')} is missing: the pack job packs @keyturn/cli@1.0.1 from this commit`,
    );
    const renamed = folder('renamed', {
      'keyturn-api-1.2.0.tgz': { name: '@keyturn/api', version: '1.1.0' },
      'keyturn-cli-1.0.1.tgz': packages[1]!.manifest,
    });
    expect(() => releaseTarballs(renamed, packages)).toThrow(
      `${join(renamed, 'keyturn-api-1.2.0.tgz')} holds @keyturn/api@1.1.0, not @keyturn/api@1.2.0 of this commit`,
    );
  });
});
