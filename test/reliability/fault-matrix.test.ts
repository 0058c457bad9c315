// The rotation fault matrix at the process level: every fault kind on every request of a rotation,
// for each kind of key (personal, organization, project-scoped with a managing key): each kind
// records its own requests.
// Each run ends as DESIGN.md promises (recovers, or fails with an `::error::` that says what to do),
// and whatever the outcome, every target holds a working key and no key the run created stays valid
// unless a target holds it.

import { describe, expect, it } from 'vitest';
import { expectedOutcome, FAULT_KINDS } from './harness/fault-kinds.js';
import {
  errorsOf,
  expectActionableFailure,
  expectEveryTargetHoldsAWorkingKey,
  expectNoLeaks,
  expectNoStrandedKey,
  expectTargetsOutputTruthful,
} from './harness/invariants.js';
import { recordRotation } from './harness/recorded-rotation.js';
import { armFault } from './harness/request-trace.js';
import { RIG_KINDS, startRotationRig, TARGETS } from './harness/rotation-rig.js';

const recorded = await Promise.all(RIG_KINDS.map(async (keyKind) => ({ keyKind, requests: await recordRotation({ kind: keyKind }) })));
const cases = recorded.flatMap(({ keyKind, requests }) =>
  requests.flatMap((request) => FAULT_KINDS.map((kind) => ({ keyKind, request, kind, outcome: expectedOutcome(request, kind) }))),
);

describe.concurrent('the rotation fault matrix, through the bundled Action', () => {
  it.each(cases)('$keyKind key, $request.label: $kind.name -> $outcome', async ({ keyKind, request, kind, outcome }) => {
    const rig = await startRotationRig({ kind: keyKind });
    try {
      armFault(rig, request, kind.effect(request.service));
      const run = await rig.rotate().done;
      rig.learn(run);

      // The fault was met: a case that never reaches its request proves nothing.
      const emulator = request.service === 'platform' ? rig.platform : rig.github;
      expect(emulator.log.entries().some((e) => e.fault && e.fault !== 'delay')).toBe(true);

      if (outcome === 'recovers') {
        expect(errorsOf(run)).toEqual([]);
        expect(run.exitCode).toBe(0);
        const keyId = Number(run.outputs['key-id']);
        expect(run.outputs['key-name']).toMatch(/^keyturn-reliability-\d{8}T\d{6}Z-[a-z0-9]+$/);
        expect(JSON.parse(run.outputs.targets!)).toEqual([...TARGETS]);
        expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual(rig.seeded.map((k) => k.id));
        const held = rig.heldValues();
        expect(new Set(held).size).toBe(1);
        expect(rig.platform.isKeyValid(held[0]!)).toBe(true);
        expect(rig.platform.listKeys().find((k) => k.id === keyId)).toMatchObject({ revoked: false });
      } else {
        expectActionableFailure(run);
        // An output key-id names a key that is still live.
        if (run.outputs['key-id']) {
          expect(rig.platform.listKeys().find((k) => k.id === Number(run.outputs['key-id']))).toMatchObject({ revoked: false });
        }
      }
      expectTargetsOutputTruthful(rig, run);
      expectEveryTargetHoldsAWorkingKey(rig);
      expectNoStrandedKey(rig);
      expectNoLeaks(run, rig.secrets);
    } finally {
      await rig.close();
    }
  });
});
