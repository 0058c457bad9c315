#!/usr/bin/env node
// The runner's runtime: GitHub runs `using: node24` Actions on Node 24, so the Action tests, the main
// job and the start-up benchmark run on it too. Node 24 comes from the npm registry (the official
// binaries, packaged as node-<platform>-<arch>), installed once into .cache/node24 at a pinned version.
//
//   node scripts/node24.mjs          prints the path of a Node 24 binary, installing it if needed
//   import { node24 } from '…/scripts/node24.mjs'; await node24()

import { fileURLToPath } from 'node:url';
import { installedNode } from './lib/installed-node.mjs';

/** Bumped by hand, like any pinned tool; a 24.x the registry serves. */
export const NODE24_VERSION = '24.9.0';

/** Path of a Node 24 binary: this process's own when it is Node 24, else the installed one. */
export async function node24() {
  if (process.versions.node.split('.')[0] === '24') return process.execPath;
  return installedNode('node24', NODE24_VERSION);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await node24());
}
