// Runs a Node script in its own process and times it from spawn to exit: what a runner pays, and
// a clean heap for each client so one cannot inflate another's memory figure.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBuilt } from './workspace.mjs';

const CPU_PROBE = fileURLToPath(new URL('../probes/cpu-at-exit.cjs', import.meta.url));

/**
 * The environment of a process on a runner: PATH and HOME, nothing inherited from this shell.
 * (This machine sets NODE_EXTRA_CA_CERTS, which alone adds some 35 ms to every node start.)
 */
export function runnerEnvironment(extra = {}) {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...extra };
}

/**
 * @param {string[]} args arguments after `node`
 * @param {{ env?: Record<string,string>, cwd?: string, timeoutMs?: number, node?: string, cpu?: boolean }} [options]
 *   node: the binary (default: this one); cpu: also report the process's CPU time up to its exit
 *   event (`cpuMs`, from probes/cpu-at-exit.cjs, preloaded through NODE_OPTIONS), and where the
 *   runtime tells, the main thread's (`mainCpuMs`) and its share before the first request
 *   (`mainCpuBeforeRequestMs`); null where it does not
 * @returns {Promise<{ wallMs: number, cpuMs?: number, mainCpuMs?: number | null, mainCpuBeforeRequestMs?: number | null, code: number | null, stdout: string, stderr: string }>}
 */
export async function runNode(args, options = {}) {
  if (!options.cpu) return spawnNode(args, options);
  return withCpuTime((probe) => spawnNode(args, { ...options, env: { ...(options.env ?? runnerEnvironment()), ...probe } }));
}

/**
 * Runs a bundled Action as a runner does, with @keyturn/action-runner (the simulator the Action
 * tests and the main job use): `durationMs` from spawn to exit, `startedAt`, and with `cpu`, the
 * CPU times of `runNode`.
 * The process inherits no NODE_OPTIONS from this one: only the probe, when asked for.
 * @param {string} actionDir the Action's folder (its action.yml)
 * @param {{ inputs: Record<string,string>, env?: Record<string,string>, node?: string, timeoutMs?: number, cpu?: boolean }} step
 */
export async function runActionStep(actionDir, { cpu, env, ...options }) {
  const { runAction } = await importBuilt('@keyturn/action-runner', ['runAction']);
  const start = (probe = {}) => runAction(actionDir, { ...options, env: { NODE_OPTIONS: undefined, ...env, ...probe } });
  return cpu ? withCpuTime(start) : start();
}

/** Calls `start` with the variables that preload the CPU probe, and adds the process's CPU times. */
async function withCpuTime(start) {
  const dir = mkdtempSync(join(tmpdir(), 'keyturn-bench-cpu-'));
  const file = join(dir, 'cpu');
  try {
    const result = await start({ NODE_OPTIONS: `--require ${CPU_PROBE}`, BENCH_CPU_FILE: file });
    const cpu = JSON.parse(readFileSync(file, 'utf8'));
    return { ...result, cpuMs: cpu.cpuMs, mainCpuMs: cpu.mainMs, mainCpuBeforeRequestMs: cpu.firstRequestMainMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnNode(args, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(options.node ?? process.execPath, args, {
      cwd: options.cwd,
      env: options.env ?? runnerEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        wallMs: performance.now() - started,
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

/** Runs a probe that prints one JSON object as its last stdout line, and returns that object. */
export async function runJsonProbe(args, options = {}) {
  const result = await runNode(args, options);
  if (result.code !== 0) {
    throw new Error(`node ${args.join(' ')} exited with ${result.code}: ${result.stderr.trim().slice(-800)}`);
  }
  const lines = result.stdout.trim().split('\n');
  const { wallMs, cpuMs, mainCpuMs, mainCpuBeforeRequestMs } = result;
  const mainCpu = options.cpu ? { mainCpuMs, mainCpuBeforeRequestMs } : {};
  return { ...JSON.parse(lines[lines.length - 1] ?? '{}'), wallMs, cpuMs, ...mainCpu };
}
