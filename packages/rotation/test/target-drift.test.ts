// Issue 10, defect 1: the target list changes between runs, in process (moved from
// test/reliability/target-drift.test.ts, which keeps what proves the bundled Action: a dropped
// target's warning and job summary, the retire-targets input, an environment name with ` #` in the
// targets input and the targets output). A target named again after being dropped is written again;
// reordering the targets keeps the family, and keys named by earlier builds are recognised whatever
// the order; a list replaced whole starts a new family, and the old one is settled once its last
// target is retired, a settlement stopped by a failure finished by the next run.

import { describe, expect, it, onTestFinished } from 'vitest';
import { type RotationRun, runRotation } from './run.js';
import { ENV, FAMILY, REPO, REPO_SECRET_PATH, SECRET, startWorld, TARGETS, useFreshWorld, type World } from './world.js';

const record = { repository: 'acme/web' };

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

/** A world where both targets hold the console key, as before a user's first rotation (the file's world is closed as usual; this one too). */
async function consoleKeyWorld(): Promise<void> {
  const fresh = await startWorld({ seedFamilyKey: false });
  onTestFinished(() => fresh.close());
  world = fresh;
}

/** The run over `targets` from what the first of them holds, with the record, naming no key to revoke, as the Action runs it. */
async function rotate(targets: string[], options: Parameters<typeof runRotation>[1] = {}): Promise<RotationRun> {
  const apiKey = world.github.secretValue(targets[0]!, SECRET)!;
  const run = await runRotation(world, { record, targets, apiKey, revokeKeyIds: [], ...options });
  expect(run.error?.message).toBeUndefined();
  // Nothing it said shows a key value.
  const said = JSON.stringify([run.logs, run.report]);
  for (const value of [apiKey, ...run.createdValues]) expect(said).not.toContain(value);
  return run;
}

/** Every target that holds the secret holds a working key. */
function expectNobodyLockedOut(): void {
  for (const target of TARGETS) {
    const value = world.github.secretValue(target, SECRET);
    if (value !== undefined) expect(world.platform.isKeyValid(value), `${target} holds a working key`).toBe(true);
  }
}

/** Every live key but the console key is held by a target. */
function expectNoUnheldKey(): void {
  const held = new Set(TARGETS.map((t) => world.platform.keyIdOf(world.github.secretValue(t, SECRET) ?? '')));
  const live = world.platform.listKeys().filter((k) => !k.revoked && k.id !== world.consoleKey.id);
  expect(
    live.filter((k) => !held.has(k.id)).map((k) => k.id),
    'live keys held by no target',
  ).toEqual([]);
}

/** The target records: each family with how many groups of targets it names. */
async function recordFamilies(): Promise<Array<{ family: string; targets: number }>> {
  return (await world.variables())
    .filter((v) => v.name.startsWith('KEYTURN_RECORD_'))
    .map((v) => JSON.parse(v.value) as { family: string; targets: object })
    .map((r) => ({ family: r.family, targets: Object.keys(r.targets).length }));
}

describe('targets that change between runs', () => {
  it('a target named again after being dropped is written again and the record narrows to the new key', async () => {
    await consoleKeyWorld();
    for (const targets of [[REPO, ENV], [REPO], [ENV, REPO]]) {
      await rotate(targets);
      expectNobodyLockedOut();
    }
    expect(world.github.secretValue(REPO, SECRET)).toBe(world.github.secretValue(ENV, SECRET));
    expectNoUnheldKey();
  });

  it('reordering the targets keeps the family: the previous key is recognised and revoked, nothing is left valid', async () => {
    await consoleKeyWorld();
    const first = await rotate([REPO, ENV]);
    const second = await rotate([ENV, REPO]);
    expect(second.report!.family).toBe(first.report!.family);
    expect(second.report!.revokedKeyIds).toEqual([first.report!.keyId]);
    expect(second.report!.warnings).toEqual([]);
    expectNoUnheldKey();
  });

  it('keys named by an earlier build (family from the first target) are recognised after upgrading, whatever the order now', async () => {
    // The world's key is named as earlier builds named the family of `targets: repo:acme/web, ...` (its first target).
    const run = await rotate([ENV, REPO]);
    expect(run.report!.family).toBe(FAMILY);
    expect(run.report!.revokedKeyIds).toEqual([world.currentKey.id]);
    expect(run.report!.warnings).toEqual([]);
    expectNobodyLockedOut();
    expectNoUnheldKey();
  });

  it("a list replaced whole, then the old family's last target retired: its keys are revoked and its record deleted, a stopped settlement finished by the next run", async () => {
    await consoleKeyWorld();
    const first = await rotate([REPO]);
    const oldFamily = first.report!.family;
    const repoKey = world.github.secretValue(REPO, SECRET)!;
    // A key of the old family that no target ever held: a run killed before it recorded the key.
    const lost = world.platform.createKey(`${oldFamily}-20260101T000000Z-lost`);

    // The list replaced whole: a new family; the old one's keys stay valid, as acme/web holds one.
    const second = await rotate([ENV]);
    expect(second.report!.family).not.toBe(oldFamily);
    expect(world.platform.isKeyValid(repoKey)).toBe(true);
    expect(await recordFamilies()).toHaveLength(2);

    // The repository retired; revoking the old family's keys fails: the record stays, naming no target.
    expect((await world.githubApi('DELETE', REPO_SECRET_PATH)).status).toBe(204);
    world.platform.faults.add({ method: 'DELETE', path: '/api_keys/*', kind: 'status', status: 403, times: 1 });
    const stopped = await rotate([ENV], { retireTargets: [REPO] });
    expect(stopped.report!.warnings).toEqual([
      expect.stringMatching(
        new RegExp(`Family ${oldFamily} names no target any more, but settling it failed.*the next rotation of ${SECRET} revokes its keys`),
      ),
    ]);
    expect(await recordFamilies()).toEqual(expect.arrayContaining([{ family: oldFamily, targets: 0 }]));
    expectNobodyLockedOut();

    // The next run, without retireTargets, finishes it: nothing of the old family is left.
    const next = await rotate([ENV]);
    expect(next.report!.warnings).toEqual([]);
    expect(world.platform.isKeyValid(repoKey)).toBe(false);
    expect(world.platform.isKeyValid(lost.key)).toBe(false);
    expect((await recordFamilies()).map((r) => r.family)).toEqual([next.report!.family]);
    expectNobodyLockedOut();
    expectNoUnheldKey();
  });
});
