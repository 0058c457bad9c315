// Issue 10, defect 4 (and issue 9's carry-over): the rotation must not rest on `last_used_at`. On a
// platform that records use late, the key the targets hold can look never used while an older key
// (or a console key some job uses) looks most recently used; the published description also makes
// the field optional. The run keeps what the target record says the targets held, revokes a
// never-used orphan whether the field is null or absent, and names no key it cannot be sure of.

import { describe, expect, it, type TestContext } from 'vitest';
import { type DriftWorld, expectNobodyLockedOut, startDriftWorld } from './harness/drift-world.js';
import { startGatedProxy } from './harness/gated-proxy.js';
import { errorsOf, expectNoLeaks } from './harness/invariants.js';

const TARGETS = ['repo:acme/app', 'env:acme/app:production'];

async function world(onTestFinished: TestContext['onTestFinished']): Promise<DriftWorld> {
  const started = await startDriftWorld();
  onTestFinished(() => started.close());
  return started;
}

/** The platform seen through a proxy that rewrites each key of `GET /api_keys`. */
async function platformSeenAs(
  w: DriftWorld,
  onTestFinished: TestContext['onTestFinished'],
  rewrite: (key: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const proxy = await startGatedProxy(w.platform.origin, (request, status, body) => {
    if (request.method !== 'GET' || !request.path.endsWith('/api_keys') || status !== 200) return body;
    return Buffer.from(JSON.stringify((JSON.parse(body.toString()) as Array<Record<string, unknown>>).map(rewrite)));
  });
  onTestFinished(() => proxy.close());
  return `${proxy.origin}/api/v2`;
}

const liveIds = (w: DriftWorld) => w.platform.listKeys().filter((k) => !k.revoked).map((k) => k.id);
const keyId = (run: { outputs: Record<string, string> }) => Number(run.outputs['key-id']);

describe.concurrent('rotations that do not trust last_used_at', () => {
  it('keep 2 keeps the key the secret held until this run, though the platform has not recorded its use yet', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed(TARGETS);
    const runs = [];
    for (let round = 0; round < 2; round++) {
      const run = await w.rotate(TARGETS, { keep: '2' }).done;
      w.learn(run, TARGETS);
      expect(run.exitCode).toBe(0);
      runs.push(run);
    }
    const [older, previous] = runs.map(keyId) as [number, number];
    // A job used the console key a moment ago; the use of the key the targets hold is not recorded yet.
    await fetch(`${w.platform.url}/api_keys`, { headers: { authorization: `Bearer ${w.consoleKey.key}` } });
    const lazy = await platformSeenAs(w, onTestFinished, (key) => (key.id === previous ? { ...key, last_used_at: null } : key));

    const run = await w.rotate(TARGETS, { keep: '2', 'api-url': lazy }).done;
    w.learn(run, TARGETS);
    expect(errorsOf(run)).toEqual([]);
    expect(liveIds(w)).toEqual([w.consoleKey.id, previous, keyId(run)]);
    expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual([older]);
    // No warning names the console key as the current one, nor asks to revoke it.
    expect(run.annotations.filter((a) => a.level === 'warning').map((a) => a.message).join('\n')).not.toContain(`revoke-key-ids: ${w.consoleKey.id}`);
    expectNobodyLockedOut(w);
    for (const r of [...runs, run]) expectNoLeaks(r, w.secrets);
  });

  it.for(['null', 'absent'])('keep 3 revokes a never-used orphan of a lost create (last_used_at %s) and keeps the keys it should', async (shape, { onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed(TARGETS);
    const made: number[] = [];
    let family = '';
    for (let round = 0; round < 2; round++) {
      const run = await w.rotate(TARGETS, { keep: '3' }).done;
      w.learn(run, TARGETS);
      expect(run.exitCode).toBe(0);
      made.push(keyId(run));
      family = run.outputs['key-name']!.replace(/-\d{8}T\d{6}Z-[a-z0-9]+$/, '');
    }
    // A create whose answer was lost: a family key nobody has, never used.
    const orphan = w.platform.createKey(`${family}-29990101T000000Z-lost`);
    const url = await platformSeenAs(w, onTestFinished, (key) => {
      if (shape === 'null' || key.last_used_at !== null) return key;
      const { last_used_at: _, ...rest } = key;
      return rest;
    });
    const run = await w.rotate(TARGETS, { keep: '3', 'api-url': url }).done;
    w.learn(run, TARGETS);
    expect(errorsOf(run)).toEqual([]);
    expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual([orphan.id]);
    expect(liveIds(w)).toEqual([w.consoleKey.id, ...made, keyId(run)]);
    expectNobodyLockedOut(w);
    expectNoLeaks(run, w.secrets);
  });

  it('names no key as the current one when more than one key could be it', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed(TARGETS);
    const laptop = w.platform.createKey('laptop');
    await fetch(`${w.platform.url}/api_keys`, { headers: { authorization: `Bearer ${laptop.key}` } });
    const run = await w.rotate(TARGETS).done;
    w.learn(run, TARGETS);
    expect(run.exitCode).toBe(0);
    const warnings = run.annotations.filter((a) => a.level === 'warning').map((a) => a.message);
    expect(warnings).toEqual([expect.stringMatching(/^The current key was not made by this rotation .*naming its id/)]);
    expect(warnings[0]).not.toContain(String(laptop.id));
    expectNobodyLockedOut(w);
  });
});
