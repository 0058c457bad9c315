// A bundle of an Action's third-party dependencies alone, built by the Actions' own builder and
// importing the same names as the Action's sources, so loading it costs what those dependencies
// cost inside dist/index.js.

import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { collectDependencyImports } from './dependency-imports.mjs';
import { importFrom, rootDir } from './workspace.mjs';

/** Workspace package name -> its folder (relative to the root). */
function workspacePackages() {
  const dirs = {};
  for (const group of ['packages', 'actions']) {
    for (const name of readdirSync(join(rootDir, group))) {
      try {
        dirs[JSON.parse(readFileSync(join(rootDir, group, name, 'package.json'), 'utf8')).name] = `${group}/${name}`;
      } catch {
        // not a package
      }
    }
  }
  return dirs;
}

/**
 * Third-party runtime dependencies of a workspace package, following workspace dependencies
 * (an Action bundles @keyturn/rotation, which brings Octokit and libsodium, and
 * @keyturn/action-common), and the source folders that import them. What only action-common
 * depends on (@actions/http-client, undici) serves the proxy support, which the builder puts in a
 * file of its own loaded only when a proxy is set: no part of a start-up, so not counted.
 * @returns {{ names: string[], nodePaths: string[], sourceDirs: string[] }}
 */
export function thirdPartyDependencies(packageDir) {
  const workspace = workspacePackages();
  const names = new Set();
  const dirs = new Set();
  const visit = (dir) => {
    dirs.add(dir);
    const manifest = JSON.parse(readFileSync(join(rootDir, dir, 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (String(range).startsWith('workspace:')) visit(workspace[name]);
      else if (manifest.name !== '@keyturn/action-common') names.add(name);
    }
  };
  visit(packageDir);
  const sourceDirs = [...dirs].map((d) => join(rootDir, d, 'src'));
  return { names: [...names].sort(), nodePaths: [...dirs].map((d) => join(rootDir, d, 'node_modules')), sourceDirs };
}

/** The entry: each specifier's imported names, kept alive through a global so none is shaken off. */
function entrySource(imports) {
  const lines = [];
  const kept = [];
  let i = 0;
  for (const [specifier, names] of imports) {
    if (names === '*') {
      lines.push(`import * as dep${i} from '${specifier}';`);
      kept.push(`dep${i}`);
    } else {
      const aliases = [...names].map((name) => `${name} as dep${i}_${name}`);
      lines.push(`import { ${aliases.join(', ')} } from '${specifier}';`);
      kept.push(...[...names].map((name) => `dep${i}_${name}`));
    }
    i++;
  }
  lines.push(`globalThis.__benchDependencies = [${kept.join(', ')}];`);
  if (imports.has('libsodium-wrappers')) lines.push("export { default as sodium } from 'libsodium-wrappers';");
  // The floor's Octokit variant builds its client from these, as the rotation's sources do.
  if (imports.has('@octokit/rest')) lines.push("export { Octokit } from '@octokit/rest';");
  if (imports.has('@octokit/plugin-retry')) lines.push("export { retry } from '@octokit/plugin-retry';");
  return lines.join('\n');
}

/**
 * Builds the dependencies-only bundle with the Actions' own builder (@keyturn/action-common/build,
 * same esbuild options and plugins) in a scratch folder whose node_modules links to the packages
 * the Action resolves. Returns the bundle path; libsodium, when used, is exported as `sodium`, and Octokit and `retry` as such.
 */
export async function buildDependencyBundle(packageDir, scratchDir) {
  const esbuild = await importFrom(packageDir, 'esbuild');
  const { buildAction } = await importFrom(packageDir, '@keyturn/action-common/build');
  const { names, nodePaths, sourceDirs } = thirdPartyDependencies(packageDir);
  const imports = collectDependencyImports(sourceDirs, names);
  mkdirSync(join(scratchDir, 'src'), { recursive: true });
  writeFileSync(join(scratchDir, 'package.json'), '{ "name": "bench-dependencies", "private": true, "type": "module" }\n');
  writeFileSync(join(scratchDir, 'src/index.ts'), `${entrySource(imports)}\n`);
  for (const name of names) {
    const found = nodePaths.map((p) => join(p, name)).find((p) => existsSync(p));
    if (!found) throw new Error(`cannot find ${name} in ${nodePaths.join(', ')}`);
    mkdirSync(dirname(join(scratchDir, 'node_modules', name)), { recursive: true });
    symlinkSync(realpathSync(found), join(scratchDir, 'node_modules', name), 'dir');
  }
  await buildAction(esbuild, scratchDir);
  const used = [...imports].map(([specifier, n]) => `${specifier} (${n === '*' ? '*' : [...n].sort().join(', ')})`);
  return { outfile: join(scratchDir, 'dist/index.js'), names: used };
}
