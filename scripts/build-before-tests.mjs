// Vitest's globalSetup in every package: builds, through turbo, the package and the workspace
// packages it imports (their `dist/`), as `pnpm test` does before a package's tests. So
// `npx vitest run` inside a package works right after install, and after an edit to a dependency;
// turbo's cache makes it a second or two when nothing changed.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTurbo } from './turbo.mjs';

/** One build per vitest process, however many of its projects name this file. */
let built;

/** @param {{ config?: { root?: string } }} [project] vitest's TestProject */
export default function setup(project) {
  // Run by turbo (`pnpm test`, `turbo run test`): its test task depends on the build already.
  if (process.env.TURBO_HASH) return;
  built ??= build(project?.config?.root ?? process.cwd());
  return built;
}

async function build(dir) {
  const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const code = await runTurbo(['run', 'build', `--filter=${name}...`, '--output-logs=errors-only']);
  if (code !== 0) throw new Error(`building ${name} and its workspace dependencies failed (turbo exited ${code}): fix the error above, then run the tests again`);
}
