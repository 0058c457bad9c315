// Crash at every step: for each request of a rotation, the Action is SIGKILLed while that request
// hangs, once before the request takes effect and once after. Running the Action again with
// whatever key the secret then holds must succeed and leave exactly one live key of the family:
// the one every target holds (keep 1). Each kind of key records its own requests and is killed at each.

import { describe, expect, it } from 'vitest';
import { errorsOf, expectNoLeaks, liveKeyIds } from './harness/invariants.js';
import { recordRotation } from './harness/recorded-rotation.js';
import { armFault, untilHanging } from './harness/request-trace.js';
import { RIG_KINDS, startRotationRig } from './harness/rotation-rig.js';

const recorded = await Promise.all(RIG_KINDS.map(async (keyKind) => ({ keyKind, requests: await recordRotation({ kind: keyKind }) })));
const cases = recorded.flatMap(({ keyKind, requests }) =>
  requests.flatMap((request) => [
    { keyKind, request, afterEffect: false, name: `${keyKind} key, ${request.label}, killed before it takes effect` },
    { keyKind, request, afterEffect: true, name: `${keyKind} key, ${request.label}, killed after it took effect` },
  ]),
);

describe.concurrent('a rotation killed at every request, then run again', () => {
  it.each(recorded)('covers every request of a rotation of a $keyKind key', ({ keyKind, requests }) => {
    // preflight, create, verify, the back-off check, a public key and a write per target, revocations.
    expect(requests.map((r) => r.step)).toEqual(expect.arrayContaining(['preflight', 'create', 'verify', 'store', 'revoke']));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(3);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
    // Each kind reaches its own endpoints: the organization's keys, and a project key's own project.
    const keyPaths = requests.filter((r) => r.service === 'platform').map((r) => r.path);
    if (keyKind === 'personal') expect(keyPaths.every((p) => p.startsWith('/api_keys'))).toBe(true);
    else expect(keyPaths.filter((p) => p.startsWith('/api_keys'))).toEqual([]);
    if (keyKind === 'project') expect(keyPaths).toContainEqual(expect.stringMatching(/^\/projects\/[^/]+$/));
  });

  it.each(cases)('$name', async ({ keyKind, request, afterEffect }) => {
    const rig = await startRotationRig({ kind: keyKind });
    try {
      armFault(rig, request, { kind: 'hang', afterEffect });
      const crashed = rig.rotate();
      const emulator = request.service === 'platform' ? rig.platform : rig.github;
      await untilHanging(emulator.log, crashed.done);
      await crashed.kill();
      const crash = await crashed.done;
      expect(crash.signal).toBe('SIGKILL');
      rig.learn(crash);

      // The next scheduled run: whatever key the secret holds now is its api-key.
      const rerun = await rig.rotate({ 'api-key': rig.heldValues()[0]! }).done;
      rig.learn(rerun);

      expect(errorsOf(rerun)).toEqual([]);
      expect(rerun.exitCode).toBe(0);
      const held = rig.heldValues();
      expect(new Set(held).size, 'every target holds the same key').toBe(1);
      expect(rig.platform.isKeyValid(held[0]!), 'the key the targets hold works').toBe(true);
      expect(liveKeyIds(rig.platform), 'no other key of the family is valid').toEqual([Number(rerun.outputs['key-id'])]);
      expectNoLeaks(crash, rig.secrets);
      expectNoLeaks(rerun, rig.secrets);
    } finally {
      await rig.close();
    }
  });
});
