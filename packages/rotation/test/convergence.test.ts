// Re-runs converge: a run stopped after any step, then a fresh run, leaves every target holding the
// same working key and nothing else valid; successive rotations keep the newest `keep` keys.

import { describe, expect, it } from 'vitest';
import { FetchGates } from './gated-fetch.js';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { FAMILY, REPO, SECRET, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

const liveKeys = () => world.platform.listKeys().filter((k) => !k.revoked);

describe('a run stopped after a step, then a fresh run', () => {
  it.each([
    ['preflight', /^Plan: /],
    ['create', /^Created key/],
    ['verify', /works: it listed itself/],
    ['the first target write', /^repo:acme\/web holds the new key/],
    ['store', /^env:acme\/web:production holds the new key/],
    ['the first revocation', /^Revoked key/],
  ])('converges when stopped after %s', async (_step, stopAt) => {
    // The runner is killed there: no request of the stopped run leaves after that line.
    const gates = new FetchGates();
    const stopped = new Promise<void>((resolve) => {
      void runRotation(world, {
        gates,
        onLog: (entry) => {
          if (!stopAt.test(entry.message)) return;
          gates.stop();
          resolve();
        },
      });
    });
    await stopped;
    // Every target still holds a working key after the stop.
    for (const value of world.held()) expect(world.platform.isKeyValid(value!)).toBe(true);

    // The next scheduled run reads the secret of the repository it runs in.
    const apiKey = world.github.secretValue(REPO, SECRET)!;
    const run = await runRotation(world, { apiKey });
    expect(run.error?.message).toBeUndefined();
    const [newValue] = run.createdValues;
    expect(world.held()).toEqual([newValue, newValue]);
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
      expect(world.held()).toEqual([apiKey, apiKey]);
      expect(liveKeys().map((k) => k.id)).toEqual(ids.slice(-keep));
      expect(liveKeys().every((k) => k.name.startsWith(`${FAMILY}-`))).toBe(true);
    }
  });

  it('keep 2 keeps the previous key, not a never-used orphan of a lost create', async () => {
    // Newer than the current key, never used: its create answer was lost and no target holds it.
    const orphan = world.platform.createKey(`${FAMILY}-20250601T000000Z-orph`);
    const run = await runRotation(world, { keep: 2 });
    expect(run.error?.message).toBeUndefined();
    expect(liveKeys().map((k) => k.id)).toEqual([world.currentKey.id, run.report!.keyId]);
    expect(run.report!.revokedKeyIds).toContain(orphan.id);
    checkInvariants(world, run);
  });

  it('keep 2 keeps the key the targets hold, not the newer key of a run that crashed before writing it', async () => {
    // Killed once its key was verified (so used), before any write: no target holds that key.
    const gates = new FetchGates();
    let crashedKeyId: number | undefined;
    await new Promise<void>((resolve) => {
      void runRotation(world, {
        gates,
        keep: 2,
        onLog: ({ message }) => {
          const verified = /^Key (\d+) works/.exec(message);
          if (!verified) return;
          crashedKeyId = Number(verified[1]);
          gates.stop();
          resolve();
        },
      });
    });
    const run = await runRotation(world, { keep: 2 });
    expect(run.error?.message).toBeUndefined();
    expect(liveKeys().map((k) => k.id)).toEqual([world.currentKey.id, run.report!.keyId]);
    expect(run.report!.revokedKeyIds).toContain(crashedKeyId);
    expect(run.report!.plan!.revokeKeyIds).toContain(crashedKeyId);
    checkInvariants(world, run);
  });
});
