// The listing of variables is where the record is read: an answer that lists none (a 200 whose
// body is an error) fails the read before anything changes. Taken for an absent record, it would
// forget a dropped target and revoke the key it holds (simulator seed 1343664987).

import { describe, expect, it } from 'vitest';
import { runRotation } from './run.js';
import { ENV, SECRET, TARGETS, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

describe("the listing of the record's variables", () => {
  it('answered 200 without variables: the run fails before anything changes, the dropped target keeps a working key', async () => {
    const record = { repository: 'acme/web' };
    const first = await runRotation(world, { record });
    expect(first.error).toBeUndefined();
    const held = first.createdValues[0]!;
    expect(world.held()).toEqual([held, held]);
    const keysBefore = world.platform
      .listKeys()
      .filter((k) => !k.revoked)
      .map((k) => k.id);

    world.github.faults.add({ kind: 'reply-lost', status: 200, method: 'GET', path: '/repos/*/*/actions/variables' });
    const second = await runRotation(world, { apiKey: held, client: world.client(held), targets: [ENV], record });

    expect(second.error?.step).toBe('preflight');
    expect(second.error?.message).toMatch(/Reading the variables of \S+ failed: GitHub answered 200/);
    expect(second.createdValues).toEqual([]);
    expect(
      world.platform
        .listKeys()
        .filter((k) => !k.revoked)
        .map((k) => k.id),
    ).toEqual(keysBefore);
    for (const target of TARGETS) expect(world.github.secretValue(target, SECRET)).toBe(held);
    expect(world.platform.isKeyValid(held)).toBe(true);
  });
});
