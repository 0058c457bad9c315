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
//
// What local-action prints before the Action runs is dropped (withoutPreamble): an ASCII-art
// "Action Debugger" banner, a table that names scripts/local-action-entry.mjs as the Action's entry
// point, and action.yml's inputs and outputs with their descriptions (some 300 columns wide). One
// line of ours says instead what runs, on which Node, and which inputs the .env file gives (their
// names, never their values). The Action's log and local-action's "Action Outputs" table follow.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedInstall, ROOT } from './lib/cached-install.mjs';
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

/** The heading local-action prints as the Action starts (its printTitle: a rule, the title, a rule). */
const RUNNING = /^\s*Running Action\s*\n=+[ \t]*\n/m;

/**
 * A sink for local-action's stdout that drops everything up to its "Running Action" heading and
 * writes the rest. If the heading never comes (local-action failed before running the Action),
 * `end()` writes all it held back, so its error shows.
 * @param {(text: string) => void} write
 */
export function withoutPreamble(write) {
  let held = '';
  let passing = false;
  return {
    push(text) {
      if (passing) return write(text);
      held += text;
      const heading = RUNNING.exec(held);
      if (heading === null) return undefined;
      passing = true;
      // local-action's blank line under its heading goes with it
      const rest = held.slice(heading.index + heading[0].length).replace(/^\n/, '');
      held = '';
      if (rest !== '') write(rest);
    },
    end() {
      if (!passing && held !== '') write(held);
      held = '';
    },
  };
}

/** The inputs an .env file gives, by their action.yml names (INPUT_API-KEY is api-key). */
export function inputNames(envText) {
  return [...envText.matchAll(/^\s*(?:export\s+)?INPUT_([^=\s]+)\s*=/gm)].map((match) => match[1].toLowerCase());
}

/** Our line in place of local-action's banner and tables: what runs, on what, with which inputs (never their values). */
export function bannerLine(actionDir, envFile, nodeVersion) {
  const names = inputNames(readFileSync(envFile, 'utf8'));
  const where = relative(ROOT, actionDir).split('\\').join('/');
  const inputs = names.length > 0 ? `inputs ${names.join(', ')}` : 'no inputs';
  return `keyturn: ${where}/src/index.ts with @github/local-action ${LOCAL_ACTION_VERSION} on Node ${nodeVersion}, ${inputs} from ${envFile} (values not shown)\n`;
}

/**
 * Runs local-action on the Action in `actionDir` with the inputs of `envFile`, its output on this
 * process's own.
 * @returns {Promise<number>} the Action's exit status: 0 when it succeeded, 1 when it failed
 */
export async function runLocalAction(actionDir, envFile) {
  const dir = resolve(actionDir);
  if (!existsSync(join(dir, 'action.yml')) || !existsSync(join(dir, 'src', 'index.ts'))) {
    throw new Error(
      `${actionDir} is not an Action folder (action.yml and src/index.ts): give actions/rotate-key or actions/wait-for-operation`,
    );
  }
  if (!existsSync(envFile)) throw new Error(`${envFile} does not exist: write the inputs there, one INPUT_<NAME>=value a line`);
  const node = await node24();
  const path = `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`;
  if (!hasPnpmOnPath(path)) {
    throw new Error('pnpm is not on PATH: run this through pnpm (npx --yes pnpm@10.34.8 local-action <folder> <.env>)');
  }
  const prefix = localActionPrefix();
  if (!existsSync(join(prefix, CORE_STUB))) {
    throw new Error(
      `@github/local-action@${LOCAL_ACTION_VERSION} has no ${CORE_STUB}: its layout changed, update scripts/local-action-entry.mjs`,
    );
  }
  const work = mkdtempSync(join(tmpdir(), 'keyturn-local-action-status-'));
  const statusFile = join(work, 'status');
  try {
    const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
    process.stdout.write(bannerLine(dir, envFile, nodeVersion));
    const output = withoutPreamble((text) => process.stdout.write(text));
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
        stdio: ['inherit', 'pipe', 'inherit'],
      });
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (text) => output.push(text));
      child.on('error', fail);
      child.on('close', (exitCode, signal) => {
        output.end();
        done(exitCode ?? (signal ? 1 : 0));
      });
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
