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
  const prefix = `${pkg.name}:${script}: `;
  for (const [stream, sink] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    let partial = '';
    const write = (text) => {
      sink.write(text);
      options.onOutput?.(text);
    };
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      if (lines.length) write(lines.map((line) => `${prefix}${line}\n`).join(''));
    });
    stream.on('end', () => partial && write(`${prefix}${partial}\n`));
  }
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
