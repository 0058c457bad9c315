// A renamed secret (issue 22, item 5): the old secret's family is settled by the record plan. Its
// keys are revoked once its secret is gone from every target its record names; until then they
// stay valid (a job may read the old secret), named in a warning that says how to finish.

import { describe, expect, it } from 'vitest';
import { deriveFamily } from '../src/family.js';
import { runRotation } from './run.js';
import { ENV, FAMILY, REPO, SECRET, TARGETS, useFreshWorld, type World } from './world.js';

const RENAMED = 'DEPLOY_NEON_API_KEY';
const API = 'repo:acme/api';
const record = { repository: 'acme/web' };

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

const liveKeys = () => world.platform.listKeys().filter((k) => !k.revoked);

async function recordVariables(): Promise<string[]> {
  return (await world.variables()).filter((v) => v.value.includes(`"secret":"`)).map((v) => JSON.parse(v.value).secret as string);
}

const OLD_PATHS: Record<string, string> = {
  [REPO]: `/repos/acme/web/actions/secrets/${SECRET}`,
  [ENV]: `/repos/acme/web/environments/production/secrets/${SECRET}`,
};

async function deleteOld(target: string): Promise<void> {
  expect((await world.githubApi('DELETE', OLD_PATHS[target]!)).status).toBe(204);
}

/** The user renames the secret: the value each target's old secret holds, under the new name. */
function copyToRenamed(): void {
  for (const target of TARGETS) world.github.putSecretValue(target, RENAMED, world.github.secretValue(target, SECRET)!);
}

/** A rotation of the old secret that keeps a record, so its family's record names both targets. */
async function rotateOld(): Promise<number> {
  const run = await runRotation(world, { record });
  expect(run.error?.message).toBeUndefined();
  return run.report!.keyId!;
}

/** Every secret, old name and new, holds a working key; no live key of the rotation is held by none. */
function expectSettled(newFamilyKey: number): void {
  for (const target of TARGETS) {
    for (const name of [SECRET, RENAMED]) {
      const value = world.github.secretValue(target, name);
      if (value !== undefined) expect(world.platform.isKeyValid(value), `${target} ${name} holds a working key`).toBe(true);
    }
  }
  expect(liveKeys().map((k) => k.id)).toEqual([newFamilyKey]);
}

