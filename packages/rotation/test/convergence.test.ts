// Re-runs converge: a run stopped after any step, then a fresh run, leaves every target holding the
// same working key and nothing else valid; successive rotations keep the newest `keep` keys.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { ENV, FAMILY, REPO, SECRET, startWorld, TARGETS, type World } from './world.js';

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  await world.close();
});

const liveKeys = () => world.platform.listKeys().filter((k) => !k.revoked);
const held = () => TARGETS.map((t) => world.github.secretValue(t, SECRET));

describe('a run stopped after a step, then a fresh run', () => {
  it.each([
    ['preflight', /^Plan: /],
    ['create', /^Created key/],
    ['verify', /works: it listed itself/],
    ['the first target write', /^repo:acme\/web holds the new key/],
    ['store', /^env:acme\/web:production holds the new key/],
    ['the first revocation', /^Revoked key/],
  ])('converges when stopped after %s', async (_step, stopAt) => {
    const crash = new Error('the runner was stopped');
    await expect(
      runRotation(world, {
        onLog: (entry) => {
          if (stopAt.test(entry.message)) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    // Every target still holds a working key after the stop.
    for (const value of held()) expect(world.platform.isKeyValid(value!)).toBe(true);

    // The next scheduled run reads the secret of the repository it runs in.
    const apiKey = world.github.secretValue(REPO, SECRET)!;
    const run = await runRotation(world, { apiKey });
    expect(run.error?.message).toBeUndefined();
    const [newValue] = run.createdValues;
    expect(held()).toEqual([newValue, newValue]);
    expect(liveKeys().map((k) => k.id)).toEqual([run.report!.keyId]);
    checkInvariants(world, run);
  });
});

describe('successive rotations', () => {
  it.each([1, 2, 3])('keep %i leaves the newest keys of the family valid', async (keep) => {
    let apiKey = world.currentKey.key;
    const ids: number[] = [world.currentKey.id];
    for (let round = 1; round <= 4; round++) {
      const run = await runRotation(world, { apiKey, keep });
      expect(run.error?.message).toBeUndefined();
      checkInvariants(world, run);
      ids.push(run.report!.keyId!);
      apiKey = run.createdValues[0]!;
      expect(held()).toEqual([apiKey, apiKey]);
      expect(liveKeys().map((k) => k.id)).toEqual(ids.slice(-keep));
      expect(liveKeys().every((k) => k.name.startsWith(`${FAMILY}-`))).toBe(true);
    }
  });
});

describe('a concurrent rotation', () => {
  it('backs off when a newer key of the family appears, writing nothing', async () => {
    let newer: { id: number } | undefined;
    const run = await runRotation(world, {
      onLog: (entry) => {
        if (!newer && /^Checking that key \d+ works/.test(entry.message)) {
          newer = world.platform.createKey(`${FAMILY}-20991231T235959Z-zzzz`);
        }
      },
    });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(
      new RegExp(`A newer key of family ${FAMILY} exists: ${newer!.id} .*wrote nothing and revoked its own new key`),
    );
    expect(run.error?.report.newKeyRevoked).toBe(true);
    expect(world.github.log.entries({ method: 'PUT' })).toEqual([]);
    expect(held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(world.platform.listKeys().find((k) => k.id === run.error!.report.keyId)?.revoked).toBe(true);
    checkInvariants(world, run, { foreignKeyIds: [newer!.id] });
  });

  it('never revokes a newer key of the family that appears after the store step', async () => {
    let newer: { id: number } | undefined;
    const run = await runRotation(world, {
      onLog: (entry) => {
        if (!newer && entry.message.startsWith(`${ENV} holds the new key`)) {
          newer = world.platform.createKey(`${FAMILY}-20991231T235959Z-zzzz`);
        }
      },
    });
    expect(run.error?.message).toBeUndefined();
    expect(world.platform.listKeys().find((k) => k.id === newer!.id)?.revoked).toBe(false);
    expect(world.platform.listKeys().find((k) => k.id === run.report!.keyId)?.revoked).toBe(false);
    expect(run.report!.revokedKeyIds.sort()).toEqual([world.consoleKey.id, world.currentKey.id].sort());
    checkInvariants(world, run, { foreignKeyIds: [newer!.id] });
  });
});
