// The crash-and-re-run check the Action passes (test/reliability/crash.test.ts), through the packed
// bin: `keyturn rotate` SIGKILLed while a request hangs, before or after the request took effect, at
// a request of each step that changes something; the next run, with whatever key the secret holds
// then, must succeed and leave one live key of the family, the one every target holds.

import { describe, expect } from 'vitest';
import type { FaultSpec } from '@keyturn/emulator';
import { leaksIn, startKeyturn } from './keyturn-process.js';
import { leaseVariableName } from '@keyturn/rotation/targets';
import { ENV, it, learnHeld, RECORD_REPO, REPO, run, TOKEN } from './world.js';

const CASES: Array<{
  name: string;
  service: 'platform' | 'github';
  fault: Omit<FaultSpec, 'kind'> & { afterEffect: boolean };
  after?: number;
}> = [
  // The second POST: the first takes the lease.
  {
    name: 'the record written, no key yet',
    service: 'github',
    fault: { method: 'POST', path: '/repos/acme/ops/actions/variables', afterEffect: true },
    after: 1,
  },
  {
    name: 'the key created, its value lost with the process',
    service: 'platform',
    fault: { method: 'POST', path: '/api_keys', afterEffect: true },
  },
  {
    name: 'one target written, the other not',
    service: 'github',
    fault: { method: 'PUT', path: '/repos/acme/web/environments/production/secrets/*', afterEffect: false },
  },
  {
    name: 'every target written, the old key being revoked',
    service: 'platform',
    fault: { method: 'DELETE', path: '/api_keys/*', afterEffect: true },
  },
];

describe.concurrent('keyturn rotate killed mid-request, then run again', () => {
  it.for(CASES)('$name', async ({ service, fault, after }, { world }) => {
    const emulator = service === 'platform' ? world.platform : world.github;
    if (after) emulator.faults.add({ method: fault.method, path: fault.path, kind: 'delay', ms: 0, times: after } as FaultSpec);
    emulator.faults.add({ ...fault, kind: 'hang', times: 1 } as FaultSpec);
    const args = [
      'rotate',
      '--target',
      REPO,
      '--target',
      ENV,
      '--record-repo',
      RECORD_REPO,
      '--revoke-key-id',
      String(world.consoleKey.id),
      '--output',
      'json',
      ...world.urls,
    ];
    const crashed = startKeyturn(args, { env: { NEON_API_KEY: world.consoleKey.key, GITHUB_TOKEN: TOKEN } });
    let ended = false;
    void crashed.done.then(() => (ended = true));
    while (!emulator.log.entries().some((entry) => entry.fault === 'hang')) {
      expect(ended, 'the run ended before reaching the hanging request').toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    crashed.child.kill('SIGKILL');
    const crash = await crashed.done;
    expect(crash.signal).toBe('SIGKILL');
    learnHeld(world);
    expect(leaksIn(crash, world.secrets)).toEqual([]);

    // The killed run's lease lapses in 10 minutes; the README says to delete it when the run is known
    // dead, as here, rather than wait.
    const lease = `${world.github.url}/repos/${RECORD_REPO}/actions/variables/${leaseVariableName('NEON_API_KEY', 'personal')}`;
    expect((await fetch(lease, { method: 'DELETE', headers: { authorization: `token ${TOKEN}` } })).status).toBe(204);
    // The next scheduled run: whatever key the repository secret holds now is its NEON_API_KEY.
    const rerun = await run(world, args, { apiKey: world.github.secretValue(REPO, 'NEON_API_KEY')! });
    expect(rerun.code, rerun.stderr).toBe(0);
    const held = learnHeld(world, [REPO, ENV]);
    expect(new Set(held).size, 'every target holds the same key').toBe(1);
    expect(world.platform.isKeyValid(held[0]!), 'the key the targets hold works').toBe(true);
    const live = world.platform.listKeys().filter((k) => !k.revoked);
    expect(
      live.map((k) => k.id),
      'no other key is valid',
    ).toEqual([JSON.parse(rerun.stdout).keyId]);
  });
});
