// The "Version packages" step (`changeset version`) run on a copy of the workspace's manifests and
// changesets: what versions and CHANGELOG entries the release PR would hold, the repository untouched.

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ROOT } from '../lib/cached-install.mjs';
import { actionPackages, publicPackages } from './workspace-packages.mjs';

const WORKSPACE_FILES = ['package.json', 'pnpm-workspace.yaml', '.changeset'];

/**
 * @returns {Map<string, { from: string, to: string, changelog: string }>} each package's version before and
 *   after, and the CHANGELOG entry of the new version (the body of its GitHub release)
 */
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
      if (before.version === after.version) continue;
      const changelog = join(copy, relative(ROOT, dirname(file)), 'CHANGELOG.md');
      const entry = existsSync(changelog) ? changelogEntry(readFileSync(changelog, 'utf8'), after.version) : '';
      versions.set(before.name, { from: before.version, to: after.version, changelog: entry });
    }
    return versions;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The section `## <version>` of a CHANGELOG written by changesets, without its heading. */
export function changelogEntry(text, version) {
  const start = text.indexOf(`\n## ${version}\n`);
  if (start === -1) return '';
  const body = text.slice(start + `\n## ${version}\n`.length);
  const end = body.indexOf('\n## ');
  return (end === -1 ? body : body.slice(0, end)).trim();
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
