// A target write that keeps failing without a usable answer: GitHub's own record of the secret
// (updated_at, against the Date of the public key this run fetched) settles whether it landed. Proven
// untouched, the target keeps its key and the new key goes; otherwise the new key stays valid and
// the target is named, as it may hold it.

import { describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, REPO, REPO_SECRET_PATH, SECRET, startWorld, TARGETS, TOKEN, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

const PATHS: Record<string, string> = { [REPO]: REPO_SECRET_PATH, [ENV]: ENV_SECRET_PATH };
const forGood = { times: 'always' } as const;
const metadataReads = (path: string) => world.github.log.entries({ method: 'GET', path });

describe.each([REPO, ENV])('the write to %s keeps failing', (target) => {
  const path = PATHS[target]!;
  const other = TARGETS.find((t) => t !== target)!;

  it('the write landed but every answer was lost: the new key stays valid and the target is named', async () => {
    world.github.faults.add({ kind: 'reply-lost', method: 'PUT', path, ...forGood });
    const run = await runRotation(world, {
      onLog: ({ message }) => {
        // The write-back to it fails without taking effect: the target keeps the new key.
        if (message !== `Writing the previous key back to ${target}`) return;
        world.github.faults.clear();
        world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path, ...forGood });
      },
    });
    const [newValue] = run.createdValues;
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(
      new RegExp(`Writing the previous key back failed for ${target}, which may hold the new key \\d+: it stays valid`),
    );
    expect(world.github.secretValue(target, SECRET)).toBe(newValue);
    expect(world.github.secretValue(other, SECRET)).toBe(world.currentKey.key);
    expect(run.error?.report.targets).toEqual([target]);
    expect(run.error?.report.newKeyRevoked).toBeUndefined();
    expect(world.platform.isKeyValid(newValue!)).toBe(true);
    expect(run.logs.map((l) => l.message)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${target} may hold the new key \\d+: its secret was updated at \\S+Z, not a minute before this run first reached it at \\S+Z$`,
        ),
      ),
    );
    expect(metadataReads(path)).toHaveLength(1);
    checkInvariants(world, run);
  });

  it('reading its metadata fails too: nothing is proven, the new key stays valid and the target is named', async () => {
    world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path, ...forGood });
    world.github.faults.add({ kind: 'status', status: 500, method: 'GET', path, ...forGood });
    const run = await runRotation(world);
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(new RegExp(`Writing the previous key back failed for ${target}, which may hold the new key \\d+`));
    expect(run.error?.report.targets).toEqual([target]);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(true);
    expect(run.logs.map((l) => l.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^${target} may hold the new key \\d+: reading the secret's metadata failed: .*500`)),
    );
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    checkInvariants(world, run, { newKeyMayStayUnheld: true });
  });

  it('proven untouched without the previous key to write back: the new key goes all the same', async () => {
    world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path, ...forGood });
    const run = await runRotation(world, { apiKey: '', client: world.client(world.currentKey.key) });
    const error = run.error!;
    expect(error.step).toBe('store');
    expect(error.message).toMatch(/previous key's value was not given \(apiKey option\), so it was not written back/);
    expect(
      world.github.log
        .entries({ method: 'PUT' })
        .filter((r) => r.status === 204)
        .map((r) => r.path),
    ).toEqual(target === REPO ? [] : [REPO_SECRET_PATH]);
    if (target === REPO) {
      // Nothing holds the new key: it revoked itself (the previous key may not work in this path).
      expect(error.message).toMatch(
        /but no target holds the new key: repo:acme\/web keeps the key it held before.*so the new key \d+ was revoked/,
      );
      expect(error.report.targets).toEqual([]);
      expect(error.report.newKeyRevoked).toBe(true);
      expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
      expect(world.platform.log.entries({ method: 'DELETE' }).map((r) => r.actor)).toEqual([`key:${error.report.keyId}`]);
    } else {
      // The repository holds the new key for sure; the environment is proven to hold the previous one.
      expect(error.message).toMatch(
        /not written back: repo:acme\/web may hold the new key \d+, which stays valid, and so does the current key; env:acme\/web:production keeps the key it held before/,
      );
      expect(error.report.targets).toEqual([REPO]);
      expect(world.held()).toEqual([run.createdValues[0], world.currentKey.key]);
    }
    checkInvariants(world, run);
  });
});

