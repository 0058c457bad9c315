// A SIGKILL sample through the bundled Action: the Action is killed while a request hangs, before or
// after the request takes effect, at one request of each step, across every kind of key and both
// GitHub credentials. Running the Action again with whatever key the secret then holds must succeed
// and leave exactly one live key of the family: the one every target holds (keep 1). Every crash
// point of every kind of key (each request, before and after effect) runs in the simulator
// (packages/simulator), where a crash is a run abandoned at an `await`.

import { deleteLeases } from './harness/record-variables.js';
import { describe, expect, it } from 'vitest';
import { errorsOf, expectNoLeaks, liveKeyIds } from './harness/invariants.js';
import { type RigVariant, recordVariants, variantOptions } from './harness/recorded-rotation.js';
import { armFault, chooseRequest, type RequestChoice, untilHanging } from './harness/request-trace.js';
import { RIG_KINDS, startRotationRig } from './harness/rotation-rig.js';

const PUT_SECRET = /\/secrets\/NEON_API_KEY$/;
const RECORD = /\/actions\/variables$/;

const SAMPLE: Array<{ variant: RigVariant; at: RequestChoice; afterEffect: boolean }> = [
  // The record is made, no key yet.
  { variant: 'personal/token', at: { step: 'preflight', service: 'github', method: 'POST', path: RECORD }, afterEffect: true },
  // The key exists, its value died with the process: the next run must find and revoke it.
  { variant: 'personal/token', at: { step: 'create', service: 'platform' }, afterEffect: true },
  { variant: 'project/token', at: { step: 'verify', service: 'platform' }, afterEffect: true },
  // One target holds the new key, the others the old one.
  { variant: 'organization/app', at: { step: 'store', service: 'github', method: 'PUT', path: PUT_SECRET, index: 2 }, afterEffect: false },
  { variant: 'project/app', at: { step: 'store', service: 'github', method: 'PUT', path: PUT_SECRET, index: 3 }, afterEffect: false },
  { variant: 'organization/token', at: { step: 'store', service: 'github', method: 'PATCH' }, afterEffect: true },
  { variant: 'personal/app', at: { step: 'revoke', service: 'platform', method: 'DELETE' }, afterEffect: true },
];

const recorded = await recordVariants(SAMPLE.map((s) => s.variant));
const cases = SAMPLE.map(({ variant, at, afterEffect }) => {
  const request = chooseRequest(recorded.get(variant)!, at);
  return {
    variant,
    request,
    afterEffect,
    name: `${variant} key, ${request.label}, killed ${afterEffect ? 'after it took' : 'before it takes'} effect`,
  };
});

describe('the sample', () => {
  it('kills at every step, before and after effect, with every kind of key and both credentials', () => {
    expect(new Set(cases.map((c) => c.request.step))).toEqual(new Set(['preflight', 'create', 'verify', 'store', 'revoke']));
    expect(new Set(cases.map((c) => c.afterEffect))).toEqual(new Set([true, false]));
    expect(new Set(cases.map((c) => c.variant))).toEqual(new Set(RIG_KINDS.flatMap((k) => [`${k}/token`, `${k}/app`])));
  });

  it.each([...recorded])('covers the steps of a rotation of a %s key', (variant, requests) => {
    // preflight, create, verify, the back-off check, a public key and a write per target, revocations.
    expect(requests.map((r) => r.step)).toEqual(expect.arrayContaining(['preflight', 'create', 'verify', 'store', 'revoke']));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(3);
    expect(requests.filter((r) => r.service === 'platform' && r.method === 'DELETE')).toHaveLength(2);
    // Each kind reaches its own endpoints: the organization's keys, and a project key's own project.
    // GET /auth (every kind) asks the platform who the current key and the new key are.
    const platformPaths = requests.filter((r) => r.service === 'platform').map((r) => r.path);
    expect(platformPaths.filter((p) => p === '/auth')).toHaveLength(2);
    const keyPaths = platformPaths.filter((p) => p !== '/auth');
    if (variant.startsWith('personal/')) expect(keyPaths.every((p) => p.startsWith('/api_keys'))).toBe(true);
    else expect(keyPaths.filter((p) => p.startsWith('/api_keys'))).toEqual([]);
    if (variant.startsWith('project/')) expect(keyPaths).toContainEqual(expect.stringMatching(/^\/projects\/[^/]+$/));
  });
});

describe.concurrent('a rotation killed mid-request, then run again', () => {
  it.each(cases)('$name', async ({ variant, request, afterEffect }) => {
    const rig = await startRotationRig(variantOptions(variant));
    try {
      armFault(rig, request, { kind: 'hang', afterEffect });
      const crashed = rig.rotate();
      const emulator = request.service === 'platform' ? rig.platform : rig.github;
      await untilHanging(emulator.log, crashed.done);
      await crashed.kill();
      const crash = await crashed.done;
      expect(crash.signal).toBe('SIGKILL');
      rig.learn(crash);
      await deleteLeases(rig.github.url, 'acme/web');

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
