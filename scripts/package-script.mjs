// Runs a package's script as `pnpm run` would (in its folder, its own and the workspace's
// node_modules/.bin first on PATH), its output lines prefixed `<package>:<script>: ` as turbo prints
// them. For scripts turbo would only pass through: its task (hashing, cache lookup) and pnpm's start
// cost about 2 CPU-seconds a package, more than a small package's tests.
//
//   import { runPackageScript } from './package-script.mjs';
//   await runPackageScript({ name: '@keyturn/api', directory: 'packages/api', command: 'vitest run' }, 'test', { onOutput, env });

import { spawn } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitCode, pipeOutput } from './child-output.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * Resolves with the script's exit code. `onOutput` receives every chunk printed (prefixed), as
 * runTurbo's does; `env` is added to this process's environment.
 * @param {{ name: string, directory: string, command: string }} pkg the directory relative to the workspace root
 * @param {string} script the script's name, for the prefix
 * @param {{ onOutput?: (chunk: string) => void, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<number>}
 */
export function runPackageScript(pkg, script, options = {}) {
  const cwd = join(ROOT, pkg.directory);
  const env = { ...process.env, ...options.env };
  env.PATH = [join(cwd, 'node_modules', '.bin'), join(ROOT, 'node_modules', '.bin'), env.PATH ?? ''].join(delimiter);
  const child = spawn(pkg.command, { cwd, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  pipeOutput(child, { onOutput: options.onOutput, prefix: `${pkg.name}:${script}: ` });
  return exitCode(child);
}
