// The caller's AbortSignal: the run stops going forward at the next step, write or wait, ends with
// code 'aborted', and what it leaves keeps the invariants (every target on a working key; the new
// key revoked unless a target may hold it, and then named).

import { describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { ENV, REPO, TARGETS, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((w) => {
  world = w;
});

/** A run whose signal is aborted by its own log, at the first line `when` matches. */
function abortWhen(when: RegExp, extra: (message: string) => void = () => {}) {
  const controller = new AbortController();
  return runRotation(world, {
    signal: controller.signal,
    onLog: ({ message }) => {
      extra(message);
      if (when.test(message)) controller.abort(new Error('stopped by the caller'));
    },
  });
}

const platformPosts = () => world.platform.log.entries({ method: 'POST' });

describe('an AbortSignal', () => {
  it('aborted before any step: nothing is asked of anyone', async () => {
    const controller = new AbortController();
    controller.abort();
    const requests = world.requests.length;
    const run = await runRotation(world, { signal: controller.signal });
    expect(run.error?.code).toBe('aborted');
    expect(run.error?.step).toBe('preflight');
    expect(world.requests.length).toBe(requests);
    checkInvariants(world, run);
  });

  it('aborted during the preflight: no key is created', async () => {
    const run = await abortWhen(/^Plan: /);
    expect(run.error?.code).toBe('aborted');
    expect(run.error?.step).toBe('create');
    expect(run.error?.message).toMatch(/aborted before creating a key.*Nothing was changed/);
    expect(platformPosts()).toEqual([]);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    checkInvariants(world, run);
  });

  it("aborted during verify's wait: the new key is revoked and nothing is written", async () => {
    const run = await abortWhen(/does not work yet/, (message) => {
      // The new key's first listing is refused, so verify waits before trying again.
      if (/^Created key /.test(message)) world.platform.faults.add({ kind: 'status', status: 401, method: 'GET', path: '/api_keys' });
    });
    expect(run.error?.code).toBe('aborted');
    expect(run.error?.step).toBe('verify');
    expect(run.error?.message).toMatch(/aborted while checking that the new key \d+ works; it was revoked and nothing was written/);
    expect(run.error?.report.newKeyRevoked).toBe(true);
    expect(run.createdValues).toHaveLength(1);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(world.github.log.entries({ method: 'PUT' })).toEqual([]);
    checkInvariants(world, run);
  });

  it('aborted between two target writes: the written target keeps the new key, which stays valid and is named', async () => {
    const run = await abortWhen(new RegExp(`^${REPO} holds the new key`));
    const keyId = run.error?.report.keyId;
    expect(run.error?.code).toBe('aborted');
    expect(run.error?.step).toBe('store');
    expect(run.error?.report.targets).toEqual([REPO]);
    expect(run.error?.message).toMatch(new RegExp(`${REPO} may hold the new key ${keyId}, which stays valid`));
    expect(world.held()).toEqual([run.createdValues[0], world.currentKey.key]);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
    checkInvariants(world, run);

    // The next run converges: one key, held everywhere.
    const next = await runRotation(world, { apiKey: run.createdValues[0] });
    expect(next.error?.message).toBeUndefined();
    expect(next.report?.targets).toEqual(TARGETS);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(false);
    checkInvariants(world, next);
  });

  it('aborted once every target holds the new key: no old key is revoked', async () => {
    const run = await abortWhen(new RegExp(`^${ENV} holds the new key`));
    expect(run.error?.code).toBe('aborted');
    expect(run.error?.step).toBe('revoke');
    expect(run.error?.report.targets).toEqual(TARGETS);
    expect(run.error?.report.revokedKeyIds).toEqual([]);
    expect(world.held()).toEqual([run.createdValues[0], run.createdValues[0]]);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
    checkInvariants(world, run);
  });
});
