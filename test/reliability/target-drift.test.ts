// Issue 10, defects 1 and 2: the target list changes between runs. A target dropped from the list
// keeps a working key (its key is never revoked, the run says what to do) until it is retired
// explicitly; reordering the targets keeps the family, and keys named by earlier builds are
// recognised; a `#` or a comma inside an environment name is part of the name.

import { createHash } from 'node:crypto';
import { describe, expect, it, type TestContext } from 'vitest';
import { type DriftWorld, expectNobodyLockedOut, expectNoUnheldKey, HOME, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectActionableFailure, expectNoLeaks } from './harness/invariants.js';
import { SECRET_NAME, WRITE_TOKEN } from './harness/rotation-rig.js';

const APP = 'repo:acme/app';
const WEB = 'repo:acme/web';
const QA = 'env:acme/app:qa #1';
const PROD = 'env:acme/app:production';

async function world(onTestFinished: TestContext['onTestFinished']): Promise<DriftWorld> {
  const started = await startDriftWorld();
  onTestFinished(() => started.close());
  return started;
}

const warningsOf = (run: { annotations: Array<{ level: string; message: string }> }) =>
  run.annotations.filter((a) => a.level === 'warning').map((a) => a.message);
/** The target records kept in the home repository: each family with how many targets it names. */
async function recordFamilies(w: DriftWorld): Promise<Array<{ family: string; targets: number }>> {
  const response = await fetch(`${w.github.url}/repos/${HOME}/actions/variables?per_page=30`, {
    headers: { authorization: `token ${WRITE_TOKEN}`, 'user-agent': 'keyturn-test' },
  });
  const { variables } = (await response.json()) as { variables: Array<{ name: string; value: string }> };
  return variables
    .filter((v) => v.name.startsWith('KEYTURN_RECORD_'))
    .map((v) => JSON.parse(v.value) as { family: string; targets: object })
    .map((r) => ({ family: r.family, targets: Object.keys(r.targets).length }));
}
const familyOf = (keyName: string | undefined) => keyName?.replace(/-\d{8}T\d{6}Z-[a-z0-9]+$/, '');

describe.concurrent('targets that change between runs', () => {
  it('a target dropped from the list keeps a working key, the run says what to do, and retiring it explicitly lets the key go', async ({ onTestFinished }) => {
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
      expect.stringMatching(/Target env:acme\/app:production is no longer in targets but may still hold key \d+ .*stays valid.*delete the secret there and name it in retire-targets.*put it back in targets/),
    ]);
    expect(second.summary).toContain('Dropped targets (their keys stay valid)');

    // Retiring it while it still holds the secret is refused before anything changes.
    const refused = await w.rotate([APP], { 'retire-targets': PROD }).done;
    expect(expectActionableFailure(refused)).toMatch(/retired target env:acme\/app:production still holds the secret NEON_API_KEY.*Delete the secret/);
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

  it('a target named again after being dropped is written again and the record narrows to the new key', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed([APP, WEB]);
    for (const targets of [[APP, WEB], [APP], [WEB, APP]]) {
      const run = await w.rotate(targets).done;
      w.learn(run, targets);
      expect(errorsOf(run)).toEqual([]);
      expectNobodyLockedOut(w);
    }
    expect(w.held(APP)).toBe(w.held(WEB));
    expectNoUnheldKey(w);
  });

  it('reordering the targets keeps the family: the previous key is recognised and revoked, nothing is left valid', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed([APP, WEB]);
    const first = await w.rotate([APP, WEB]).done;
    w.learn(first, [APP, WEB]);
    const second = await w.rotate([WEB, APP]).done;
    w.learn(second, [WEB, APP]);
    expect(errorsOf(second)).toEqual([]);
    expect(familyOf(second.outputs['key-name'])).toBe(familyOf(first.outputs['key-name']));
    expect(JSON.parse(second.outputs['revoked-key-ids']!)).toEqual([Number(first.outputs['key-id'])]);
    expect(warningsOf(second)).toEqual([]);
    expectNoUnheldKey(w);
  });

  it('keys named by an earlier build (family from the first target) are recognised after upgrading, whatever the order now', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    // The family earlier builds derived from `targets: repo:acme/web, repo:acme/app` (the first target).
    const hash = createHash('sha256').update(`repo:acme/web\n${SECRET_NAME}`).digest('hex').slice(0, 6);
    const legacyFamily = `keyturn-repo-acme-web-neon-api-key-${hash}`;
    const legacy = w.platform.createKey(`${legacyFamily}-20260101T000000Z-seed`);
    for (const target of [APP, WEB]) w.github.putSecretValue(target, SECRET_NAME, legacy.key, { writtenAt: new Date(Date.now() - 86_400_000) });
    w.secrets.add(legacy.key);
    w.written.add(APP).add(WEB);

    const run = await w.rotate([APP, WEB]).done;
    w.learn(run, [APP, WEB]);
    expect(errorsOf(run)).toEqual([]);
    expect(familyOf(run.outputs['key-name'])).toBe(legacyFamily);
    expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual([legacy.id]);
    expect(warningsOf(run)).toEqual([]);
    expectNobodyLockedOut(w);
    expectNoUnheldKey(w);
  });

  it('a list replaced whole, then the old family\'s last target retired: its keys are revoked and its record deleted, a stopped settlement finished by the next run', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed([APP]);
    const first = await w.rotate([APP]).done;
    w.learn(first, [APP]);
    const oldFamily = familyOf(first.outputs['key-name'])!;
    const appKey = w.held(APP)!;
    // A key of the old family that no target ever held: a run killed before it recorded the key.
    const lost = w.platform.createKey(`${oldFamily}-20260101T000000Z-lost`);
    w.secrets.add(lost.key);

    // The list replaced whole: a new family; the old one's keys stay valid, as acme/app holds one.
    w.seed([WEB]);
    const second = await w.rotate([WEB]).done;
    w.learn(second, [WEB]);
    expect(familyOf(second.outputs['key-name'])).not.toBe(oldFamily);
    expect(w.platform.isKeyValid(appKey)).toBe(true);
    expect(await recordFamilies(w)).toHaveLength(2);

    // acme/app retired; revoking the old family's keys fails: the record stays, naming no target.
    await w.deleteSecret(APP);
    w.platform.faults.add({ method: 'DELETE', path: '/api_keys/*', kind: 'status', status: 403, times: 1 });
    const stopped = await w.rotate([WEB], { 'retire-targets': APP }).done;
    w.learn(stopped, [WEB]);
    expect(errorsOf(stopped)).toEqual([]);
    expect(warningsOf(stopped)).toEqual([expect.stringMatching(new RegExp(`Family ${oldFamily} names no target any more, but settling it failed.*the next rotation of NEON_API_KEY revokes its keys`))]);
    expect(await recordFamilies(w)).toEqual(expect.arrayContaining([{ family: oldFamily, targets: 0 }]));
    expectNobodyLockedOut(w);

    // The next run, without retire-targets, finishes it: nothing of the old family is left.
    const next = await w.rotate([WEB]).done;
    w.learn(next, [WEB]);
    expect(errorsOf(next)).toEqual([]);
    expect(warningsOf(next)).toEqual([]);
    expect(w.platform.isKeyValid(appKey)).toBe(false);
    expect(w.platform.isKeyValid(lost.key)).toBe(false);
    expect((await recordFamilies(w)).map((r) => r.family)).toEqual([familyOf(next.outputs['key-name'])]);
    expectNobodyLockedOut(w);
    expectNoUnheldKey(w);
    for (const run of [first, second, stopped, next]) expectNoLeaks(run, w.secrets);
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
