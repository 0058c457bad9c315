// Tools the project runs but does not build with (Node 24, @github/local-action) are installed once
// from the npm registry into .cache/<name>, at a pinned version, with plain npm: outside the pnpm
// workspace, so they neither touch the lockfile nor see the workspace's layout.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Installs `spec` (`name@version`) into .cache/<dir> unless `marker` (a path inside it) exists.
 * @returns {string} the prefix, whose node_modules holds the package
 */
export function cachedInstall(dir, spec, marker) {
  const prefix = join(ROOT, '.cache', dir);
  if (!existsSync(join(prefix, marker))) {
    process.stderr.write(`Installing ${spec} from the npm registry into .cache/${dir} ...\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(
      npm,
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error', spec],
      { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' },
    );
  }
  return prefix;
}
