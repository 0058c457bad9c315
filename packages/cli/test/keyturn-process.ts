// The packed `keyturn` bin (installed by pack-once.ts) run as a child process, as a user's shell
// or CI runs it: only the environment a test gives (no credential of the machine's leaks in), its
// exit code, stdout and stderr, and its JSON output checked against the schema the package ships.

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect, inject } from 'vitest';

export const PROJECT = inject('keyturnProject');
export const BIN = join(PROJECT, 'node_modules', '.bin', 'keyturn');
/** The schema as published: read from the installed package. */
export const SCHEMA = JSON.parse(readFileSync(join(PROJECT, 'node_modules', '@keyturn', 'cli', 'schema', 'output.schema.json'), 'utf8'));

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
const validate = ajv.compile(SCHEMA);

export interface KeyturnRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Standard input (closed at once when absent). */
  input?: string;
  cwd?: string;
}

export interface StartedRun {
  child: ChildProcess;
  done: Promise<KeyturnRun>;
}

/** Starts `keyturn args` with only PATH, HOME and `env`. */
export function startKeyturn(args: readonly string[], options: RunOptions = {}): StartedRun {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: 'true' };
  for (const [name, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[name] = value;
  const child = spawn(BIN, args, { cwd: options.cwd ?? PROJECT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdin!.end(options.input);
  const done = new Promise<KeyturnRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function keyturn(args: readonly string[], options: RunOptions = {}): Promise<KeyturnRun> {
  return startKeyturn(args, options).done;
}

/** stdout as JSON, valid against the published schema (a failure names each violation). */
// biome-ignore lint/suspicious/noExplicitAny: the schema has just checked it; tests read its fields freely
export type OutputJson = Record<string, any>;

export function jsonOf(run: KeyturnRun): OutputJson {
  let data: unknown;
  try {
    data = JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
  const valid = validate(data);
  expect(valid ? [] : validate.errors, 'the output holds to schema/output.schema.json').toEqual([]);
  return data as OutputJson;
}

/** Every secret that shows up anywhere in the run's output (stdout and stderr, whole). */
export function leaksIn(run: KeyturnRun, secrets: readonly string[]): string[] {
  const text = `${run.stdout}\n${run.stderr}`;
  return secrets.filter((secret) => {
    if (secret.length < 8) throw new Error(`a secret of ${secret.length} characters is too short to search for`);
    return text.includes(secret);
  });
}