describe('a renamed secret', () => {
  it("deleted everywhere before the run: the old family's keys are revoked and its record deleted in the same run", async () => {
    const oldKey = await rotateOld();
    copyToRenamed();
    for (const target of TARGETS) await deleteOld(target);
    const run = await runRotation(world, {
      record,
      secretName: RENAMED,
      apiKey: world.github.secretValue(REPO, RENAMED),
      revokeKeyIds: [],
    });
    expect(run.error?.message).toBeUndefined();
    expect(run.report!.family).toBe(deriveFamily(ENV, RENAMED));
    expect(run.report!.revokedKeyIds).toContain(oldKey);
    expect(run.logs.map((l) => l.message)).toContainEqual(
      expect.stringMatching(`Revoked key ${oldKey} .*of family ${FAMILY}: no target holds it any more`),
    );
    expect(await recordVariables()).toEqual([RENAMED]);
    expect(world.held()).toEqual([undefined, undefined]);
    expectSettled(run.report!.keyId!);
    const said = JSON.stringify([run.logs, run.report]);
    for (const value of run.createdValues) expect(said).not.toContain(value);
  });

  it('still there: its keys stay valid; named once the rename is half done, and gone at the run after the user deletes it everywhere', async () => {
    const oldKey = await rotateOld();
    copyToRenamed();
    // Still at every target: as another secret its own workflow rotates, nothing to say (issue 35, item 2).
    const first = await runRotation(world, {
      record,
      secretName: RENAMED,
      apiKey: world.github.secretValue(REPO, RENAMED),
      revokeKeyIds: [],
    });
    expect(first.error?.message).toBeUndefined();
    expect(world.platform.isKeyValid(world.github.secretValue(ENV, SECRET)!)).toBe(true);
    expect(first.report!.revokedKeyIds).not.toContain(oldKey);
    expect(first.report!.notices.filter((n) => n.code === 'renamed-secret-keys-valid')).toEqual([]);
    expect(first.logs.filter((l) => l.message.includes(`family ${FAMILY}`))).toEqual([]);

    // Deleted at one target: the key stays (the other still holds it), named with what finishes the rename.
    await deleteOld(REPO);
    const second = await runRotation(world, { record, secretName: RENAMED, apiKey: first.createdValues[0], revokeKeyIds: [] });
    expect(second.error?.message).toBeUndefined();
    expect(second.report!.notices).toEqual([
      expect.objectContaining({
        code: 'renamed-secret-keys-valid',
        family: FAMILY,
        keyIds: [oldKey],
        otherSecret: SECRET,
        gone: [REPO],
        present: [ENV],
        unknown: [],
      }),
    ]);
    expect(second.report!.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Key ${oldKey} of family ${FAMILY} stays valid: its record names the secret ${SECRET}, which still exists at ${ENV}\\. If ${RENAMED} replaced ${SECRET}`,
        ),
      ),
    ]);
    expect(world.platform.isKeyValid(world.github.secretValue(ENV, SECRET)!)).toBe(true);

    await deleteOld(ENV);
    const third = await runRotation(world, { record, secretName: RENAMED, apiKey: second.createdValues[0], revokeKeyIds: [] });
    expect(third.error?.message).toBeUndefined();
    expect(third.report!.revokedKeyIds).toEqual([oldKey, second.report!.keyId]);
    expect(third.report!.warnings.filter((w) => w.includes(FAMILY))).toEqual([]);
    expect(await recordVariables()).toEqual([RENAMED]);
    expectSettled(third.report!.keyId!);
  });

  it('unreadable where the run looks: its keys stay valid and are named, not taken for a secret still there (seed 147452889)', async () => {
    const oldKey = await rotateOld();
    copyToRenamed();
    await deleteOld(REPO);
    await deleteOld(ENV);
    // The repository retired: the new name is not kept there either.
    expect((await world.githubApi('DELETE', `/repos/acme/web/actions/secrets/${RENAMED}`)).status).toBe(204);
    // The old secret is gone everywhere, but each read that would show it is refused once.
    for (const target of TARGETS) world.github.faults.add({ kind: 'status', status: 403, method: 'GET', path: OLD_PATHS[target]! });
    const renamed = { record, secretName: RENAMED, targets: [ENV], retireTargets: [REPO], revokeKeyIds: [] };
    const first = await runRotation(world, { ...renamed, apiKey: world.github.secretValue(ENV, RENAMED) });
    expect(first.error?.message).toBeUndefined();
    expect(first.report!.revokedKeyIds).not.toContain(oldKey);
    const named = first.report!.notices.filter((n) => n.code === 'renamed-secret-keys-valid');
    expect(named).toMatchObject([{ family: FAMILY, keyIds: [oldKey], gone: [], unknown: expect.arrayContaining(TARGETS) }]);
    // The user retires it again, as the notice asks: this time the read shows the secret gone.
    const again = await runRotation(world, { ...renamed, apiKey: world.github.secretValue(ENV, RENAMED) });
    expect(again.error?.message).toBeUndefined();
    expect(again.report!.revokedKeyIds).toContain(oldKey);
  });

  it('with a family given by name: the family and its record follow the rename, the old key goes as an older key', async () => {
    const pinned = { record, family: 'deploy-key' };
    const first = await runRotation(world, { ...pinned, revokeKeyIds: [world.consoleKey.id, world.currentKey.id] });
    expect(first.error?.message).toBeUndefined();
    copyToRenamed();
    for (const target of TARGETS) await deleteOld(target);
    const run = await runRotation(world, { ...pinned, secretName: RENAMED, apiKey: first.createdValues[0], revokeKeyIds: [] });
    expect(run.error?.message).toBeUndefined();
    expect(run.report!.revokedKeyIds).toEqual([first.report!.keyId]);
    expect(run.report!.warnings).toEqual([]);
    expect(await recordVariables()).toEqual([RENAMED]);
    expectSettled(run.report!.keyId!);
  });

  /**
   * The old secret at the repository alone, renamed there; the new name's first run writes the
   * environment, then the repository refuses: the rollback writes the old key back to the
   * environment, under the new name.
   */
  async function oldKeyRolledBackUnderNewName() {
    await deleteOld(ENV);
    const first = await runRotation(world, { record, targets: [REPO] });
    expect(first.error?.message).toBeUndefined();
    const oldValue = first.createdValues[0]!;
    world.github.putSecretValue(REPO, RENAMED, oldValue);
    await deleteOld(REPO);
    world.github.faults.add({
      kind: 'status',
      status: 422,
      method: 'PUT',
      path: `/repos/acme/web/actions/secrets/${RENAMED}`,
      times: 'always',
    });
    const refused = await runRotation(world, { record, secretName: RENAMED, targets: [ENV, REPO], apiKey: oldValue, revokeKeyIds: [] });
    expect(refused.error?.code).toBe('target-failed');
    expect(world.github.secretValue(ENV, RENAMED)).toBe(oldValue);
    world.github.faults.clear();
    return { first, oldKey: first.report!.keyId!, oldValue, refused };
  }

  it('its key, written back by a rollback under the new name at a target then dropped, is not revoked from under it (seed 939651149)', async () => {
    const { first, oldKey, oldValue, refused } = await oldKeyRolledBackUnderNewName();

    // The list replaced: the environment dropped (it holds the old key under the new name), the repository retired.
    world.github.putSecretValue('repo:acme/api', RENAMED, oldValue);
    expect((await world.githubApi('DELETE', `/repos/acme/web/actions/secrets/${RENAMED}`)).status).toBe(204);
    const moved = await runRotation(world, {
      record,
      secretName: RENAMED,
      targets: ['repo:acme/api'],
      retireTargets: [REPO],
      apiKey: oldValue,
      revokeKeyIds: [],
    });
    expect(moved.error?.message).toBeUndefined();
    expect(moved.report!.revokedKeyIds).not.toContain(oldKey);
    expect(world.platform.isKeyValid(world.github.secretValue(ENV, RENAMED)!)).toBe(true);
    expect(moved.report!.warnings).toContainEqual(
      expect.stringMatching(`^Target ${ENV} is no longer in targets but may still hold key ${oldKey} `),
    );

    // Retired as the warning says: then the old key goes.
    expect((await world.githubApi('DELETE', `/repos/acme/web/environments/production/secrets/${RENAMED}`)).status).toBe(204);
    const retired = await runRotation(world, {
      record,
      secretName: RENAMED,
      targets: ['repo:acme/api'],
      retireTargets: [ENV],
      apiKey: world.github.secretValue('repo:acme/api', RENAMED),
      revokeKeyIds: [],
    });
    expect(retired.error?.message).toBeUndefined();
    expect(world.platform.isKeyValid(oldValue)).toBe(false);
    const said = JSON.stringify([first, refused, moved, retired].map((r) => [r.logs, r.report, r.error?.message]));
    for (const value of [...first.createdValues, ...refused.createdValues, ...moved.createdValues, ...retired.createdValues])
      expect(said).not.toContain(value);
  });

  it('its key, written back under the new name at a target dropped while the new record was unreadable, stays valid through the rebuild (seed 77693626)', async () => {
    const { first, oldKey, oldValue, refused } = await oldKeyRolledBackUnderNewName();

    // The new name's record, the only one saying the environment holds the old key, is cut short; the environment leaves the list.
    const renamedRecord = (await world.variables()).find((v) => v.value.includes(`"secret":"${RENAMED}"`))!.name;
    expect(
      (
        await world.githubApi('PATCH', `/repos/acme/web/actions/variables/${renamedRecord}`, {
          name: renamedRecord,
          value: '{"keyturn":2,',
        })
      ).status,
    ).toBe(204);
    const unreadable = await runRotation(world, { record, secretName: RENAMED, targets: [REPO], apiKey: oldValue, revokeKeyIds: [] });
    expect(unreadable.error?.code).toBe('record-failed');
    expect(unreadable.error?.actions).toEqual([{ do: 'rebuild-record' }]);

    // Rebuilt: the old family's record names only the repository, where the old secret is gone, yet its key stays.
    const rebuilt = await runRotation(world, {
      record,
      secretName: RENAMED,
      targets: [REPO],
      rebuildRecord: true,
      apiKey: oldValue,
      revokeKeyIds: [],
    });
    expect(rebuilt.error?.message).toBeUndefined();
    expect(rebuilt.report!.revokedKeyIds).not.toContain(oldKey);
    expect(world.platform.isKeyValid(world.github.secretValue(ENV, RENAMED)!)).toBe(true);
    expect(rebuilt.report!.warnings).toContainEqual(
      expect.stringMatching(`is rebuilt in place of ${renamedRecord}, which cannot be read\\. Keys .*\\b${oldKey}\\b.* were live`),
    );
    expect(rebuilt.report!.warnings).toContainEqual(
      expect.stringMatching(`^Keys ${oldKey} of family ${FAMILY} stay valid, with its record`),
    );

    // Once the environment's secret is deleted, the old key named in revokeKeyIds goes, and the old family's record with it.
    expect((await world.githubApi('DELETE', `/repos/acme/web/environments/production/secrets/${RENAMED}`)).status).toBe(204);
    const named = await runRotation(world, {
      record,
      secretName: RENAMED,
      targets: [REPO],
      apiKey: rebuilt.createdValues[0],
      revokeKeyIds: [oldKey],
    });
    expect(named.error?.message).toBeUndefined();
    expect(named.report!.revokedKeyIds).toContain(oldKey);
    expect(world.platform.isKeyValid(oldValue)).toBe(false);
    expect(await recordVariables()).toEqual([RENAMED]);
    expectSettled(named.report!.keyId!);
    const said = JSON.stringify([first, refused, unreadable, rebuilt, named].map((r) => [r.logs, r.report, r.error?.message]));
    for (const value of [...first.createdValues, ...refused.createdValues, ...rebuilt.createdValues, ...named.createdValues])
      expect(said).not.toContain(value);
  });

  it('its key, written back under the new name at a target then dropped, stays valid when the new record was started by a run that made no key (seed 2078542868)', async () => {
    const oldKey = await rotateOld();
    const oldValue = world.github.secretValue(ENV, SECRET)!;
    // Renamed at the environment; the repository retired rather than given the new name.
    world.github.putSecretValue(ENV, RENAMED, oldValue);
    for (const target of TARGETS) await deleteOld(target);
    const renamed = { record, secretName: RENAMED, retireTargets: [REPO], revokeKeyIds: [] };

    // The new name's first run starts its record (naming the environment, with no key), and the answer to its create is lost.
    world.platform.faults.add({ kind: 'status', status: 500, method: 'POST', path: '/api_keys' });
    const lost = await runRotation(world, { ...renamed, targets: [ENV], apiKey: oldValue });
    expect(lost.error?.code).toBe('create-lost');

    // A target added and written first; the environment refuses: the old key is written back to the added one.
    world.github.faults.add({
      kind: 'status',
      status: 422,
      method: 'PUT',
      path: `/repos/acme/web/environments/production/secrets/${RENAMED}`,
    });
    const refused = await runRotation(world, { ...renamed, targets: [API, ENV], apiKey: oldValue });
    expect(refused.error?.code).toBe('target-failed');
    expect(world.github.secretValue(API, RENAMED)).toBe(oldValue);

    // The added target taken back out: it holds the old key, which stays valid, named in a warning.
    const dropped = await runRotation(world, { ...renamed, targets: [ENV], apiKey: oldValue });
    expect(dropped.error?.message).toBeUndefined();
    expect(dropped.report!.revokedKeyIds).not.toContain(oldKey);
    expect(world.platform.isKeyValid(world.github.secretValue(API, RENAMED)!)).toBe(true);
    expect(dropped.report!.warnings).toContainEqual(
      expect.stringMatching(`^Target ${API} is no longer in targets but may still hold key ${oldKey} `),
    );

    // Retired as the warning says: then the old key goes, and the old family's record with it.
    expect((await world.githubApi('DELETE', `/repos/acme/api/actions/secrets/${RENAMED}`)).status).toBe(204);
    const retired = await runRotation(world, { ...renamed, targets: [ENV], retireTargets: [REPO, API], apiKey: dropped.createdValues[0] });
    expect(retired.error?.message).toBeUndefined();
    expect(retired.report!.revokedKeyIds).toContain(oldKey);
    expect(await recordVariables()).toEqual([RENAMED]);
    expectSettled(retired.report!.keyId!);
    const runs = [lost, refused, dropped, retired];
    const said = JSON.stringify(runs.map((r) => [r.logs, r.report, r.error?.message]));
    for (const value of [oldValue, ...runs.flatMap((r) => r.createdValues)]) expect(said).not.toContain(value);
  });

  it('named at a target no longer listed: its keys stay until that target is retired', async () => {
    const oldKey = await rotateOld();
    world.github.putSecretValue(REPO, RENAMED, world.github.secretValue(REPO, SECRET)!);
    await deleteOld(REPO);
    // The environment keeps the old secret and leaves the list: the run cannot tell what it holds.
    const first = await runRotation(world, {
      record,
      secretName: RENAMED,
      targets: [REPO],
      apiKey: world.github.secretValue(REPO, RENAMED),
      revokeKeyIds: [],
    });
    expect(first.error?.message).toBeUndefined();
    expect(first.report!.warnings).toContainEqual(
      expect.stringMatching(`^Key ${oldKey} of family ${FAMILY} stays valid: .*may exist at ${ENV} \\(not checked`),
    );
    expect(world.platform.isKeyValid(world.github.secretValue(ENV, SECRET)!)).toBe(true);

    await deleteOld(ENV);
    const targetsNow = { targets: [REPO], retireTargets: [ENV] };
    const second = await runRotation(world, {
      record,
      secretName: RENAMED,
      ...targetsNow,
      apiKey: first.createdValues[0],
      revokeKeyIds: [],
    });
    expect(second.error?.message).toBeUndefined();
    expect(second.report!.revokedKeyIds).toContain(oldKey);
    expect(await recordVariables()).toEqual([RENAMED]);
    expect(liveKeys().map((k) => k.id)).toEqual([second.report!.keyId]);
  });
});
