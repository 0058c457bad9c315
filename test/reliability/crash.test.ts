// Crash at every step: for each request of a rotation, the Action is SIGKILLed while that request
// hangs, once before the request takes effect and once after. Running the Action again with
// whatever key the secret then holds must succeed and leave exactly one live key of the family:
// the one every target holds (keep 1).

import { describe, expect, it } from 'vitest';
import { errorsOf, expectNoLeaks, liveKeyIds } from './harness/invariants.js';
import { recordRotation } from './harness/recorded-rotation.js';
import { armFault, untilHanging } from './harness/request-trace.js';
import { startRotationRig } from './harness/rotation-rig.js';

const requests = await recordRotation();
const cases = requests.flatMap((request) => [
  { request, afterEffect: false, name: `${request.label}, killed before it takes effect` },
  { request, afterEffect: true, name: `${request.label}, killed after it took effect` },
]);

describe.concurrent('a rotation killed at every request, then run again', () => {
  it('covers every request of a rotation', () => {
    // preflight, create, verify, the back-off check, a public key and a write per target, revocations.
    expect(requests.map((r) => r.step)).toEqual(expect.arrayContaining(['preflight', 'create', 'verify', 'store', 'revoke']));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(3);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });

  it.each(cases)('$name', async ({ request, afterEffect }) => {
    const rig = await startRotationRig();
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
