#!/usr/bin/env node
// The Actions are released together as git tags: vX.Y.Z (new, never moved) and the major tag vX,
// moved to it, which workflows pin (`uses: OWNER/keyturn/actions/rotate-key@v1`). Their version is
// the Actions' package version, kept equal by the changesets config ("fixed").
//
//   node scripts/release/action-tags.mjs           prints the tags of this version
//   node scripts/release/action-tags.mjs --push    creates vX.Y.Z unless it exists, moves vX, pushes both

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { actionPackages } from './workspace-packages.mjs';

/** The Actions' version in their package.json files. */
export function actionVersion() {
  const versions = [...new Set(actionPackages().map((pkg) => pkg.manifest.version))];
  if (versions.length !== 1)
    throw new Error(`the Actions' versions differ (${versions.join(', ')}): .changeset/config.json "fixed" keeps them equal`);
  return versions[0];
}

/** @returns {{ version: string, tag: string, major: string }} */
export function actionTags(version = actionVersion()) {
  const match = /^(\d+)\.\d+\.\d+$/.exec(version);
  if (!match) throw new Error(`the Actions' version ${version} is not X.Y.Z: no tag for it`);
  if (match[1] === '0') throw new Error(`the Actions' version ${version} has major 0: workflows pin v1 and later`);
  return { version, tag: `v${version}`, major: `v${match[1]}` };
}

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** Creates vX.Y.Z for the Actions' version unless it exists, moves vX to it, and pushes both. */
export function pushActionTags() {
  const { version, tag, major } = actionTags();
  if (git('ls-remote', '--tags', 'origin', `refs/tags/${tag}`) !== '') {
    console.log(`${tag} exists: the Actions' version ${version} is released already, no tag moved`);
    return;
  }
  git('tag', '-a', tag, '-m', `keyturn Actions ${tag}`);
  git('tag', '-f', '-a', major, '-m', `keyturn Actions ${major}: latest is ${tag}`);
  git('push', 'origin', `refs/tags/${tag}`);
  git('push', '--force', 'origin', `refs/tags/${major}`);
  // changesets/action reads "New tag:" lines to make a GitHub release for each
  console.log(`New tag: ${tag}`);
  console.log(`moved ${major} to ${tag}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--push')) pushActionTags();
  else {
    const { tag, major } = actionTags();
    console.log(`${tag} ${major}`);
  }
}
