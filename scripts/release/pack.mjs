// Packs a workspace package as it will be published: `pnpm pack` replaces `workspace:` ranges with
// the versions they stand for (npm pack would leave them, and the tarball would not install).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/** pnpm as the root script that runs us found it (`npx --yes pnpm@… <script>` puts it on PATH). */
function pnpm(args, options) {
  return execFileSync('pnpm', args, { encoding: 'utf8', shell: process.platform === 'win32', ...options });
}

/** @returns {string} the path of the tarball written into `destination` */
export function pack(packageDir, destination) {
  const before = new Set(readdirSync(destination));
  pnpm(['pack', '--pack-destination', destination], { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] });
  const made = readdirSync(destination).filter((name) => name.endsWith('.tgz') && !before.has(name));
  if (made.length !== 1) throw new Error(`pnpm pack in ${packageDir} made ${made.length} tarballs`);
  return join(destination, made[0]);
}

/** The package.json inside a tarball. */
export function packedManifest(tarball) {
  const dir = mkdtempSync(join(tmpdir(), 'keyturn-unpack-'));
  execFileSync('tar', ['-xzf', tarball, '-C', dir, 'package/package.json']);
  return JSON.parse(readFileSync(join(dir, 'package', 'package.json'), 'utf8'));
}

/** The paths inside a tarball, each under `package/`. */
export function packedFiles(tarball) {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** npm shows a package's licence text from a LICENSE (or LICENCE) file at the tarball's root. */
const LICENSE_FILE = /^package\/LICEN[CS]E(\.(md|txt))?$/i;

/** Why a packed package would ship without its licence text, or undefined when it ships it. */
export function missingLicense(tarball) {
  if (packedFiles(tarball).some((path) => LICENSE_FILE.test(path))) return undefined;
  return `${tarball} holds no LICENSE file: put the licence text in the package's folder as LICENSE (npm packs it whatever "files" says)`;
}

/** Dependency ranges a plain `npm install` cannot read: `workspace:`, `link:`, `file:`. */
export function unpublishableRanges(manifest) {
  const bad = [];
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|link|file|portal):/.test(String(range))) bad.push(`${field}.${name}: ${range}`);
    }
  }
  return bad;
}
