// Families of look-alike targets: each secret has its own family (README, Key families), so rotating
// one never revokes a key another target holds.

import { describe, expect, it } from 'vitest';
import { runRotation } from './run.js';
import { deriveFamily } from '../src/family.js';
import { ENV, REPO, SECRET, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

describe('look-alike targets', () => {
  it.each([
    ['repo:acme/my-repo', 'repo:acme/my_repo'],
    ['repo:acme/my-repo', 'repo:acme/my.repo'],
    ['env:acme/b:c-d', 'env:acme/b-c:d'],
  ])('%s and %s are separate families: rotating one never revokes the key of the other', async (a, b) => {
    for (const repo of ['acme/my-repo', 'acme/my_repo', 'acme/my.repo', 'acme/b', 'acme/b-c']) world.github.addRepo(repo);
    world.github.addEnvironment('acme/b', 'c-d');
    world.github.addEnvironment('acme/b-c', 'd');
    const first = await runRotation(world, { targets: [a], revokeKeyIds: [] });
    const second = await runRotation(world, { targets: [b], revokeKeyIds: [] });
    expect([first.error?.message, second.error?.message]).toEqual([undefined, undefined]);
    expect(first.report!.family).not.toBe(second.report!.family);
    for (const [target, run] of [
      [a, first],
      [b, second],
    ] as const) {
      expect(world.github.secretValue(target, SECRET)).toBe(run.createdValues[0]);
      expect(world.platform.isKeyValid(run.createdValues[0]!), `${target} holds a working key`).toBe(true);
    }
  });

  it('targets of two families in one run: refused before any write, the families given as data to choose from', async () => {
    const record = { repository: 'acme/web' };
    expect((await runRotation(world, { targets: [REPO], record, revokeKeyIds: [] })).error).toBeUndefined();
    const apiKey = () => world.github.secretValue(REPO, SECRET);
    expect((await runRotation(world, { targets: [ENV], record, revokeKeyIds: [], apiKey: apiKey() })).error).toBeUndefined();
    const both = await runRotation(world, { targets: [REPO, ENV], record, revokeKeyIds: [], apiKey: apiKey() });
    expect(both.error).toMatchObject({ code: 'record-failed', step: 'preflight' });
    expect(both.error!.actions).toEqual([
      { do: 'choose-family', families: expect.arrayContaining([deriveFamily(REPO, SECRET), deriveFamily(ENV, SECRET)]) },
    ]);
    expect(both.createdValues).toEqual([]);
  });
});
