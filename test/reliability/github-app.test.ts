// The fault kinds over a GitHub App's own requests, through the bundled Action (app-id,
// private-key): finding the installation and minting its token (the preflight: a fault there
// changes nothing, or is survived) and revoking the token at the end (a failure only warns: the
// token expires within the hour). Each fault kind meets one of the three requests, each request
// meets faults it survives and (in the preflight) faults that fail the run; every fault kind on
// each of them runs in the simulator (packages/simulator). Whatever happens every target holds a
// working key, no key is stranded, every token the run holds is revoked unless its revocation
// failed, and no token, JWT or line of the private key is printed.

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
import { armFault, type TracedRequest } from './harness/request-trace.js';
import { startRotationRig, TARGETS } from './harness/rotation-rig.js';

const isLookup = (r: TracedRequest) => r.method === 'GET' && /^\/repos\/[^/]+\/[^/]+\/installation$/.test(r.path);
const isMint = (r: TracedRequest) => r.method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(r.path);
const isRevocation = (r: TracedRequest) => r.method === 'DELETE' && r.path === '/installation/token';

const requests = (await recordRotation({ credential: 'app' })).filter(
  (r) => r.service === 'github' && (isLookup(r) || isMint(r) || isRevocation(r)),
);
const [lookup, mint, revocation] = requests;
/** Fault kind (by name in FAULT_KINDS) -> the App request it meets. */
const SAMPLE: Array<[fault: string, request: TracedRequest | undefined]> = [
  ['500 once', lookup],
  ['rate limited once (429 without Retry-After; GitHub: secondary limit, Retry-After: 1)', lookup],
  ['403 once', lookup],
  ['404 once', lookup],
  // The token was minted, its answer lost: a token the run never saw.
  ['reply lost after effect once', mint],
  ['503 once', mint],
  ['401 once', mint],
  ['422 once', mint],
  ['502 for good', revocation],
  ['connection dropped once', revocation],
  ['rate limited once (429 + Retry-After: 1; GitHub: primary limit, reset in 1 s)', revocation],
];
const cases = SAMPLE.map(([name, request]) => {
  const kind = FAULT_KINDS.find((k) => k.name === name);
  if (!kind || !request) throw new Error(`no fault kind ${name}, or the clean rotation made no such App request`);
  // Revoking the token ends a rotation that is done: its failure is a warning, never the run's.
  return { request, kind, outcome: isRevocation(request) ? ('recovers' as const) : expectedOutcome(request, kind) };
});

describe('the App requests are what the clean rotation made', () => {
  it('finds the installation, mints one token, and revokes it at the end', () => {
    expect(requests.map((r) => `${r.step}: ${r.method} ${r.path.replace(/\d+/, 'ID')}`)).toEqual([
      'preflight: GET /repos/acme/web/installation',
      'preflight: POST /app/installations/ID/access_tokens',
      'revoke: DELETE /installation/token',
    ]);
  });

  it('meets every fault kind, and both outcomes in the preflight', () => {
    expect(cases.map((c) => c.kind.name).sort()).toEqual(FAULT_KINDS.map((k) => k.name).sort());
    for (const request of [lookup, mint]) {
      expect(new Set(cases.filter((c) => c.request === request).map((c) => c.outcome))).toEqual(new Set(['recovers', 'fails']));
    }
  });
});

describe.concurrent('fault kinds on the GitHub App requests, through the bundled Action', () => {
  it.each(cases)('$request.label: $kind.name -> $outcome', async ({ request, kind, outcome }) => {
    const rig = await startRotationRig({ credential: 'app' });
    try {
      armFault(rig, request, kind.effect(request.service));
      const run = await rig.rotate().done;
      rig.learn(run);
      expect(rig.github.log.entries().some((e) => e.fault && e.fault !== 'delay')).toBe(true);

      if (outcome === 'recovers') {
        expect(errorsOf(run)).toEqual([]);
        expect(run.exitCode).toBe(0);
        expect(JSON.parse(run.outputs.targets!)).toEqual([...TARGETS]);
        expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual(rig.seeded.map((k) => k.id));
        const held = rig.heldValues();
        expect(new Set(held).size).toBe(1);
        expect(rig.platform.isKeyValid(held[0]!)).toBe(true);
      } else {
        const error = expectActionableFailure(run);
        // Refused in the preflight: no key was made.
        expect(error).toMatch(/GitHub App|installation/);
        expect(run.outputs['key-id'] ?? '').toBe('');
        expect(rig.platform.listKeys().filter((k) => !k.revoked)).toHaveLength(rig.seeded.length);
      }

      // Every token the run holds is revoked; one stays live (expiring within the hour) only when its
      // revocation failed, said in a warning, or when a mint's answer was lost (the run never saw it).
      const tokens = rig.github.installationTokens(rig.app!.id);
      const live = tokens.filter((t) => !t.revoked);
      const unseen = isMint(request) && kind.ambiguous ? 1 : 0;
      expect(live.length).toBeLessThanOrEqual(isRevocation(request) ? 1 : unseen);
      if (isRevocation(request) && live.length) {
        expect(run.annotations.filter((a) => a.level === 'warning').map((a) => a.message)).toContainEqual(
          expect.stringMatching(/^Revoking the GitHub App's installation token for acme failed \(.+\); it expires within the hour\.$/),
        );
      }

      expectTargetsOutputTruthful(rig, run);
      expectEveryTargetHoldsAWorkingKey(rig);
      expectNoStrandedKey(rig);
      expectNoLeaks(run, rig.secrets);
      expect(run.masks.filter((mask) => mask.startsWith('ghs_')).length).toBeGreaterThanOrEqual(tokens.length - unseen);
      const printed = [run.visibleStdout, run.stderr, run.summary, ...Object.values(run.outputs)].join('\n');
      expect(printed).not.toMatch(/ghs_[A-Za-z0-9_]{16,}/);
      expect(printed).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
    } finally {
      await rig.close();
    }
  });
});
