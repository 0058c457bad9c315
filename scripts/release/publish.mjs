#!/usr/bin/env node
// `node scripts/release/publish.mjs <folder>`, the release workflow's publish step (changesets/action
// runs it once the "Version packages" PR is merged), in the job that holds the write permissions and
// so installs and builds nothing (it imports no dependency): <folder> holds the tarballs the
// read-only `pack` job made
// (scripts/release/pack-release.mjs), their digests checked already. Every public package whose
// version is not on npm yet is published from its tarball with `npm publish --provenance` and tagged
// `name@version`; then the Actions get their tags (scripts/release/action-tags.mjs). Prints
// "New tag: <name>@<version>" lines, from which changesets/action makes the GitHub releases.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pushActionTags } from './action-tags.mjs';
import { packedManifest } from './pack.mjs';
import { publicPackages } from './workspace-packages.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';

/** The name `pnpm pack` gives a package's tarball: `@keyturn/cli` 1.2.0 is keyturn-cli-1.2.0.tgz. */
export const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * Each public package with its tarball in `folder`, which must be of this commit: the same name and
 * version as the package.json here (the tags name this commit).
 * @returns {Array<{ name: string, version: string, tarball: string }>}
 */
export function releaseTarballs(folder, packages = publicPackages()) {
  return packages.map(({ manifest: { name, version } }) => {
    const tarball = join(folder, tarballName(name, version));
    if (!existsSync(tarball)) throw new Error(`${tarball} is missing: the pack job packs ${name}@${version} from this commit`);
    const packed = packedManifest(tarball);
    if (packed.name !== name || packed.version !== version)
      throw new Error(`${tarball} holds ${packed.name}@${packed.version}, not ${name}@${version} of this commit`);
    return { name, version, tarball };
  });
}

function published(name, version) {
  try {
    return (
      execFileSync(npm, ['view', `${name}@${version}`, 'version'], {
        encoding: 'utf8',
        shell,
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() === version
    );
  } catch {
    return false; // 404: never published
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [folder] = process.argv.slice(2);
  if (!folder) {
    console.error(
      'usage: node scripts/release/publish.mjs <folder of the packed tarballs>   (pnpm release:pack <folder> makes them, in <folder>/packages)',
    );
    process.exit(2);
  }
  for (const { name, version, tarball } of releaseTarballs(resolve(folder))) {
    if (published(name, version)) {
      console.log(`${name}@${version} is on npm already`);
      continue;
    }
    // A tarball's own scripts never run on publish (npm runs them for a folder only); said anyway.
    execFileSync(npm, ['publish', tarball, '--provenance', '--access', 'public', '--ignore-scripts'], { stdio: 'inherit', shell });
    execFileSync('git', ['tag', '-a', `${name}@${version}`, '-m', `${name}@${version}`]);
    execFileSync('git', ['push', 'origin', `refs/tags/${name}@${version}`], { stdio: 'inherit' });
    console.log(`New tag: ${name}@${version}`);
  }
  pushActionTags();
}
