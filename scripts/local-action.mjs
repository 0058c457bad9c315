#!/usr/bin/env node
// `pnpm local-action <action folder> <.env file>`: runs an Action from its folder with GitHub's own
// local runner, @github/local-action, on Node 24 (the runner's runtime): inputs come from the .env
// file (INPUT_API-KEY=...), and it prints the Action's log and then its outputs.
//
// It runs the Action's TypeScript entry point (src/index.ts, which exports run()) rather than the
// bundle, so that local-action's stand-in for @actions/core is the one the Action imports: that is
// how it shows the outputs. local-action finds the package manager from the nearest package.json
// (each Action's names pnpm) and asks `pnpm list` where @actions/core is, from the Action's folder.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedInstall } from './lib/cached-install.mjs';
import { node24 } from './node24.mjs';

/** Bumped by hand, like any pinned tool. */
export const LOCAL_ACTION_VERSION = '7.0.1';
const BIN = join('node_modules', '@github', 'local-action', 'bin', 'local-action.js');

/** Installs @github/local-action once into .cache/local-action; returns the path of its CLI. */
export function localActionBin() {
  return join(cachedInstall('local-action', `@github/local-action@${LOCAL_ACTION_VERSION}`, BIN), BIN);
}

/** Why `pnpm` must be on PATH: local-action runs `pnpm dlx tsx` and `pnpm list` itself. */
function hasPnpmOnPath(path) {
  const names = process.platform === 'win32' ? ['pnpm.cmd', 'pnpm.exe'] : ['pnpm'];
  return path.split(delimiter).some((dir) => names.some((name) => existsSync(join(dir, name))));
}

/**
 * Starts local-action on the Action in `actionDir` with the inputs of `envFile`.
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export async function startLocalAction(actionDir, envFile, options = {}) {
  const dir = resolve(actionDir);
  if (!existsSync(join(dir, 'action.yml')) || !existsSync(join(dir, 'src', 'index.ts'))) {
    throw new Error(`${actionDir} is not an Action folder (action.yml and src/index.ts): give actions/rotate-key or actions/wait-for-operation`);
  }
  if (!existsSync(envFile)) throw new Error(`${envFile} does not exist: write the inputs there, one INPUT_<NAME>=value a line`);
  const node = await node24();
  const path = `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`;
  if (!hasPnpmOnPath(path)) {
    throw new Error('pnpm is not on PATH: run this through pnpm (npx --yes pnpm@10.34.8 local-action <folder> <.env>)');
  }
  return spawn(node, [localActionBin(), '.', 'src/index.ts', resolve(envFile)], {
    cwd: dir,
    env: { ...process.env, PATH: path },
    stdio: options.stdio ?? 'inherit',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [actionDir, envFile] = process.argv.slice(2);
  if (!actionDir || !envFile) {
    console.error('usage: pnpm local-action <action folder> <.env file>   e.g. pnpm local-action actions/wait-for-operation .env');
    process.exit(2);
  }
  try {
    const child = await startLocalAction(actionDir, envFile);
    child.on('close', (code, signal) => {
      process.exitCode = code ?? (signal ? 1 : 0);
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
