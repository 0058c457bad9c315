// Another family left naming only a retired target is settled by the run that retires it: its
// record forgets the target (saved first), its keys are revoked, its record deleted. When that first
// save fails, the record still names the target and only a run that retires it again settles it:
// the warning says to keep it in retireTargets and names the keys that stay valid, never promising
// that the next run revokes them whatever it retires (simulator seed 9923: the user took the
// target out of retire-targets, and the family's key stayed valid, named by no run). A rebuilt
// record's keys stay until named in revokeKeyIds; every other key of the family that stays with
// them is named as well, and goes with them (seed 1873176435). A renamed secret's record at a
// retired target is held to the same words (seed 1580275210).

import { describe, expect, it } from 'vitest';
import { runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, REPO, useFreshWorld, type World } from './world.js';

const record = { repository: 'acme/web' };

let world: World;
useFreshWorld(
  (fresh) => {
    world = fresh;
  },
  { seedFamilyKey: false },
);

async function recordNames(): Promise<string[]> {
  return (await world.variables()).map((v) => v.name).filter((name) => name.startsWith('KEYTURN_RECORD_'));
}

describe('another family whose only target is retired', () => {
  it('its record could not forget the target: the warning keeps it in retireTargets and names the keys; retired again, they go', async () => {
    // The environment alone: a family of its own, its record naming only ENV.
    const first = await runRotation(world, { record, targets: [ENV], apiKey: world.consoleKey.key, revokeKeyIds: [] });
    expect(first.error?.message).toBeUndefined();
    const envKey = first.report!.keyId!;
    const [envRecord] = await recordNames();
    expect(envRecord).toBeDefined();

    // The secret moves to the repository (a family of its own); the environment is retired.
    expect((await world.githubApi('DELETE', ENV_SECRET_PATH)).status).toBe(204);
    world.github.faults.add({
      kind: 'status',
      status: 502,
      method: 'PATCH',
      path: `/repos/acme/web/actions/variables/${envRecord}`,
      times: 'always',
    });
    const second = await runRotation(world, {
      record,
      targets: [REPO],
      retireTargets: [ENV],
      apiKey: world.consoleKey.key,
      revokeKeyIds: [],
    });
    expect(second.error?.message).toBeUndefined();
    const warned = second.report!.warnings.filter((w) => w.includes(first.report!.family));
    expect(warned).toEqual([
      expect.stringMatching(
        new RegExp(
          `could not forget ${ENV} .*keys ${envKey} of the family stay valid\\. Keep ${ENV} in \`retireTargets\` until a run ends without this warning`,
        ),
      ),
    ]);
    expect(warned[0]).not.toMatch(/the next rotation .* revokes its keys/);
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(true);
    expect(await recordNames()).toContain(envRecord);

    // Kept in retireTargets, as the warning says: the next run settles the family.
    world.github.faults.clear();
    const third = await runRotation(world, {
      record,
      targets: [REPO],
      retireTargets: [ENV],
      apiKey: second.createdValues[0],
      revokeKeyIds: [],
    });
    expect(third.error?.message).toBeUndefined();
    expect(third.report!.revokedKeyIds).toContain(envKey);
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(false);
    expect(await recordNames()).not.toContain(envRecord);
  });

  it("a renamed secret's record at a retired target could not forget it: the same words, and retired again, its keys go (seed 1580275210)", async () => {
    // NEON_API_KEY at the environment alone: its record names only ENV.
    const first = await runRotation(world, { record, targets: [ENV], apiKey: world.consoleKey.key, revokeKeyIds: [] });
    expect(first.error?.message).toBeUndefined();
    const envKey = first.report!.keyId!;
    const [oldRecord] = await recordNames();

    // Renamed to PLATFORM_KEY at the repository; the environment's old secret deleted and the environment retired.
    world.github.putSecretValue(REPO, 'PLATFORM_KEY', world.consoleKey.key);
    expect((await world.githubApi('DELETE', ENV_SECRET_PATH)).status).toBe(204);
    world.github.faults.add({
      kind: 'status',
      status: 403,
      method: 'PATCH',
      path: `/repos/acme/web/actions/variables/${oldRecord}`,
      times: 'always',
    });
    const renamed = { record, secretName: 'PLATFORM_KEY', targets: [REPO], retireTargets: [ENV], revokeKeyIds: [] };
    const second = await runRotation(world, { ...renamed, apiKey: world.consoleKey.key });
    expect(second.error?.message).toBeUndefined();
    const warned = second.report!.warnings.filter((w) => w.includes(first.report!.family));
    expect(warned).toEqual([
      expect.stringMatching(
        new RegExp(
          `could not forget ${ENV} .*keys ${envKey} of the family stay valid\\. Keep ${ENV} in \`retireTargets\` until a run ends without this warning`,
        ),
      ),
    ]);
    expect(warned[0]).not.toMatch(/the next rotation .* revokes its keys/);
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(true);

    // Kept in retireTargets, as the warning says: the next run settles the old secret's family.
    world.github.faults.clear();
    const third = await runRotation(world, { ...renamed, apiKey: second.createdValues[0] });
    expect(third.error?.message).toBeUndefined();
    expect(third.report!.revokedKeyIds).toContain(envKey);
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(false);
    expect(await recordNames()).not.toContain(oldRecord);
  });

  it('its record was rebuilt: the warning names every key that stays; the rebuilt one named in revokeKeyIds, all go once', async () => {
    const first = await runRotation(world, { record, targets: [ENV], apiKey: world.consoleKey.key, revokeKeyIds: [] });
    expect(first.error?.message).toBeUndefined();
    const [envRecord] = await recordNames();
    // The record cut short, then rebuilt: key 1 of the family (first run's) was live then.
    const cut = await world.githubApi('PATCH', `/repos/acme/web/actions/variables/${envRecord}`, {
      name: envRecord,
      value: '{"format":2,',
    });
    expect(cut.status).toBe(204);
    const rebuilt = await runRotation(world, {
      record,
      targets: [ENV],
      rebuildRecord: true,
      apiKey: first.createdValues[0],
      revokeKeyIds: [],
    });
    expect(rebuilt.error?.message).toBeUndefined();
    const [kept, held] = [first.report!.keyId!, rebuilt.report!.keyId!];
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(true);

    // Retired: the family names no target, but its rebuilt key 'kept' stays, and 'held' with it, both named.
    expect((await world.githubApi('DELETE', ENV_SECRET_PATH)).status).toBe(204);
    const moved = await runRotation(world, {
      record,
      targets: [REPO],
      retireTargets: [ENV],
      apiKey: world.consoleKey.key,
      revokeKeyIds: [],
    });
    expect(moved.error?.message).toBeUndefined();
    const warned = moved.report!.warnings.filter((w) => w.includes(rebuilt.report!.family));
    expect(warned).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Keys ${kept} of family .* were live when its record was rebuilt.* Key ${held} of the family stays valid with it until then\\.$`,
        ),
      ),
    ]);
    expect(world.platform.isKeyValid(rebuilt.createdValues[0]!)).toBe(true);

    // The rebuilt key named in revokeKeyIds: it goes, the other with it, the record is deleted.
    const named = await runRotation(world, { record, targets: [REPO], apiKey: moved.createdValues[0], revokeKeyIds: [kept] });
    expect(named.error?.message).toBeUndefined();
    expect([...named.report!.revokedKeyIds].sort()).toEqual([kept, held, moved.report!.keyId!].sort());
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(false);
    expect(world.platform.isKeyValid(rebuilt.createdValues[0]!)).toBe(false);
    expect(await recordNames()).not.toContain(envRecord);
  });

  it('revoking its key is answered 404 though listed live: the record stays, and the next run revokes the key', async () => {
    const first = await runRotation(world, { record, targets: [ENV], apiKey: world.consoleKey.key, revokeKeyIds: [] });
    expect(first.error?.message).toBeUndefined();
    const [envRecord] = await recordNames();
    expect((await world.githubApi('DELETE', ENV_SECRET_PATH)).status).toBe(204);
    world.platform.faults.add({ kind: 'status', status: 404, method: 'DELETE', path: `/api_keys/${first.report!.keyId}` });
    const second = await runRotation(world, {
      record,
      targets: [REPO],
      retireTargets: [ENV],
      apiKey: world.consoleKey.key,
      revokeKeyIds: [],
    });
    expect(second.error?.message).toBeUndefined();
    expect(second.report!.warnings).toContainEqual(
      expect.stringMatching(
        `^The platform answered 404 to revoking key ${first.report!.keyId} .* the record of family ${first.report!.family} stays`,
      ),
    );
    expect(second.report!.revokedKeyIds).not.toContain(first.report!.keyId);
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(true);
    expect(await recordNames()).toContain(envRecord);

    const third = await runRotation(world, { record, targets: [REPO], apiKey: second.createdValues[0], revokeKeyIds: [] });
    expect(third.error?.message).toBeUndefined();
    expect(third.report!.revokedKeyIds).toContain(first.report!.keyId);
    expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(false);
    expect(await recordNames()).not.toContain(envRecord);
  });
});
