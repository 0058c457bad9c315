// The rotation fault matrix at the process level, as a sample that proves the bundle: each fault kind
// once, armed on a request of a different step, kind of key and GitHub credential, so every fault
// kind, step, kind of key and credential meets the bundled Action in a child process. The whole
// matrix (every fault kind on every request of a rotation, for every kind of key and both
// credentials, before and after effect) runs in the simulator (packages/simulator), in one process.
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
import { type RigVariant, recordVariants, variantOptions } from './harness/recorded-rotation.js';
import { armFault, chooseRequest, type RequestChoice } from './harness/request-trace.js';
import { RIG_KINDS, startRotationRig, TARGETS } from './harness/rotation-rig.js';

const PUT_SECRET = /\/secrets\/NEON_API_KEY$/;
const RECORD = /\/actions\/variables\//;

/** Fault kind (by name in FAULT_KINDS) -> where the sample arms it. */
const SAMPLE: Array<{ fault: string; variant: RigVariant; at: RequestChoice }> = [
  { fault: '500 once', variant: 'personal/token', at: { step: 'create', service: 'platform' } },
  { fault: '503 once', variant: 'organization/app', at: { step: 'create', service: 'platform' } },
  // The managing key's revocation keeps failing once every target holds the new key. (A target
  // write that keeps failing, and its rollback, is rotate-key's test "writes the old key back...":
  // the bundle retries a GitHub write for 14 s, which would set this file's wall time.)
  { fault: '502 for good', variant: 'project/token', at: { step: 'revoke', service: 'platform', method: 'DELETE', index: 2 } },
  {
    fault: 'rate limited once (429 + Retry-After: 1; GitHub: primary limit, reset in 1 s)',
    variant: 'personal/app',
    at: { step: 'store', service: 'github', method: 'PUT', path: PUT_SECRET },
  },
  {
    fault: 'rate limited once (429 without Retry-After; GitHub: secondary limit, Retry-After: 1)',
    variant: 'organization/token',
    at: { step: 'preflight', service: 'platform' },
  },
  // A project key's verify step: the new key's own request, then the managing key's listing.
  { fault: 'connection dropped once', variant: 'project/app', at: { step: 'verify', service: 'platform' } },
  {
    fault: 'reply lost after effect once',
    variant: 'personal/token',
    at: { step: 'store', service: 'github', method: 'PUT', path: PUT_SECRET, index: 3 },
  },
  { fault: '401 once', variant: 'organization/app', at: { step: 'verify', service: 'platform' } },
  { fault: '403 once', variant: 'project/token', at: { step: 'preflight', service: 'github', method: 'GET', path: /public-key$/ } },
  { fault: '404 once', variant: 'personal/app', at: { step: 'revoke', service: 'platform', method: 'DELETE' } },
  { fault: '422 once', variant: 'organization/token', at: { step: 'revoke', service: 'github', method: 'PATCH', path: RECORD } },
];

const recorded = await recordVariants(SAMPLE.map((s) => s.variant));
const cases = SAMPLE.map(({ fault, variant, at }) => {
  const kind = FAULT_KINDS.find((k) => k.name === fault);
  if (!kind) throw new Error(`no fault kind named ${fault}`);
  const request = chooseRequest(recorded.get(variant)!, at);
  return { variant, request, kind, outcome: expectedOutcome(request, kind) };
});

describe('the sample', () => {
  it('meets every fault kind, every step, every kind of key and both credentials, and both outcomes', () => {
    expect(cases.map((c) => c.kind.name).sort()).toEqual(FAULT_KINDS.map((k) => k.name).sort());
    expect(new Set(cases.map((c) => c.request.step))).toEqual(new Set(['preflight', 'create', 'verify', 'store', 'revoke']));
    expect(new Set(cases.map((c) => c.variant))).toEqual(new Set(RIG_KINDS.flatMap((k) => [`${k}/token`, `${k}/app`])));
    expect(new Set(cases.map((c) => c.request.service))).toEqual(new Set(['platform', 'github']));
    expect(new Set(cases.map((c) => c.outcome))).toEqual(new Set(['recovers', 'fails']));
  });
});

describe.concurrent('the rotation fault sample, through the bundled Action', () => {
  it.each(cases)('$variant key, $request.label: $kind.name -> $outcome', async ({ variant, request, kind, outcome }) => {
    const rig = await startRotationRig(variantOptions(variant));
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
        if (rig.app)
          expect(
            rig.github.installationTokens(rig.app.id).every((t) => t.revoked),
            'installation tokens revoked',
          ).toBe(true);
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
