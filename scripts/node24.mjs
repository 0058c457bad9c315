#!/usr/bin/env node
// The runner's runtime: GitHub runs `using: node24` Actions on Node 24, so the Action tests, the main
// job and the start-up benchmark run on it too. Node 24 comes from the npm registry (the official
// binaries, packaged as node-<platform>-<arch>), installed once into .cache/node24 at a pinned version.
//
//   node scripts/node24.mjs          prints the path of a Node 24 binary, installing it if needed
//   import { node24 } from '…/scripts/node24.mjs'; await node24()

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedInstall } from './lib/cached-install.mjs';

/** Bumped by hand, like any pinned tool; a 24.x the registry serves. */
export const NODE24_VERSION = '24.9.0';

/** Path of a Node 24 binary: this process's own when it is Node 24, else the installed one. */
export async function node24() {
  if (process.versions.node.split('.')[0] === '24') return process.execPath;
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const bin = join('node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  const binary = join(cachedInstall('node24', `${pkg}@${NODE24_VERSION}`, bin), bin);
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('v24.')) throw new Error(`${binary} is ${version}, not Node 24: delete .cache/node24 and run again`);
  return binary;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await node24());
}
