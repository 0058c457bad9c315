// The way the README gives to try a change locally: GitHub's @github/local-action runs the Action
// from its folder (src/index.ts, on Node 24) against the emulator, and shows its outputs.

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
  expect(run.stdout.match(/Done: 1 operation\(s\) finished/g)).toHaveLength(1);
  expect(`${run.stdout}${run.stderr}`).not.toContain(key.key);
});
