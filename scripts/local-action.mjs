#!/usr/bin/env node
// `pnpm local-action <action folder> <.env file>`: runs an Action from its folder with GitHub's own
// local runner, @github/local-action, on Node 24 (the runner's runtime): inputs come from the .env
// file (INPUT_API-KEY=...), and it prints the Action's log and then its outputs.
//
// Unlike the bare tool, which exits 0 whatever the Action did, it exits with the Action's status, as
// a runner's step does: 1 when the Action called setFailed. local-action records that status but
// never exits with it, so it runs scripts/local-action-entry.mjs, which calls the Action's run()
// (its TypeScript entry point, src/index.ts) and writes the recorded status to a file read here.
// It runs src/index.ts rather than the bundle so that local-action's stand-in for @actions/core is
// the one the Action imports: that is how it shows the outputs. local-action finds the package
// manager from the nearest package.json (pnpm) and asks `pnpm list` where @actions/core is.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedInstall } from './lib/cached-install.mjs';
import { node24 } from './node24.mjs';

/** Bumped by hand, like any pinned tool. */
export const LOCAL_ACTION_VERSION = '7.0.1';
const PACKAGE = join('node_modules', '@github', 'local-action');
const BIN = join(PACKAGE, 'bin', 'local-action.js');
/** local-action's stand-in for @actions/core, whose CoreMeta.exitCode holds the Action's status. */
const CORE_STUB = join(PACKAGE, 'src', 'stubs', 'core', 'core.ts');
const ENTRY = fileURLToPath(new URL('local-action-entry.mjs', import.meta.url));

/** Installs @github/local-action once into .cache/local-action; returns the folder holding its node_modules. */
function localActionPrefix() {
  return cachedInstall('local-action', `@github/local-action@${LOCAL_ACTION_VERSION}`, BIN);
}

/** Why `pnpm` must be on PATH: local-action runs `pnpm dlx tsx` and `pnpm list` itself. */
function hasPnpmOnPath(path) {
  const names = process.platform === 'win32' ? ['pnpm.cmd', 'pnpm.exe'] : ['pnpm'];
  return path.split(delimiter).some((dir) => names.some((name) => existsSync(join(dir, name))));
}

/**
 * Runs local-action on the Action in `actionDir` with the inputs of `envFile`, its output on this
 * process's own.
 * @returns {Promise<number>} the Action's exit status: 0 when it succeeded, 1 when it failed
 */
export async function runLocalAction(actionDir, envFile) {
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
  const prefix = localActionPrefix();
  if (!existsSync(join(prefix, CORE_STUB))) {
    throw new Error(`@github/local-action@${LOCAL_ACTION_VERSION} has no ${CORE_STUB}: its layout changed, update scripts/local-action-entry.mjs`);
  }
  const work = mkdtempSync(join(tmpdir(), 'keyturn-local-action-status-'));
  const statusFile = join(work, 'status');
  try {
    const code = await new Promise((done, fail) => {
      const child = spawn(node, [join(prefix, BIN), '.', ENTRY, resolve(envFile)], {
        cwd: dir,
        env: {
          ...process.env,
          PATH: path,
          KEYTURN_LOCAL_ACTION_ENTRY: join(dir, 'src', 'index.ts'),
          KEYTURN_LOCAL_ACTION_CORE_STUB: join(prefix, CORE_STUB),
          KEYTURN_LOCAL_ACTION_STATUS_FILE: statusFile,
        },
        stdio: 'inherit',
      });
      child.on('error', fail);
      child.on('close', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
    });
    if (code !== 0) return code; // local-action itself failed, or the Action threw past run()
    if (!existsSync(statusFile)) throw new Error('local-action exited without running the Action: see its output above');
    const status = Number(readFileSync(statusFile, 'utf8'));
    if (status !== 0) console.error(`\nThe Action failed (exit status ${status}): its ::error:: line above says why.`);
    return status;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [actionDir, envFile] = process.argv.slice(2);
  if (!actionDir || !envFile) {
    console.error('usage: pnpm local-action <action folder> <.env file>   e.g. pnpm local-action actions/wait-for-operation .env');
    process.exit(2);
  }
  try {
    process.exitCode = await runLocalAction(actionDir, envFile);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
