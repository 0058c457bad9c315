#!/usr/bin/env node
// `pnpm packs <folder>`: every package a release publishes (scripts/release/workspace-packages.mjs),
// packed as it will be published (scripts/release/pack.mjs) into <folder>, each as
// keyturn-<package>.tgz (keyturn-cli.tgz, ...): the names the READMEs' "from a clone" commands use,
// the same whatever the version. Before the first release this is how to install them: run it from a
// clone after `pnpm build` (the root script builds first).

import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pack } from './pack.mjs';
import { publicPackages } from './workspace-packages.mjs';

const [destination] = process.argv.slice(2);
if (!destination) {
  console.error('usage: pnpm packs <folder>   e.g. npx --yes pnpm@10.34.8 packs ../keyturn-packs');
  process.exit(2);
}
// Relative to the clone's root, where the README runs it (pnpm runs a root script there).
const folder = resolve(destination);
mkdirSync(folder, { recursive: true });
const work = mkdtempSync(join(folder, '.packing-'));
try {
  for (const { dir, manifest } of publicPackages()) {
    const target = join(folder, `${manifest.name.replace(/^@keyturn\//, 'keyturn-')}.tgz`);
    renameSync(pack(dir, work), target);
    console.log(`${manifest.name}@${manifest.version}: ${target}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
