// Vitest's globalSetup in every package: builds, through turbo, the package and the workspace
// packages it imports (their `dist/`), as `pnpm test` does before a package's tests. So
// `npx vitest run` inside a package works right after install, and after an edit to a dependency;
// turbo's cache makes it a second or two when nothing changed.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ROOT } from './lib/cached-install.mjs';

/** One build per vitest process, however many of its projects load this file (each its own module). */
const BUILT = Symbol.for('keyturn.build-before-tests');

/** @param {{ config?: { root?: string } }} [project] vitest's TestProject */
export default function setup(project) {
  // Run by turbo (`turbo run test`: its test task depends on the build) or by `pnpm test`, which
  // builds first and says so.
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: turbo sets it in each task it runs; it is no input of one
  if (process.env.TURBO_HASH) return;
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: scripts/test.mjs sets it for the tests it starts; it is no input of a task
  if (process.env.KEYTURN_TESTS_BUILT) return;
  globalThis[BUILT] ??= build(project?.config?.root ?? process.cwd());
  return globalThis[BUILT];
}

async function build(dir) {
  const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const turbo = ['run', 'build', `--filter=${name}...`, '--output-logs=errors-only'];
  // turbo runs each build through pnpm: when none is on PATH (`npx vitest` with no pnpm installed),
  // go through the pinned one (`npx --yes pnpm@…`), which puts itself on PATH.
  const [command, args] = pnpmOnPath()
    ? [process.execPath, [join(ROOT, 'scripts', 'turbo.mjs'), ...turbo]]
    : ['npx', ['--yes', pinnedPnpm(), 'exec', 'node', join(ROOT, 'scripts', 'turbo.mjs'), ...turbo]];
  const code = await new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', reject);
    child.on('close', (exit, signal) => resolve(exit ?? (signal ? 1 : 0)));
  });
  if (code !== 0)
    throw new Error(`building ${name} and its workspace dependencies failed (exit ${code}): fix the error above, then run the tests again`);
}

function pnpmOnPath() {
  const names = process.platform === 'win32' ? ['pnpm.cmd', 'pnpm.exe'] : ['pnpm'];
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && names.some((file) => existsSync(join(dir, file))));
}

/** `pnpm@<version>` as the root package.json's `packageManager` pins it. */
function pinnedPnpm() {
  const { packageManager } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return packageManager.split('+')[0];
}
