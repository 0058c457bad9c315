// The way the README gives to try a change locally: GitHub's @github/local-action runs the Action
// from its folder (src/index.ts, on Node 24) against the emulator, and shows its outputs; and
// `pnpm local-action` exits with the Action's status, where the bare tool exits 0 on a failure.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type PlatformEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runLocalAction } from '@keyturn/action-runner';

const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));

let platform: PlatformEmulator;
beforeAll(async () => {
  platform = await startPlatformEmulator();
});
afterAll(() => platform?.close());

// The first run installs @github/local-action (and Node 24) into .cache: minutes on a slow network.
it('runs from its folder with @github/local-action, outputs included', { timeout: 600_000 }, async () => {
  const key = platform.createKey('local');
  const projectId = platform.createProject({ name: 'shop' }).id;
  const [op] = platform.startOperations(projectId, [{ action: 'create_branch', schedulingMs: 0, runningMs: 0 }]);

  const run = await runLocalAction(ACTION_DIR, {
    'api-key': key.key,
    'api-url': platform.url,
    'project-id': projectId,
    'operation-ids': op!.id,
    interval: '100ms',
  });

  expect(run.stderr).not.toContain('does not export a run() function');
  expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.outputs.status).toBe('finished');
  expect(run.outputs['failed-operation-ids']).toBe('[]');
  expect(JSON.parse(run.outputs.operations!)).toEqual([
    expect.objectContaining({ id: op!.id, action: 'create_branch', status: 'finished' }),
  ]);
  // Ran once: imported for its run(), not also started by itself on import.
  expect(run.stdout.match(/Done: 1 operation finished/g)).toHaveLength(1);
  expect(`${run.stdout}${run.stderr}`).not.toContain(key.key);
});

// local-action's own preamble (an ASCII-art banner, a table naming our entry shim as the Action's
// entry point, action.yml's inputs and outputs 300 columns wide) gives way to one line of ours.
// This case and the next run side by side (it.concurrent), once the first has installed local-action.
it.concurrent('says in one line what runs and with which inputs, then shows the Action log', { timeout: 600_000 }, async () => {
  const key = platform.createKey('local-banner');
  const projectId = platform.createProject({ name: 'banner' }).id;

  const run = await runLocalAction(ACTION_DIR, { 'api-key': key.key, 'api-url': platform.url, 'project-id': projectId, timeout: '30' });

  expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
  const [banner, first] = run.stdout.split('\n');
  expect(banner).toMatch(
    /^keyturn: actions\/wait-for-operation\/src\/index\.ts with @github\/local-action \d+\.\d+\.\d+ on Node 24\.\d+\.\d+, inputs api-key, api-url, project-id, timeout from \S+\.env \(values not shown\)$/,
  );
  expect(first).toBe(`::group::Waiting for every pending operation of project ${projectId}`);
  for (const noise of ['Configuration', 'Entrypoint', 'local-action-entry', 'Action Metadata', 'Description', '|___/', 'Running Action']) {
    expect(run.stdout).not.toContain(noise);
  }
  expect(run.outputs.status).toBe('finished');
  expect(`${run.stdout}${run.stderr}`).not.toContain(key.key);
});

it.concurrent('exits 1 when the Action fails, as a runner step does (the bare tool exits 0)', { timeout: 600_000 }, async () => {
  const key = platform.createKey('local-failing');
  const projectId = platform.createProject({ name: 'broken' }).id;
  const [op] = platform.startOperations(projectId, [
    { action: 'apply_config', schedulingMs: 0, runningMs: 0, final: 'failed', error: 'compute quota exceeded' },
  ]);

  const run = await runLocalAction(ACTION_DIR, {
    'api-key': key.key,
    'api-url': platform.url,
    'project-id': projectId,
    'operation-ids': op!.id,
    interval: '100ms',
  });

  expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(1);
  expect(run.outputs.status).toBe('failed');
  expect(run.outputs['failed-operation-ids']).toBe(JSON.stringify([op!.id]));
  expect(run.stdout).toContain('::error::');
  expect(run.stderr).toContain('The Action failed (exit status 1)');
  expect(`${run.stdout}${run.stderr}`).not.toContain(key.key);
});

// The READMEs write the inputs, a key among them, to rotate.env and wait.env in the repository root.
it('keeps the .env files the READMEs write out of git', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  for (const file of ['rotate.env', 'wait.env', '.env', '.env.local']) {
    // check-ignore exits 1 (and execFileSync throws) for a path that is not ignored
    expect(() => execFileSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: root }), file).not.toThrow();
  }
});
