// Issue 10, defects 1 and 2, through the bundled Action: a target dropped from the list keeps a
// working key (its key is never revoked, the run's warning and job summary say what to do) until it
// is retired explicitly with the retire-targets input; a `#` or a comma inside an environment name in
// the targets input is part of the name. A target named again, reordered targets, keys named by
// earlier builds and a list replaced whole run in process: packages/rotation's test/target-drift.test.ts.

import { describe, expect, it, type TestContext } from 'vitest';
import { type DriftWorld, expectNobodyLockedOut, expectNoUnheldKey, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectActionableFailure, expectNoLeaks } from './harness/invariants.js';
import { SECRET_NAME } from './harness/rotation-rig.js';

const APP = 'repo:acme/app';
const QA = 'env:acme/app:qa #1';
const PROD = 'env:acme/app:production';

async function world(onTestFinished: TestContext['onTestFinished']): Promise<DriftWorld> {
  const started = await startDriftWorld();
  onTestFinished(() => started.close());
  return started;
}

const warningsOf = (run: { annotations: Array<{ level: string; message: string }> }) =>
  run.annotations.filter((a) => a.level === 'warning').map((a) => a.message);

describe.concurrent('targets that change between runs', () => {
  it('a target dropped from the list keeps a working key, the run says what to do, and retiring it explicitly lets the key go', async ({
    onTestFinished,
  }) => {
    const w = await world(onTestFinished);
    w.seed([APP, PROD]);
    const first = await w.rotate([APP, PROD]).done;
    w.learn(first, [APP, PROD]);
    expect(first.exitCode).toBe(0);
    const qaKey = w.held(PROD)!;

    // The user edits the list: the environment is gone from it. Its secret still shadows the repository's.
    const second = await w.rotate([APP]).done;
    w.learn(second, [APP]);
    expect(errorsOf(second)).toEqual([]);
    expect(second.exitCode).toBe(0);
    expect(w.platform.isKeyValid(qaKey), 'the key the dropped target holds stays valid').toBe(true);
    expectNobodyLockedOut(w);
    expect(warningsOf(second)).toEqual([
      expect.stringMatching(
        /Target env:acme\/app:production is no longer in targets but may still hold key \d+ .*stays valid.*delete the secret there and name it in retire-targets.*put it back in targets/,
      ),
    ]);
    expect(second.summary).toContain('Dropped targets (their keys stay valid)');

    // Retiring it while it still holds the secret is refused before anything changes.
    const refused = await w.rotate([APP], { 'retire-targets': PROD }).done;
    expect(expectActionableFailure(refused)).toMatch(
      /retired target env:acme\/app:production still holds the secret NEON_API_KEY.*Delete the secret/,
    );
    expect(w.platform.isKeyValid(qaKey)).toBe(true);

    // Deleted there, then retired: the record forgets it, and its key goes with the next rotation.
    await w.deleteSecret(PROD);
    const retired = await w.rotate([APP], { 'retire-targets': PROD }).done;
    w.learn(retired, [APP]);
    expect(errorsOf(retired)).toEqual([]);
    expect(w.platform.isKeyValid(qaKey), 'the retired target key is revoked').toBe(false);
    expect(warningsOf(retired)).toEqual([]);
    expectNobodyLockedOut(w);
    expectNoUnheldKey(w);
    for (const run of [first, second, refused, retired]) expectNoLeaks(run, w.secrets);
  });

  it('an environment name with " #" and a comma is the environment named, never another one', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    const targets = [QA, 'env:acme/web:staging, eu'];
    w.seed(targets);
    const run = await w.rotate(targets).done;
    w.learn(run, targets);
    expect(errorsOf(run)).toEqual([]);
    expect(JSON.parse(run.outputs.targets!)).toEqual(targets);
    const value = w.held(QA)!;
    expect(value).not.toBe(w.consoleKey.key);
    expect(w.platform.isKeyValid(value)).toBe(true);
    expect(w.held('env:acme/web:staging, eu')).toBe(value);
    // The environment `qa` (what a comment would have left of the name) was never written.
    expect(w.github.secretValue('env:acme/app:qa', SECRET_NAME)).toBeUndefined();
    expectNoLeaks(run, w.secrets);
  });
});
