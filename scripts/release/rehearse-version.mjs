// The "Version packages" step (`changeset version`) run on a copy of the workspace's manifests and
// changesets: what versions and CHANGELOG entries the release PR would hold, the repository untouched.

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ROOT } from '../lib/cached-install.mjs';
import { actionPackages, publicPackages } from './workspace-packages.mjs';

const WORKSPACE_FILES = ['package.json', 'pnpm-workspace.yaml', '.changeset'];

/** @returns {Map<string, { from: string, to: string }>} each package's version before and after */
export function rehearseVersion() {
  const copy = mkdtempSync(join(tmpdir(), 'keyturn-version-'));
  try {
    const manifests = workspaceManifests();
    for (const file of [...new Set([...WORKSPACE_FILES.map((name) => join(ROOT, name)), ...manifests])]) {
      const target = join(copy, relative(ROOT, file));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target, { recursive: true });
    }
    for (const { dir } of [...publicPackages(), ...actionPackages()]) {
      const changelog = join(dir, 'CHANGELOG.md');
      if (existsSync(changelog)) cpSync(changelog, join(copy, relative(ROOT, changelog)));
    }
    const changeset = join(ROOT, 'node_modules', '@changesets', 'cli', 'bin.js');
    execFileSync(process.execPath, [changeset, 'version'], { cwd: copy, stdio: ['ignore', 'inherit', 'inherit'] });
    const versions = new Map();
    for (const file of manifests) {
      const before = JSON.parse(readFileSync(file, 'utf8'));
      const after = JSON.parse(readFileSync(join(copy, relative(ROOT, file)), 'utf8'));
      if (before.version !== after.version) versions.set(before.name, { from: before.version, to: after.version });
    }
    return versions;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** package.json of every workspace package: the globs under `packages:` in pnpm-workspace.yaml (`dir` or `dir/*`). */
function workspaceManifests() {
  const yaml = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^packages:\n((?:[ \t]+-.*\n?)+)/m.exec(yaml)?.[1] ?? '';
  const files = [join(ROOT, 'package.json')];
  for (const [, glob] of block.matchAll(/-\s*['"]?([^'"\n]+?)['"]?\s*$/gm)) {
    const dirs = glob.endsWith('/*')
      ? readdirSync(join(ROOT, glob.slice(0, -2))).map((name) => join(ROOT, glob.slice(0, -2), name))
      : [join(ROOT, glob)];
    files.push(...dirs.map((dir) => join(dir, 'package.json')));
  }
  return files.filter((file) => existsSync(file));
}
