// Runs an Action's bundle as the runner does: a child `node` process on the bundle named by
// action.yml `runs.main`, an INPUT_<NAME> variable for every declared input (its default when the
// test gives none), the GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, then reads back what the runner
// would: exit code, outputs, the summary, masks, annotations and the log as shown. NODE_OPTIONS
// passes through from the test's environment, as the runner passes the job's to the step.
// https://docs.github.com/actions/sharing-automations/creating-actions/metadata-syntax-for-github-actions

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readActionMetadata } from './action-metadata.js';
import { parseFileCommands, parseWorkflowCommand } from './runner-files.js';

/** How to run an Action: its inputs, more environment, a time limit and the Node binary. */
export interface RunActionOptions {
  /** Inputs by their action.yml names (`api-key`). Unknown names are refused, as a typo would be. */
  inputs?: Record<string, string>;
  /** The job's token, which `${{ github.token }}` in an input's default evaluates to (empty by default). */
  githubToken?: string;
  /** More environment: GITHUB_REPOSITORY, GITHUB_API_URL... (a value of undefined removes it). */
  env?: Record<string, string | undefined>;
  /** The process is killed after this long (default 60 s); `timedOut` then says so. */
  timeoutMs?: number;
  /** Node binary; default the one running the tests (`pnpm test` runs them on Node 24, the runner's). */
  node?: string;
}

/** An `::error::`, `::warning::` or `::notice::` line, as the runner turns it into an annotation. */
export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  properties: Record<string, string>;
}

/** What the runner reads back from one run of an Action. */
export interface ActionRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** When the process was spawned, in epoch milliseconds (to set against a server's request log). */
  startedAt: number;
  /** From spawn to exit, in milliseconds: what a runner pays for the step. */
  durationMs: number;
  /** Everything the process wrote to stdout, workflow commands included. */
  stdout: string;
  /** stdout as the runner shows it: without the `::add-mask::` lines it consumes. */
  visibleStdout: string;
  stderr: string;
  /** Node's own warnings on stderr (`(node:PID) [DEP0005] DeprecationWarning: ...`), as the runner's log would show them. */
  nodeWarnings: string[];
  /** Values registered with `::add-mask::`, in order. */
  masks: string[];
  outputs: Record<string, string>;
  summary: string;
  annotations: Annotation[];
  /** Titles of the `::group::` folds, in order. */
  groups: string[];
}

/** A default as the runner gives it: its one expression in use, `${{ github.token }}`, evaluated; any other refused. */
function evaluated(text: string, githubToken: string): string {
  if (!text.includes('${{')) return text;
  if (/^\$\{\{\s*github\.token\s*\}\}$/.test(text)) return githubToken;
  throw new Error(`an input's default ${text} is an expression this runner does not evaluate`);
}

/** The variable the runner passes an input in: `INPUT_` and the name upper-cased, spaces as `_`. */
export function inputEnvName(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/**
 * Runs the Action in `actionDir` (the folder of its action.yml) once, as a runner step would, and
 * returns what the runner reads back. The process gets PATH, HOME, the runner's variables and the
 * files it reads, NODE_OPTIONS from this process, and `options.env`: nothing else of this environment.
 */
export async function runAction(actionDir: string, options: RunActionOptions = {}): Promise<ActionRun> {
  const metadata = readActionMetadata(join(actionDir, 'action.yml'));
  if (!metadata.runs.main) throw new Error(`${actionDir}/action.yml has no runs.main`);
  const inputs = options.inputs ?? {};
  for (const name of Object.keys(inputs)) {
    if (!(name in metadata.inputs)) throw new Error(`${actionDir}/action.yml declares no input '${name}'`);
  }

  const dir = await mkdtemp(join(tmpdir(), 'keyturn-action-'));
  try {
    const files = {
      GITHUB_OUTPUT: join(dir, 'output'),
      GITHUB_STEP_SUMMARY: join(dir, 'step-summary'),
      GITHUB_ENV: join(dir, 'env'),
      GITHUB_PATH: join(dir, 'path'),
      GITHUB_STATE: join(dir, 'state'),
    };
    await Promise.all(Object.values(files).map((file) => writeFile(file, '')));

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      RUNNER_OS: 'Linux',
      RUNNER_TEMP: dir,
      GITHUB_WORKSPACE: dir,
      ...files,
    };
    if (process.env.NODE_OPTIONS) env.NODE_OPTIONS = process.env.NODE_OPTIONS;
    for (const [name, declared] of Object.entries(metadata.inputs)) {
      env[inputEnvName(name)] = inputs[name] ?? evaluated(declared.default ?? '', options.githubToken ?? '');
    }
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }

    const result = await spawnNode(options.node ?? process.execPath, [join(actionDir, metadata.runs.main)], {
      env,
      cwd: dir,
      timeoutMs: options.timeoutMs ?? 60_000,
    });
    return {
      ...result,
      ...readStdout(result.stdout),
      nodeWarnings: readNodeWarnings(result.stderr),
      outputs: parseFileCommands(await readFile(files.GITHUB_OUTPUT, 'utf8')),
      summary: await readFile(files.GITHUB_STEP_SUMMARY, 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function readStdout(stdout: string): Pick<ActionRun, 'visibleStdout' | 'masks' | 'annotations' | 'groups'> {
  const masks: string[] = [];
  const annotations: Annotation[] = [];
  const groups: string[] = [];
  const visible: string[] = [];
  for (const line of stdout.split('\n')) {
    const command = parseWorkflowCommand(line);
    if (command?.command === 'add-mask') {
      masks.push(command.message);
      continue;
    }
    visible.push(line);
    if (command?.command === 'group') groups.push(command.message);
    if (command?.command === 'error' || command?.command === 'warning' || command?.command === 'notice') {
      annotations.push({ level: command.command, message: command.message, properties: command.properties });
    }
  }
  return { visibleStdout: visible.join('\n'), masks, annotations, groups };
}

/** Lines Node prints for a process warning: `(node:1234) [DEP0040] DeprecationWarning: ...`. */
function readNodeWarnings(stderr: string): string[] {
  return stderr.split('\n').filter((line) => /^\(node:\d+\) (\[\w+\] )?\w*Warning: /.test(line));
}

/** The process as it ended, before its output is read as the runner reads it. */
type Spawned = Pick<ActionRun, 'exitCode' | 'signal' | 'timedOut' | 'startedAt' | 'durationMs' | 'stdout'> & { stderr: string };

/** Runs `node` on `args` to its end; without `env` it inherits this process's, without `timeoutMs` it is never killed. */
export function spawnNode(
  node: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const started = performance.now();
    const child = spawn(node, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({
        exitCode,
        signal,
        timedOut,
        startedAt,
        durationMs: performance.now() - started,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}
