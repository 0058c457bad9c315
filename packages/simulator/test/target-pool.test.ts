// The random histories' pool over every target kind (issue 36, item 1): the user's writes and
// deletes reach each kind's store, a rotation into the whole pool (the record in GitLab, keep 3)
// ends well and leaves each organization or user secret visible as its spec asks, and the
// visibility check fails where a secret is not. In process, against the emulators.

import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../src/simulation.js';
import { deleteHeld, putHeld, reaches, visibilityUntruthful, WIDE_POOL } from '../src/target-pool.js';
import { lockOuts } from '../src/invariants.js';
import { SECRET_NAMES, storedAt } from '../src/world.js';

const SECRET_NAME = SECRET_NAMES[0];
let sim: Simulation | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('the pool of every target kind', () => {
  it("has the nine kinds, and a GitHub App reaches all but the user's Codespaces secret", () => {
    expect(new Set(WIDE_POOL.map((t) => t.split(':')[0])).size).toBe(9);
    expect(WIDE_POOL.filter((t) => !reaches('app', t))).toEqual(['codespaces-user:acme/app']);
    expect(WIDE_POOL.every((t) => reaches('token', t))).toBe(true);
  });

  it('the user writes and deletes the secret of each kind', async () => {
    sim = await Simulation.start(36);
    const { world } = sim;
    const key = world.consoleKey('personal').key;
    for (const target of WIDE_POOL) {
      putHeld(world, target, SECRET_NAME, key, new Date(sim.time.now()));
      expect(world.held(target, SECRET_NAME), target).toBe(key);
      await deleteHeld(sim, target, SECRET_NAME);
      expect(world.held(target, SECRET_NAME), target).toBeUndefined();
    }
  });

  it('a rotation into every kind, the record in GitLab, keep 3: each target holds the new key, visible as its spec asks', async () => {
    sim = await Simulation.start(36);
    const { world } = sim;
    world.pool = WIDE_POOL;
    const key = world.consoleKey('personal').key;
    for (const target of WIDE_POOL) putHeld(world, target, SECRET_NAME, key, new Date(sim.time.now() - 86_400_000));
    const spec = {
      kind: 'personal',
      credential: 'token',
      targets: [...WIDE_POOL],
      secretName: SECRET_NAME,
      keep: 3,
      retire: [],
      apiKey: key,
    } as const;
    const run = sim.start({ ...spec, targets: [...spec.targets], retire: [], record: 'gitlab' });
    await sim.runAll([run]);
    expect(run.result.error?.message).toBeUndefined();
    expect(run.result.report?.targets).toEqual(WIDE_POOL);
    for (const target of WIDE_POOL) expect(world.held(target, SECRET_NAME), target).toBe(run.result.created[0]);
    expect(world.gitlab.variables({ project: 'acme/ops' }).some((v) => v.key.startsWith('KEYTURN_RECORD_'))).toBe(true);
    expect(lockOuts(world)).toEqual([]);
    expect(visibilityUntruthful(world, run.result)).toEqual([]);
    // A secret visible otherwise than its spec asks is named.
    world.github.putSecretValue(storedAt('org:globex'), SECRET_NAME, run.result.created[0]!, { visibility: 'private' });
    expect(visibilityUntruthful(world, run.result)).toEqual([
      `untruthful: ${run.result.id} wrote org:globex:selected:app,site, which is visible to private [], not as its spec asks`,
    ]);
  });
});