it.each([
  ['later than the public key was served (another writer, or a skewed clock)', 60 * 60 * 1000],
  ['less than a minute before (clocks of two GitHub hosts, replica lag)', -20 * 1000],
])('a secret updated %s proves nothing', async (_case, offsetMs) => {
  await world.close();
  world = await startWorld({ seededAt: new Date(Date.now() + offsetMs) });
  world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path: REPO_SECRET_PATH, ...forGood });
  const run = await runRotation(world);
  expect(run.error?.message).toMatch(/Writing the previous key back failed for repo:acme\/web, which may hold the new key \d+/);
  expect(run.error?.report.targets).toEqual([REPO]);
  expect(run.logs.map((l) => l.message)).toContainEqual(
    expect.stringMatching(/its secret was updated at \S+Z, not a minute before this run first reached it/),
  );
  checkInvariants(world, run, { newKeyMayStayUnheld: true });
});

it('a write that answered (403) is not in doubt: no metadata is read', async () => {
  world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET_PATH });
  const run = await runRotation(world);
  expect(run.error?.message).toMatch(/The previous key was written back to repo:acme\/web and the new key \d+ was revoked\./);
  expect(metadataReads(ENV_SECRET_PATH)).toEqual([]);
  expect(metadataReads(REPO_SECRET_PATH)).toEqual([]);
  checkInvariants(world, run);
});

it('a secret not found after a write with no answer proves nothing (a replica may lag): the new key stays valid', async () => {
  const deleted = await fetch(`${world.github.url}${ENV_SECRET_PATH}`, { method: 'DELETE', headers: { authorization: `token ${TOKEN}` } });
  expect(deleted.status).toBe(204);
  world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path: ENV_SECRET_PATH, ...forGood });
  const run = await runRotation(world);
  expect(run.error?.message).toMatch(
    /Writing the previous key back failed for env:acme\/web:production, which may hold the new key \d+: it stays valid/,
  );
  expect(run.error?.report.targets).toEqual([ENV]);
  expect(run.logs.map((l) => l.message)).toContainEqual(
    `${ENV} may hold the new key ${run.error?.report.keyId}: it answered that it has no secret ${SECRET}, which proves nothing`,
  );
  expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(true);
  expect(world.github.secretValue(REPO, SECRET)).toBe(world.currentKey.key);
});

it('a write whose reply was lost after it landed, retried and answered 404, may have landed: its target is written back, and the new key stays valid', async () => {
  // Octokit retries the lost reply; the retry's 404 alone would say the write never landed. The lost
  // attempt may as well land after the write-back (simulator seed 12279731): the new key stays valid.
  world.github.faults.add({ kind: 'reply-lost', method: 'PUT', path: REPO_SECRET_PATH });
  world.github.faults.add({ kind: 'status', status: 404, method: 'PUT', path: REPO_SECRET_PATH });
  const run = await runRotation(world);
  expect(run.error?.step).toBe('store');
  expect(world.github.log.entries({ method: 'PUT', path: REPO_SECRET_PATH }).map((r) => r.status)).toEqual([undefined, 404, 204]);
  expect(world.github.secretValue(REPO, SECRET)).toBe(world.currentKey.key);
  expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
  expect(run.error?.message).toMatch(
    /The previous key was written back to repo:acme\/web, but a write of the new key there got no answer and may still land: repo:acme\/web may hold the new key/,
  );
  checkInvariants(world, run, { newKeyMayStayUnheld: true });
});
