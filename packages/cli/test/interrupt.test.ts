// Ctrl-C or SIGTERM during `keyturn rotate` (the packed bin): the run stops going forward, leaves
// every target a working key, and exits 130.

import { expect } from 'vitest';
import { leaksIn, startKeyturn } from './keyturn-process.js';
import { ENV, it, learnHeld, RECORD_REPO, REPO, TOKEN } from './world.js';

it('SIGTERM mid-store: exit 130, every target holds a working key', async ({ world }) => {
  // The second target's write is slow, so the signal arrives while the store step runs: sent once the
  // emulator has taken the fault (the write received), on a timer due long before the delayed answer,
  // so however late this process runs its timers, the signal goes first.
  world.github.faults.add({ method: 'PUT', path: '/repos/acme/web/environments/production/secrets/*', kind: 'delay', ms: 1500, times: 1 });
  const args = ['rotate', '--target', REPO, '--target', ENV, '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls];
  const started = startKeyturn(args, { env: { NEON_API_KEY: world.consoleKey.key, GITHUB_TOKEN: TOKEN } });
  let ended = false;
  void started.done.then(() => (ended = true));
  while (world.github.faults.list().length > 0) {
    expect(ended, 'the run ended before the slow write').toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  started.child.kill('SIGTERM');
  const result = await started.done;

  expect(result.code, result.stderr).toBe(130);
  expect(result.stderr).toContain('SIGTERM: stopping after leaving every target a working key');
  const held = learnHeld(world, [REPO, ENV]);
  expect(held).toHaveLength(2);
  for (const value of held) expect(world.platform.isKeyValid(value), 'each target holds a working key').toBe(true);
  expect(leaksIn(result, world.secrets)).toEqual([]);
  expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: 'aborted' } });
});
