#!/usr/bin/env node
// `pnpm release:publish`, the release workflow's publish step (changesets/action runs it once the
// "Version packages" PR is merged): every public package whose version is not on npm yet is packed
// by pnpm (workspace: ranges replaced) and published with `npm publish --provenance`; then the
// Actions get their tags (scripts/release/action-tags.mjs). Prints "New tag: <name>@<version>"
// lines, from which changesets/action makes the GitHub releases.

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushActionTags } from './action-tags.mjs';
import { pack } from './pack.mjs';
import { publicPackages } from './workspace-packages.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';

function published(name, version) {
  try {
    return execFileSync(npm, ['view', `${name}@${version}`, 'version'], { encoding: 'utf8', shell, stdio: ['ignore', 'pipe', 'ignore'] }).trim() === version;
  } catch {
    return false; // 404: never published
  }
}

const work = mkdtempSync(join(tmpdir(), 'keyturn-publish-'));
for (const { dir, manifest } of publicPackages()) {
  const { name, version } = manifest;
  if (published(name, version)) {
    console.log(`${name}@${version} is on npm already`);
    continue;
  }
  const tarball = pack(dir, work);
  execFileSync(npm, ['publish', tarball, '--provenance', '--access', 'public'], { stdio: 'inherit', shell });
  execFileSync('git', ['tag', '-a', `${name}@${version}`, '-m', `${name}@${version}`]);
  execFileSync('git', ['push', 'origin', `refs/tags/${name}@${version}`], { stdio: 'inherit' });
  console.log(`New tag: ${name}@${version}`);
}
pushActionTags();
