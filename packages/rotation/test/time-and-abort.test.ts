// Time and cancellation. Every wait of the run goes through the injected runtime (shared with
// @keyturn/api). The caller's AbortSignal stops the run going forward at the next step, write or
// wait, ends it with code 'aborted', and what it leaves keeps the invariants (every target on a
// working key; the new key revoked unless a target may hold it, and then named).

import { type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { describe, expect, it } from 'vitest';
import { FetchGates } from './gated-fetch.js';
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

  it("aborts a platform request in flight, and still revokes the run's own key with a request of its own", async () => {
    const controller = new AbortController();
    const gates = new FetchGates();
    const run = await runRotation(world, {
      gates,
      signal: controller.signal,
      onLog: ({ message }) => {
        if (!/^Created key /.test(message)) return;
        // The new key's first listing (verify) is on its way when the caller aborts.
        const listing = gates.hold('GET', '/api_keys', 'request');
        void listing.reached.then(() => {
          controller.abort();
          listing.release();
        });
      },
    });
    expect(run.error?.code).toBe('aborted');
    expect(run.error?.step).toBe('verify');
    expect(run.error?.report.newKeyRevoked).toBe(true);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
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

/** A clock that moves only when the run sleeps: the waits are read back, not timed. */
function steppedRuntime(): { runtime: Runtime; sleeps: number[] } {
  let now = Date.parse('2026-11-24T00:00:00Z');
  const sleeps: number[] = [];
  const runtime: Runtime = {
    ...systemRuntime,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { runtime, sleeps };
}

describe('the runtime', () => {
  it("times verify's waits and deadline, and the run's duration", async () => {
    const { runtime, sleeps } = steppedRuntime();
    const run = await runRotation(world, {
      runtime,
      verify: { timeoutMs: 3000, intervalMs: 1000 },
      onLog: ({ message }) => {
        // The new key is refused every time it lists, so verify waits until its deadline.
        if (/^Created key /.test(message))
          world.platform.faults.add({ kind: 'status', status: 401, method: 'GET', path: '/api_keys', times: 'always' });
      },
    });
    expect(run.error?.code).toBe('verify-failed');
    expect(run.error?.message).toMatch(/did not work within 3000 ms/);
    expect(sleeps).toEqual([1000, 1000, 1000]);
    expect(run.error?.report.durationMs).toBe(3000);
    checkInvariants(world, run);
  });

  it('spaces the looks for a key whose create answer was lost', async () => {
    const { runtime, sleeps } = steppedRuntime();
    world.platform.faults.add({ kind: 'status', status: 500, method: 'POST', path: '/api_keys' });
    const run = await runRotation(world, { runtime, lostCreateCheck: { attempts: 3, intervalMs: 2000 } });
    expect(run.error?.code).toBe('create-lost');
    expect(sleeps).toEqual([2000, 2000]);
    checkInvariants(world, run);
  });
});
