// Emergency rotation (`leakedKey`, README "When a key leaks"): the leaked key is revoked as soon as
// every target holds the new key, whatever keep and the record say; a target that cannot be
// written, or a dropped one that held it, is named as left without a working key and the run
// fails; a key no record knows is refused before anything changes. Against the emulators.

import { describe, expect, it } from 'vitest';
import { checkRotateKeyOptions, keyFingerprint } from '../src/index.js';
import { type RotationRun, runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, REPO, SECRET, TARGETS, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

const RECORD = { repository: 'acme/web' };

/** A first rotation with a record: its key is the one that leaks, known by id and fingerprint. */
async function rotatedOnce(targets = TARGETS): Promise<{ id: number; value: string }> {
  const first = await runRotation(world, { targets, record: RECORD });
  expect(first.error?.message).toBeUndefined();
  return { id: first.report!.keyId!, value: first.createdValues[0]! };
}

function said(run: RotationRun): string {
  return [...run.logs.map((l) => l.message), run.error?.message ?? '', JSON.stringify(run.report ?? run.error?.report ?? {})].join('\n');
}

describe('emergency rotation', () => {
  it('revokes the leaked key (named by fingerprint) once every target holds the new key, whatever keep says', async () => {
    const leaked = await rotatedOnce();
    const run = await runRotation(world, {
      apiKey: leaked.value,
      record: RECORD,
      keep: 2,
      leakedKey: { fingerprint: keyFingerprint(leaked.value) },
    });
    expect(run.error?.message).toBeUndefined();
    expect(world.platform.isKeyValid(leaked.value)).toBe(false);
    expect(world.held()).toEqual([run.createdValues[0], run.createdValues[0]]);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(true);
    const leak = run.report!.leak!;
    expect(leak).toMatchObject({ keyId: leaked.id, revoked: true, heldBy: TARGETS, unwritten: [] });
    expect(leak.msToRevocation).toBeGreaterThanOrEqual(0);
    expect(run.report!.revokedKeyIds).toContain(leaked.id);
    expect(said(run)).not.toContain(leaked.value);
    expect(said(run)).not.toContain(run.createdValues[0]);
  });

  it('by id: revokes the leaked key also when a target cannot be written, names that target, and fails', async () => {
    const leaked = await rotatedOnce();
    world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: ENV_SECRET_PATH, times: 'always' });
    const run = await runRotation(world, { apiKey: leaked.value, record: RECORD, leakedKey: { id: leaked.id } });
    expect(run.error?.code).toBe('leaked-key-left');
    expect(world.platform.isKeyValid(leaked.value)).toBe(false);
    // No rollback to the leaked key: the repository holds the new key, the environment is named.
    expect(world.held()).toEqual([run.createdValues[0], leaked.value]);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(true);
    expect(run.error!.report.leak).toMatchObject({ keyId: leaked.id, revoked: true, unwritten: [ENV] });
    expect(run.error!.message).toContain(`${ENV} is left without a working key`);
    expect(run.error!.advice).toMatch(/Fix what kept/);
    expect(said(run)).not.toContain(leaked.value);
  });

  it('with no target written, revokes its own new key and the leaked key, and names every target', async () => {
    const leaked = await rotatedOnce();
    world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', times: 'always' });
    const run = await runRotation(world, { apiKey: leaked.value, record: RECORD, leakedKey: { id: leaked.id } });
    expect(run.error?.code).toBe('leaked-key-left');
    expect(world.platform.isKeyValid(leaked.value)).toBe(false);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    expect(run.error!.report.leak?.unwritten).toEqual(TARGETS);
  });

  it('revokes the leaked key that a dropped target holds, names that target, and fails after the usual revocations', async () => {
    const leaked = await rotatedOnce();
    const run = await runRotation(world, { apiKey: leaked.value, record: RECORD, targets: [REPO], leakedKey: { id: leaked.id } });
    expect(run.error?.code).toBe('leaked-key-left');
    expect(world.platform.isKeyValid(leaked.value)).toBe(false);
    expect(world.github.secretValue(REPO, SECRET)).toBe(run.createdValues[0]);
    expect(run.error!.report.leak).toMatchObject({ revoked: true, heldBy: TARGETS, unwritten: [ENV] });
    expect(run.error!.advice).toContain('retireTargets');
  });

  it('keeps the usual rules for every other key: a dropped target holding another key keeps it', async () => {
    // ENV holds key A (dropped later); the repository rotates on to B, which leaks.
    const a = await rotatedOnce();
    const b = await runRotation(world, { apiKey: a.value, record: RECORD, targets: [REPO] });
    expect(b.error?.message).toBeUndefined();
    const bValue = b.createdValues[0]!;
    const run = await runRotation(world, {
      apiKey: bValue,
      record: RECORD,
      targets: [REPO],
      leakedKey: { fingerprint: keyFingerprint(bValue) },
    });
    expect(run.error?.message).toBeUndefined();
    expect(world.platform.isKeyValid(bValue)).toBe(false);
    expect(world.platform.isKeyValid(a.value)).toBe(true);
    expect(world.github.secretValue(ENV, SECRET)).toBe(a.value);
    expect(run.report!.leak).toMatchObject({ heldBy: [REPO], unwritten: [] });
  });

  it('run again, acknowledged, after a target could not be written: the leaked key is found already revoked, and every target gets a working key', async () => {
    const leaked = await rotatedOnce();
    world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: ENV_SECRET_PATH, times: 'always' });
    const first = await runRotation(world, { apiKey: leaked.value, record: RECORD, leakedKey: { id: leaked.id } });
    expect(first.error?.code).toBe('leaked-key-left');
    world.github.faults.clear();
    // A target left without a working key gets the family stuck (README, "A stuck family"): a run makes no key until acknowledged.
    const stuck = await runRotation(world, { apiKey: first.createdValues[0]!, record: RECORD, leakedKey: { id: leaked.id } });
    expect(stuck.error?.code).toBe('stuck');
    expect(stuck.error!.report.notices).toMatchObject([{ code: 'stuck', reason: 'left-without-key' }]);
    const again = await runRotation(world, {
      apiKey: first.createdValues[0]!,
      record: RECORD,
      leakedKey: { id: leaked.id },
      acknowledge: true,
    });
    expect(again.error?.message).toBeUndefined();
    expect(again.report!.notices.map((n) => n.code)).toContain('stuck-acknowledged');
    expect(again.report!.leak).toMatchObject({ keyId: leaked.id, revoked: true, unwritten: [] });
    expect(again.report!.leak!.msToRevocation).toBeUndefined();
    expect(world.held()).toEqual([again.createdValues[0], again.createdValues[0]]);
    expect(world.platform.isKeyValid(again.createdValues[0]!)).toBe(true);
  });

  it('a failure before the leaked key is revoked says it is still valid', async () => {
    const leaked = await rotatedOnce();
    // A 403 to the create: refused, nothing made.
    world.platform.faults.add({ kind: 'status', status: 403, method: 'POST', path: '/api_keys', times: 'always' });
    const run = await runRotation(world, { apiKey: leaked.value, record: RECORD, leakedKey: { id: leaked.id } });
    expect(run.error?.code).toBe('platform-failed');
    expect(run.error!.message).toContain(`The leaked key (key ${leaked.id}) is still valid`);
    expect(run.error!.advice).toMatch(/run this emergency rotation again at once/);
    expect(run.error!.report.leak).toMatchObject({ keyId: leaked.id, revoked: false });
    expect(world.platform.isKeyValid(leaked.value)).toBe(true);
  });

  it('a dry run plans the leaked key among the keys to revoke, whatever keep says, and changes nothing', async () => {
    const leaked = await rotatedOnce();
    const keysBefore = world.platform.listKeys().length;
    const run = await runRotation(world, { apiKey: leaked.value, record: RECORD, keep: 2, dryRun: true, leakedKey: { id: leaked.id } });
    expect(run.error?.message).toBeUndefined();
    expect(run.report!.plan?.revokeKeyIds).toEqual([leaked.id]);
    expect(run.report!.leak).toMatchObject({ keyId: leaked.id, revoked: false, heldBy: TARGETS });
    expect(world.platform.listKeys().length).toBe(keysBefore);
    expect(world.platform.isKeyValid(leaked.value)).toBe(true);
  });

  it('refuses a fingerprint no record knows before anything changes, naming the families searched', async () => {
    const current = await rotatedOnce();
    const keysBefore = world.platform.listKeys().length;
    const writesBefore = world.requests.filter((r) => r.method === 'PUT').length;
    const run = await runRotation(world, { apiKey: current.value, record: RECORD, leakedKey: { fingerprint: '0123456789abcdef' } });
    expect(run.error?.code).toBe('invalid-options');
    expect(run.error!.message).toMatch(
      /No target record in .* knows the key of fingerprint 0123456789abcdef; searched the records of \S+ \(personal keys\)/,
    );
    expect(run.createdValues).toEqual([]);
    expect(world.platform.listKeys().length).toBe(keysBefore);
    expect(world.requests.filter((r) => r.method === 'PUT').length).toBe(writesBefore);
  });

  it("refuses a key of another family's record, naming that family", async () => {
    world.github.addRepo('acme/other');
    const current = await rotatedOnce();
    const other = await runRotation(world, { apiKey: current.value, targets: ['repo:acme/other'], record: RECORD, revokeKeyIds: [] });
    const otherKey = { id: other.report!.keyId!, value: other.createdValues[0]! };
    const run = await runRotation(world, { apiKey: current.value, record: RECORD, leakedKey: { id: otherKey.id } });
    expect(run.error?.code).toBe('invalid-options');
    expect(run.error!.message).toMatch(new RegExp(`is key ${otherKey.id} of family \\S+ \\(secret ${SECRET} at repo:acme/other\\)`));
    expect(world.platform.isKeyValid(otherKey.value)).toBe(true);
    expect(world.platform.isKeyValid(current.value)).toBe(true);
  });

  it('refuses a leaked key given as anything but an id or a fingerprint, before any request, without quoting it', async () => {
    const value = world.currentKey.key;
    const before = world.requests.length;
    for (const leakedKey of [{ fingerprint: value }, { id: 0 }, { id: 1, fingerprint: 'abc' }] as never[]) {
      const problems = checkRotateKeyOptions({
        client: world.client(value),
        apiKey: value,
        github: world.githubOptions(),
        targets: TARGETS,
        leakedKey,
        lease: false,
      });
      expect(problems.map((p) => p.option)).toEqual(['leakedKey']);
      expect(problems[0]!.message).not.toContain(value);
      await expect(runRotation(world, { record: RECORD, leakedKey })).rejects.toThrow(/leakedKey/);
    }
    expect(world.requests.length).toBe(before);
  });
});
