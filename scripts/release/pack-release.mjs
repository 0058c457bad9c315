#!/usr/bin/env node
// `pnpm release:pack <folder>`: what release.yml's read-only `pack` job hands the `release` job, which
// holds the write permissions and so installs, builds and versions nothing itself
// (scripts/release/check-workflows.mjs). Into <folder>, outside the clone:
//   packages/<name>-<version>.tgz  each public package packed as it will be published (pack.mjs)
//   actions/<name>/dist/*          the Actions' bundles as built here; bundles.sha256 lists them, for
//                                  the writing job to check, from the clone's root, that the commit it
//                                  tags holds the same
//   version.patch                  with changesets pending only: what `pnpm release:version` changed,
//                                  which the writing job applies for the "Version packages" PR
//   SHA256SUMS                     every file above, for `sha256sum -c` in <folder>; the workflow puts its
//                                  own digest in the job's outputs (`sums`), beside the artifact
// Run after `pnpm build`, from a clean clone (version.patch is `git diff` of the clone).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../lib/cached-install.mjs';
import { pack } from './pack.mjs';
import { actionPackages, publicPackages } from './workspace-packages.mjs';

/** The changesets `changeset version` would consume: changesets/action opens the PR when there are any. */
export function pendingChangesets(root = ROOT) {
  return readdirSync(join(root, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');
}

/** `sha256sum` lines (`<hex>  <path>`) for `paths`, relative to `dir`. */
export function sha256Lines(dir, paths) {
  return paths
    .map(
      (path) =>
        `${createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')}  ${path}\n`,
    )
    .join('');
}

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

function packRelease(folder) {
  mkdirSync(join(folder, 'packages'), { recursive: true });
  for (const { dir, manifest } of publicPackages()) {
    const tarball = pack(dir, join(folder, 'packages'));
    console.log(`${manifest.name}@${manifest.version}: ${relative(folder, tarball)}`);
  }
  const bundles = [];
  for (const { dir } of actionPackages()) {
    const from = relative(ROOT, join(dir, 'dist')).split('\\').join('/');
    cpSync(join(ROOT, from), join(folder, from), { recursive: true });
    bundles.push(...filesUnder(join(ROOT, from)).map((file) => `${from}/${file}`));
  }
  writeFileSync(join(folder, 'bundles.sha256'), sha256Lines(ROOT, bundles));

  const changesets = pendingChangesets();
  if (changesets.length > 0) {
    console.log(`${changesets.length} changesets pending: the "Version packages" changes, as version.patch`);
    execFileSync('pnpm', ['run', 'release:version'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
    execFileSync('git', ['add', '--all'], { cwd: ROOT });
    const patch = execFileSync('git', ['diff', '--cached', '--binary', 'HEAD'], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    writeFileSync(join(folder, 'version.patch'), patch);
  }

  const sums = sha256Lines(
    folder,
    filesUnder(folder).filter((file) => file !== 'SHA256SUMS'),
  );
  writeFileSync(join(folder, 'SHA256SUMS'), sums);
  const digest = createHash('sha256').update(sums).digest('hex');
  console.log(`SHA256SUMS: ${digest}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [destination] = process.argv.slice(2);
  const folder = destination && resolve(destination);
  const fromRoot = folder && relative(ROOT, folder);
  if (!folder || !(fromRoot.startsWith('..') || isAbsolute(fromRoot))) {
    console.error('usage: pnpm release:pack <folder outside the clone>   e.g. "$RUNNER_TEMP/release" (version.patch is the clone\'s diff)');
    process.exit(2);
  }
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    console.error(`${folder} is not empty: SHA256SUMS would list what is there`);
    process.exit(2);
  }
  packRelease(folder);
}
