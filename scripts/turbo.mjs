#!/usr/bin/env node
// Runs the workspace's turbo without its telemetry notice or update box: every root script that
// builds or tests goes through here (`node scripts/turbo.mjs run build`), so a fresh clone's first
// command prints only what it builds.
//
//   node scripts/turbo.mjs <turbo arguments>
//   import { runTurbo } from './turbo.mjs'; await runTurbo(['run', 'test'], { onOutput })
//   import { turboOutput } from './turbo.mjs'; JSON.parse(await turboOutput(['run', 'test', '--dry=json']))

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { exitCode, pipeOutput } from './child-output.mjs';

const QUIET = {
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_TELEMETRY_MESSAGE_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
};

/**
 * Runs turbo with `args`; resolves with its exit code. With `onOutput`, stdout and stderr are
 * piped through it (and still printed); otherwise they are inherited.
 * @param {string[]} args
 * @param {{ onOutput?: (chunk: string) => void, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<number>}
 */
export function runTurbo(args, options = {}) {
  const bin = createRequire(import.meta.url).resolve('turbo/bin/turbo');
  const env = { ...process.env, ...QUIET, ...options.env };
  const piped = Boolean(options.onOutput);
  const child = spawn(process.execPath, [bin, ...args], {
    env,
    stdio: ['inherit', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
  });
  if (piped) pipeOutput(child, { onOutput: options.onOutput });
  return exitCode(child);
}

/**
 * Runs turbo with `args` without printing its output; resolves with its stdout (`--dry=json`).
 * @param {string[]} args
 * @returns {Promise<string>}
 */
export function turboOutput(args) {
  const bin = createRequire(import.meta.url).resolve('turbo/bin/turbo');
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...QUIET }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`turbo ${args.join(' ')} failed (${code}):\n${stderr}`))));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await runTurbo(process.argv.slice(2));
}
