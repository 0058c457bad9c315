// The workspace's packages as the release sees them: the public npm packages and the Actions.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/cached-install.mjs';

/** @returns {Array<{ dir: string, manifest: Record<string, any> }>} every package.json under packages/ and actions/ */
function workspacePackages() {
  const found = [];
  for (const parent of ['packages', 'actions']) {
    for (const name of readdirSync(join(ROOT, parent)).sort()) {
      const file = join(ROOT, parent, name, 'package.json');
      if (existsSync(file)) found.push({ dir: join(ROOT, parent, name), manifest: JSON.parse(readFileSync(file, 'utf8')) });
    }
  }
  return found;
}

/** The packages published to npm: every one not marked private. */
export function publicPackages() {
  return workspacePackages().filter((pkg) => !pkg.manifest.private);
}

/** The Actions (a folder with action.yml): released together, as git tags vX.Y.Z and vX. */
export function actionPackages() {
  return workspacePackages().filter((pkg) => existsSync(join(pkg.dir, 'action.yml')));
}
