// Two rotations of the same family at once. With the workflow's `concurrency:` group (see
// examples/rotate-key.yml) the second run waits for the first; without it, the rotation's own rules
// are all that stand between them: back off before storing when a newer key of the family exists,
// and never revoke a family key that appeared during the run. Each run talks through its own
// proxies, so the interleaving is set by the test, not by the scheduler.

import { describe, expect, it, type TestContext } from 'vitest';
import type { ProbedRun } from './harness/action-process.js';
import { type GatedProxy, startGatedProxy } from './harness/gated-proxy.js';
import { errorsOf, expectEveryTargetHoldsAWorkingKey, expectNoLeaks, liveKeyIds } from './harness/invariants.js';
import { type RotationRig, startRotationRig } from './harness/rotation-rig.js';

const API_KEYS = '/api/v2/api_keys';
const REPO_WRITE = '/repos/acme/web/actions/secrets/NEON_API_KEY';

interface Runner {
  platform: GatedProxy;
  github: GatedProxy;
  start(): Promise<ProbedRun>;
}

/** A run of its own: own proxies to both emulators, the key the secret holds when it starts. */
async function runner(rig: RotationRig, onTestFinished: TestContext['onTestFinished']): Promise<Runner> {
  const platform = await startGatedProxy(rig.platform.origin);
  const github = await startGatedProxy(rig.github.url);
  onTestFinished(() => Promise.all([platform.close(), github.close()]).then(() => undefined));
  return {
    platform,
    github,
    start: () =>
      rig.rotate({ 'api-url': `${platform.origin}/api/v2` }, { env: { GITHUB_API_URL: github.origin } }).done,
  };
}

async function rig(onTestFinished: TestContext['onTestFinished']): Promise<RotationRig> {
  const started = await startRotationRig();
  onTestFinished(() => started.close());
  return started;
}

function expectConverged(rotation: RotationRig, winner: ProbedRun): void {
  const held = rotation.heldValues();
  expect(new Set(held).size).toBe(1);
  expect(rotation.platform.isKeyValid(held[0]!)).toBe(true);
  expect(liveKeyIds(rotation.platform)).toEqual([Number(winner.outputs['key-id'])]);
}

describe.concurrent('two rotations of one family', () => {
  it('in a concurrency group: the second waits for the first, and both succeed', async ({ onTestFinished }) => {
    const rotation = await rig(onTestFinished);
    const first = await (await runner(rotation, onTestFinished)).start();
    rotation.learn(first);
    // A queued run reads its secrets when it starts: the key the first run stored.
    const second = await (await runner(rotation, onTestFinished)).start();
    rotation.learn(second);
    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
    expect(JSON.parse(second.outputs['revoked-key-ids']!)).toEqual([Number(first.outputs['key-id'])]);
    expectConverged(rotation, second);
    for (const run of [first, second]) expectNoLeaks(run, rotation.secrets);
  });

  it('started together, both keys created before either stores: the older yields and revokes its own key', async ({
    onTestFinished,
  }) => {
    const rotation = await rig(onTestFinished);
    const [x, y] = [await runner(rotation, onTestFinished), await runner(rotation, onTestFinished)];
    // Each create takes effect at once; its reply waits until the other's key exists too.
    const created = [x.platform.hold('POST', API_KEYS, 'reply'), y.platform.hold('POST', API_KEYS, 'reply')];
    const runs = Promise.all([x.start(), y.start()]);
    await Promise.all(created.map((gate) => gate.reached));
    for (const gate of created) gate.release();
    const [rx, ry] = await runs;
    for (const run of [rx, ry]) rotation.learn(run);

    const [winner, loser, loserProxy] = rx.exitCode === 0 ? [rx, ry, y] : [ry, rx, x];
    expect(winner.exitCode).toBe(0);
    expect(loser.exitCode).toBe(1);
    expect(errorsOf(loser)).toEqual([
      expect.stringMatching(/A newer key of family keyturn-reliability exists.*revoked its own new key.*Nothing to do if the other rotation succeeds/),
    ]);
    expect(loser.outputs['key-id']).toBe('');
    expect(loserProxy.github.seen.filter((request) => request.startsWith('PUT'))).toEqual([]);
    expectConverged(rotation, winner);
    for (const run of [rx, ry]) expectNoLeaks(run, rotation.secrets);
  });

  it('one a moment behind, slowed between its writes while the other runs to the end: it stops before writing a key the other made stale', async ({
    onTestFinished,
  }) => {
    const rotation = await rig(onTestFinished);
    const [x, y] = [await runner(rotation, onTestFinished), await runner(rotation, onTestFinished)];
    const xStores = x.github.hold('PUT', REPO_WRITE, 'request');
    const yCreates = y.platform.hold('POST', API_KEYS, 'request');
    const runX = x.start();
    const runY = y.start();
    // X passed its back-off check (no newer key existed) and is storing; only now does Y create.
    await Promise.all([xStores.reached, yCreates.reached]);
    // X's check before its next write is slow (a rate limit, a slow network) while Y runs to the end.
    const xChecks = x.platform.hold('GET', API_KEYS, 'request');
    xStores.release();
    yCreates.release();
    await xChecks.reached;
    const ry = await runY;
    xChecks.release();
    const rx = await runX;
    for (const run of [rx, ry]) rotation.learn(run);

    expect(ry.exitCode).toBe(0);
    expect(rx.exitCode).toBe(1);
    expect(errorsOf(rx)).toEqual([expect.stringMatching(/concurrency/)]);
    expect(x.github.seen.filter((request) => request.startsWith('PUT'))).toEqual([`PUT ${REPO_WRITE}`]);
    expectEveryTargetHoldsAWorkingKey(rotation);
    // The next run converges: one key, held everywhere.
    const next = await (await runner(rotation, onTestFinished)).start();
    rotation.learn(next);
    expect(next.exitCode).toBe(0);
    expectConverged(rotation, next);
    for (const run of [rx, ry, next]) expectNoLeaks(run, rotation.secrets);
  });
});
