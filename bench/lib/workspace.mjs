// Where things are in the monorepo, and whether what a figure needs has been built.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const rootDir = resolve(benchDir, '..');

/** Each Action's folder (its action.yml) and the bundle its action.yml runs. */
export const actions = Object.fromEntries(
  ['rotate-key', 'wait-for-operation'].map((name) => {
    const dir = join(rootDir, 'actions', name);
    return [name, { dir, bundle: join(dir, 'dist/index.js') }];
  }),
);

const builtPackages = {
  '@keyturn/action-runner': join(rootDir, 'packages/action-runner/dist/index.js'),
  '@keyturn/api': join(rootDir, 'packages/api/dist/index.js'),
  '@keyturn/emulator': join(rootDir, 'packages/emulator/dist/index.js'),
  '@keyturn/rotation': join(rootDir, 'packages/rotation/dist/index.js'),
};

/**
 * Imports a workspace package and checks it exports what the figure uses, so a package that is
 * still a skeleton yields a "not measured" line instead of a crash halfway through the run.
 */
export async function importBuilt(name, requiredExports) {
  const file = builtPackages[name];
  if (file && !existsSync(file)) throw new MissingDependency(`${name} is not built (${relative(file)} missing)`);
  const module = await import(name);
  const missing = requiredExports.filter((e) => !(e in module));
  if (missing.length > 0) throw new MissingDependency(`${name} does not export ${missing.join(', ')} yet`);
  return module;
}

export function requireBuiltFile(file, what) {
  if (!existsSync(file)) throw new MissingDependency(`${what} is not built (${relative(file)} missing)`);
  return file;
}

/**
 * The spacing createGitHubClient keeps between the starts of two GitHub writes by default: the
 * rotation's own constant, read from its build, so a figure's floor cannot drift from it.
 */
export async function githubWriteIntervalMs() {
  const file = requireBuiltFile(join(rootDir, 'packages/rotation/dist/github-client/write-spacing.js'), '@keyturn/rotation');
  const { GITHUB_WRITE_INTERVAL_MS } = await import(pathToFileURL(file).href);
  if (typeof GITHUB_WRITE_INTERVAL_MS !== 'number')
    throw new MissingDependency('@keyturn/rotation does not define GITHUB_WRITE_INTERVAL_MS yet');
  return GITHUB_WRITE_INTERVAL_MS;
}

/** Resolves a dependency the way a package of the workspace sees it (esbuild, libsodium, Octokit). */
export function resolveFrom(packageDir, specifier) {
  const require = createRequire(join(rootDir, packageDir, 'package.json'));
  return require.resolve(specifier);
}

export async function importFrom(packageDir, specifier) {
  return import(pathToFileURL(resolveFrom(packageDir, specifier)).href);
}

/** A module of the repository's own tooling (`scripts/`), which is no package to depend on. */
export function importRepoScript(path) {
  return import(pathToFileURL(join(rootDir, path)).href);
}

export function relative(file) {
  return file.startsWith(`${rootDir}/`) ? file.slice(rootDir.length + 1) : file;
}

export class MissingDependency extends Error {}
