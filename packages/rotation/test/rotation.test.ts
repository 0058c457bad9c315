import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RotationError, rotateKey } from '../src/index.js';
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

const held = () => TARGETS.map((t) => world.github.secretValue(t, SECRET));
const writes = () => [
  ...world.platform.log.entries().filter((r) => r.method !== 'GET'),
  ...world.github.log.entries().filter((r) => r.method !== 'GET'),
];

describe('rotateKey', () => {
  it('creates, verifies, stores sealed to every target, then revokes the old keys', async () => {
    const run = await runRotation(world);
    expect(run.error).toBeUndefined();
    const report = run.report!;
    const [newValue] = run.createdValues;
    expect(report).toMatchObject({ dryRun: false, family: FAMILY, secretName: SECRET, targets: TARGETS, warnings: [] });
    expect(report.keyName).toMatch(new RegExp(`^${FAMILY}-\\d{8}T\\d{6}Z-[a-z0-9]{4}$`));
    expect(report.revokedKeyIds.sort()).toEqual([world.consoleKey.id, world.currentKey.id].sort());
    expect(held()).toEqual([newValue, newValue]);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(false);
    expect(world.platform.isKeyValid(world.consoleKey.key)).toBe(false);
    // Verified and revoked with the new key itself (the platform names who asked).
    const newActor = `key:${report.keyId}`;
    expect(world.platform.log.entries({ method: 'DELETE' }).map((r) => r.actor)).toEqual([newActor, newActor]);
    checkInvariants(world, run);
  });

  it('logs each step without any key value, and hands the value to onKeyCreated first', async () => {
    const run = await runRotation(world);
    expect(run.createdValues).toHaveLength(1);
    expect(new Set(run.logs.map((l) => l.step))).toEqual(new Set(['preflight', 'create', 'verify', 'store', 'revoke']));
    expect(run.logs.map((l) => l.message)).toContainEqual(expect.stringMatching(/^Plan: create .*, write NEON_API_KEY to repo:acme\/web, env:acme\/web:production, revoke keys 1, 2$/));
    checkInvariants(world, run);
  });

  it('dry run returns the plan and changes nothing', async () => {
    const run = await runRotation(world, { dryRun: true });
    expect(run.error).toBeUndefined();
    expect(run.report).toMatchObject({
      dryRun: true,
      targets: [],
      revokedKeyIds: [],
      plan: { targets: TARGETS, revokeKeyIds: [world.consoleKey.id, world.currentKey.id] },
    });
    expect(run.report!.keyId).toBeUndefined();
    expect(run.report!.plan!.keyName).toMatch(new RegExp(`^${FAMILY}-`));
    expect(run.createdValues).toEqual([]);
    expect(writes()).toEqual([]);
    expect(world.github.log.entries().length).toBeGreaterThan(0);
    expect(held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(world.platform.listKeys().every((k) => !k.revoked)).toBe(true);
  });

  it('warns on the first rotation that the console-made key stays valid', async () => {
    await world.close();
    world = await startWorld({ seedFamilyKey: false });
    const run = await runRotation(world, { revokeKeyIds: [] });
    expect(run.report!.warnings).toEqual([
      expect.stringMatching(
        new RegExp(`current key ${world.consoleKey.id} \\("console key"\\) was not made by this rotation .* run with revoke-key-ids: ${world.consoleKey.id}`),
      ),
    ]);
    expect(run.logs.filter((l) => l.level === 'warning')).toHaveLength(1);
    expect(world.platform.isKeyValid(world.consoleKey.key)).toBe(true);
    checkInvariants(world, run);
  });

  it('does not warn, and revokes the console-made key, when revoke-key-ids names it', async () => {
    await world.close();
    world = await startWorld({ seedFamilyKey: false });
    const run = await runRotation(world, { revokeKeyIds: [world.consoleKey.id] });
    expect(run.report!.warnings).toEqual([]);
    expect(run.report!.revokedKeyIds).toEqual([world.consoleKey.id]);
    expect(world.platform.isKeyValid(world.consoleKey.key)).toBe(false);
    checkInvariants(world, run);
  });

  it('treats revoke-key-ids that are no longer live as done', async () => {
    const run = await runRotation(world, { revokeKeyIds: [world.consoleKey.id, 999] });
    expect(run.error).toBeUndefined();
    expect(run.logs.map((l) => l.message)).toContain('Key 999 of revoke-key-ids is not live: already revoked');
    checkInvariants(world, run);
  });

  it.each([
    [{ secretName: 'GITHUB_KEY' }, /must not start with GITHUB_/],
    [{ secretName: '1KEY' }, /must not start with a digit/],
    [{ keep: 0 }, /keep must be a whole number of at least 1/],
    [{ revokeKeyIds: [0] }, /revoke-key-ids must be key ids/],
    [{ family: 'x'.repeat(43) }, /at most 42 leave room for the timestamp/],
    [{ targets: 'repo:acme/web\nrepo:acme\nbogus' }, /2 target specs are malformed:\n {2}line 2 \("repo:acme"\).*\n {2}line 3 \("bogus"\)/],
    [{ targets: [], defaultRepository: '' }, /no target given/],
    [{ github: undefined }, /github options .* are required/],
  ])('refuses bad input %j before any request', async (overrides, message) => {
    const previous = process.env.GITHUB_REPOSITORY;
    delete process.env.GITHUB_REPOSITORY;
    try {
      const run = await runRotation(world, overrides);
      expect(run.error?.step).toBe('preflight');
      expect(run.error?.message).toMatch(message);
      expect(run.error?.advice).toBe('Fix the input and run again. Nothing was changed.');
    } finally {
      if (previous !== undefined) process.env.GITHUB_REPOSITORY = previous;
    }
    expect(world.platform.log.entries()).toEqual([]);
    expect(world.github.log.entries()).toEqual([]);
  });

  it('defaults to the current repository (GITHUB_REPOSITORY)', async () => {
    const run = await runRotation(world, { targets: undefined, defaultRepository: 'acme/web' });
    expect(run.report!.targets).toEqual([REPO]);
    expect(world.github.secretValue(REPO, SECRET)).toBe(run.createdValues[0]);
    expect(world.github.secretValue(ENV, SECRET)).toBe(world.currentKey.key);
  });

  it('revokes its key and writes nothing when onKeyCreated fails', async () => {
    const run = await runRotation(world, {
      onKeyCreated: () => {
        throw new Error('cannot mask');
      },
    });
    expect(run.error?.step).toBe('create');
    expect(run.error?.message).toMatch(/onKeyCreated hook failed: cannot mask; the new key was revoked/);
    expect(world.github.log.entries({ method: 'PUT' })).toEqual([]);
    expect(world.platform.listKeys().filter((k) => !k.revoked)).toHaveLength(2);
  });

  it('without the previous key value, leaves a half-written rotation on two valid keys', async () => {
    world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: '/repos/acme/web/environments/production/secrets/NEON_API_KEY' });
    const run = await runRotation(world, { apiKey: '', client: world.client(world.currentKey.key) });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(/previous key's value was not given \(apiKey option\), so repo:acme\/web keeps the new key/);
    expect(held()).toEqual([run.createdValues[0], world.currentKey.key]);
    checkInvariants(world, run);
  });

  it('accepts SecretTarget objects for other secret stores', async () => {
    const store = new Map<string, string>();
    const sodium = (await import('libsodium-wrappers')).default;
    await sodium.ready;
    const pair = sodium.crypto_box_keypair();
    const target = {
      describe: () => 'vault:kv/neon',
      fetchPublicKey: async () => ({ keyId: 'k1', key: sodium.to_base64(pair.publicKey, sodium.base64_variants.ORIGINAL) }),
      writeSecret: async (name: string, sealed: string, keyId: string) => {
        expect(keyId).toBe('k1');
        const box = sodium.from_base64(sealed, sodium.base64_variants.ORIGINAL);
        store.set(name, sodium.to_string(sodium.crypto_box_seal_open(box, pair.publicKey, pair.privateKey)));
      },
    };
    const report = await rotateKey({
      client: world.client(world.currentKey.key),
      targets: [target],
      family: FAMILY,
      verify: { timeoutMs: 1000, intervalMs: 20 },
    });
    expect(report.targets).toEqual(['vault:kv/neon']);
    expect(world.platform.isKeyValid(store.get(SECRET)!)).toBe(true);
  });

  it('logs GitHub rate-limit waits under the step in progress', async () => {
    world.github.secondaryRateLimit({ retryAfter: 1, method: 'PUT', path: '/repos/acme/web/actions/secrets/NEON_API_KEY' });
    const run = await runRotation(world);
    expect(run.error).toBeUndefined();
    expect(run.logs).toContainEqual({
      step: 'store',
      level: 'info',
      message: expect.stringMatching(/^GitHub secondary rate limit on PUT .*: retrying in 1s$/),
    });
    checkInvariants(world, run);
  });

  it('names an orphan it could not revoke after a lost create', async () => {
    world.platform.faults.add({ kind: 'reply-lost', method: 'POST', path: '/api_keys' });
    world.platform.faults.add({ kind: 'status', status: 500, method: 'DELETE', path: '/api_keys/3', times: 'always' });
    const run = await runRotation(world);
    expect(run.error?.step).toBe('create');
    expect(run.error?.message).toMatch(/key 3 of that name exists with a value nobody knows, and revoking it failed/);
    expect(run.error?.advice).toMatch(/Revoke key 3 in the platform console, or run again/);
    expect(held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(world.platform.listKeys().find((k) => k.id === 3)).toMatchObject({ revoked: false, name: expect.stringMatching(new RegExp(`^${FAMILY}-`)) });

    // Once the platform is back, the next run revokes it as an older key of the family.
    world.platform.faults.clear();
    const next = await runRotation(world);
    expect(next.error?.message).toBeUndefined();
    expect(next.report!.revokedKeyIds).toContain(3);
    checkInvariants(world, next);
  });

  it('throws RotationError for a non-object', async () => {
    await expect(rotateKey(undefined as never)).rejects.toBeInstanceOf(RotationError);
  });
});
