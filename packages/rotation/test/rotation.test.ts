import { OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { rotateKey } from '../src/index.js';
import { createGitHubClient, createGitHubTarget, type GitHubTargetSpec, parseTargetSpecs, type SecretTarget } from '../src/targets.js';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { FetchGates } from './gated-fetch.js';
import { ENV, ENV_SECRET_PATH, FAMILY, REPO, SECRET, startWorld, TARGETS, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

/** A secret store other than GitHub; `identity()` says which secret it is however it is spelled. */
const otherStore = (path: string) => ({
  describe: () => `vault:${path}`,
  identity: () => `vault:${path.toLowerCase()}`,
  fetchPublicKey: async () => ({ keyId: 'k', key: '' }),
  writeSecret: async () => {},
});
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
    expect(world.held()).toEqual([newValue, newValue]);
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
    expect(run.logs.map((l) => l.message)).toContainEqual(
      expect.stringMatching(/^Plan: create .*, write NEON_API_KEY to repo:acme\/web, env:acme\/web:production, revoke keys 1, 2$/),
    );
    checkInvariants(world, run);
  });

  it('says "revoke key N" for one key, not "revoke keys N"', async () => {
    const run = await runRotation(world, { dryRun: true, revokeKeyIds: [] });
    expect(run.logs.map((l) => l.message)).toContainEqual(expect.stringMatching(/, revoke key \d+$/));
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
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(world.platform.listKeys().every((k) => !k.revoked)).toBe(true);
  });

  it('warns on the first rotation that the console-made key stays valid', async () => {
    await world.close();
    world = await startWorld({ seedFamilyKey: false });
    const run = await runRotation(world, { revokeKeyIds: [] });
    expect(run.report!.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `current key ${world.consoleKey.id} \\("console key"\\) was not made by this rotation .* run with \`revokeKeyIds\`: ${world.consoleKey.id}`,
        ),
      ),
    ]);
    expect(run.logs.filter((l) => l.level === 'warning')).toHaveLength(1);
    expect(world.platform.isKeyValid(world.consoleKey.key)).toBe(true);
    checkInvariants(world, run);
  });

  it('names no key it cannot be sure is the current one when more than one exists', async () => {
    await world.close();
    world = await startWorld({ seedFamilyKey: false });
    const laptop = world.platform.createKey('laptop');
    await world.client(laptop.key).apiKeys.list();
    const run = await runRotation(world, { revokeKeyIds: [] });
    // The laptop key was used last, but it is not the key this run was given: the platform cannot say which one that is.
    expect(run.report!.warnings).toEqual([expect.stringMatching(/^The current key was not made by this rotation .*naming its id/)]);
    expect(run.report!.warnings[0]).not.toContain(String(laptop.id));
  });

  it('does not warn, and revokes the console-made key, when revokeKeyIds names it', async () => {
    await world.close();
    world = await startWorld({ seedFamilyKey: false });
    const run = await runRotation(world, { revokeKeyIds: [world.consoleKey.id] });
    expect(run.report!.warnings).toEqual([]);
    expect(run.report!.revokedKeyIds).toEqual([world.consoleKey.id]);
    expect(world.platform.isKeyValid(world.consoleKey.key)).toBe(false);
    checkInvariants(world, run);
  });

  it('treats revokeKeyIds that are no longer live as done', async () => {
    const run = await runRotation(world, { revokeKeyIds: [world.consoleKey.id, 999] });
    expect(run.error).toBeUndefined();
    expect(run.logs.map((l) => l.message)).toContain('Key 999 of `revokeKeyIds` is not live: already revoked');
    checkInvariants(world, run);
  });

  it.each([
    [{ secretName: 'GITHUB_KEY' }, 'secretName', /must not start with GITHUB_/],
    [{ secretName: '1KEY' }, 'secretName', /must not start with a digit/],
    [{ keep: 0 }, 'keep', /keep must be a whole number of at least 1/],
    [{ revokeKeyIds: [0] }, 'revokeKeyIds', /revokeKeyIds must be key ids/],
    [{ family: 'x'.repeat(43) }, 'family', /at most 42 leave room for the timestamp/],
    [
      { targets: 'repo:acme/web\nrepo:acme\nbogus' },
      'targets',
      /2 target specs are malformed:\n {2}line 2 \("repo:acme"\).*\n {2}line 3 \("bogus"\)/,
    ],
    [{ targets: [], defaultRepository: '' }, 'targets', /no target given/],
    [{ targets: 'org:acme, org:acme:private' }, 'targets', /line 1 \("org:acme:private"\): repeats the target org:acme of line 1/],
    [
      { targets: [otherStore('kv/Neon'), otherStore('kv/neon')] },
      'targets',
      /targets vault:kv\/Neon and vault:kv\/neon are the same secret/,
    ],
    [{ github: undefined }, 'github', /github options .* are required/],
  ])('refuses bad input %j before any request, naming the option', async (overrides, option, message) => {
    const error = await runRotation(world, overrides).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OptionError);
    expect((error as OptionError).option).toBe(option);
    expect((error as OptionError).message).toMatch(message);
    expect(world.platform.log.entries()).toEqual([]);
    expect(world.github.log.entries()).toEqual([]);
  });

  it('defaults to the current repository (defaultRepository)', async () => {
    const run = await runRotation(world, { targets: undefined, defaultRepository: 'acme/web' });
    expect(run.report!.targets).toEqual([REPO]);
    expect(world.github.secretValue(REPO, SECRET)).toBe(run.createdValues[0]);
    expect(world.github.secretValue(ENV, SECRET)).toBe(world.currentKey.key);
  });

  it('a 200 that is no list of variables is never taken for no record: the run changes nothing (seed 1343659170)', async () => {
    const record = { repository: 'acme/web' };
    expect((await runRotation(world, { record })).error).toBeUndefined();
    const before = writes().length;
    world.github.faults.add({ kind: 'reply-lost', status: 200, method: 'GET', path: '/repos/acme/web/actions/variables' });
    const run = await runRotation(world, { record, apiKey: world.github.secretValue(REPO, SECRET) });
    expect(run.error).toMatchObject({ code: 'record-failed', step: 'preflight' });
    expect(run.error!.message).toMatch(/Reading the variables of acme\/web failed: GitHub answered 200: .*Nothing was changed/);
    expect(writes().length).toBe(before);
  });

  it('reads no environment: GITHUB_REPOSITORY neither names a target nor turns the target record on', async () => {
    const previous = process.env.GITHUB_REPOSITORY;
    process.env.GITHUB_REPOSITORY = 'acme/web';
    try {
      const error = await runRotation(world, { targets: undefined }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ option: 'targets', message: expect.stringMatching(/no target given/) });
      const run = await runRotation(world);
      expect(run.report!.targets).toEqual([REPO, ENV]);
      expect(world.github.log.entries().filter((e) => e.path.includes('/actions/variables'))).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.GITHUB_REPOSITORY;
      else process.env.GITHUB_REPOSITORY = previous;
    }
  });

  it('revokes its key and writes nothing when onKeyCreated fails, and never repeats the value it was given', async () => {
    let value = '';
    const run = await runRotation(world, {
      onKeyCreated: (created) => {
        value = created;
        throw new Error(`cannot mask ${created}`);
      },
    });
    expect(run.error?.step).toBe('create');
    expect(run.error?.message).toMatch(/onKeyCreated hook failed: cannot mask \[redacted\]; the new key was revoked/);
    expect(value).toMatch(/^napi_[A-Za-z0-9]{64}$/);
    const cause = run.error!.cause as Error;
    const said = [...run.logs.map((l) => l.message), run.error!.message, JSON.stringify(run.error), cause.message, cause.stack];
    expect(said.join('\n')).not.toContain(value);
    expect(world.github.log.entries({ method: 'PUT' })).toEqual([]);
    expect(world.platform.listKeys().filter((k) => !k.revoked)).toHaveLength(2);
  });

  it('without the previous key value, leaves a half-written rotation on two valid keys', async () => {
    world.github.faults.add({
      kind: 'status',
      status: 403,
      method: 'PUT',
      path: '/repos/acme/web/environments/production/secrets/NEON_API_KEY',
    });
    const run = await runRotation(world, { apiKey: '', client: world.client(world.currentKey.key) });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(
      /previous key's value was not given \(apiKey option\), so it was not written back: repo:acme\/web may hold the new key \d+, which stays valid/,
    );
    expect(world.held()).toEqual([run.createdValues[0], world.currentKey.key]);
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
      lease: false,
    });
    expect(report.targets).toEqual(['vault:kv/neon']);
    expect(world.platform.isKeyValid(store.get(SECRET)!)).toBe(true);
  });

  it("takes a custom target's failed write that is no TargetError as one that may have landed, and writes the previous key back", async () => {
    const github = createGitHubTarget(createGitHubClient(world.githubOptions()), parseTargetSpecs(REPO)[0] as GitHubTargetSpec);
    let writes = 0;
    // Its client lands the first write, then throws a plain Error (a reset after the request went out).
    const flaky: SecretTarget = {
      describe: () => 'vault:kv/neon',
      fetchPublicKey: () => github.fetchPublicKey(),
      writeSecret: async (name, sealed, keyId) => {
        await github.writeSecret(name, sealed, keyId);
        if (++writes === 1) throw new Error('socket hang up');
      },
    };
    const run = await runRotation(world, { targets: [flaky], family: FAMILY });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(/The previous key was written back to vault:kv\/neon and the new key \d+ was revoked/);
    expect(writes).toBe(2);
    expect(world.github.secretValue(REPO, SECRET)).toBe(world.currentKey.key);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
  });

  it('a rollback gives an organization secret back its previous visibility along with the previous key', async () => {
    const { github } = world;
    github.putSecretValue('org:acme', SECRET, world.currentKey.key, { visibility: 'private' });
    github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: `/repos/acme/web/actions/secrets/${SECRET}` });
    const run = await runRotation(world, { targets: ['org:acme:selected:web', REPO] });
    expect(run.error?.message).toMatch(/The previous key was written back to org:acme:selected:web and the new key \d+ was revoked/);
    expect(github.secret('org:acme', SECRET)).toMatchObject({ visibility: 'private' });
    expect(github.secretValue('org:acme', SECRET)).toBe(world.currentKey.key);
  });

  it('logs GitHub rate-limit waits under the step in progress', async () => {
    world.github.secondaryRateLimit({ retryAfter: 1, method: 'PUT', path: '/repos/acme/web/actions/secrets/NEON_API_KEY' });
    const run = await runRotation(world);
    expect(run.error).toBeUndefined();
    expect(run.logs).toContainEqual({
      step: 'store',
      level: 'info',
      message: expect.stringMatching(/^GitHub rate limit \(403\) on PUT .*: waiting 1s, then retry 1 of 3$/),
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
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(world.platform.listKeys().find((k) => k.id === 3)).toMatchObject({
      revoked: false,
      name: expect.stringMatching(new RegExp(`^${FAMILY}-`)),
    });

    // Once the platform is back, the next run revokes it as an older key of the family.
    world.platform.faults.clear();
    const next = await runRotation(world);
    expect(next.error?.message).toBeUndefined();
    expect(next.report!.revokedKeyIds).toContain(3);
    checkInvariants(world, next);
  });

  it('goes on when the log hook or the GitHub request hook throws', async () => {
    const broken = () => {
      throw new Error('broken hook');
    };
    const run = await runRotation(world, { onLog: broken, github: world.githubOptions({ onRequest: broken, log: broken }) });
    expect(run.error?.message).toBeUndefined();
    checkInvariants(world, run);

    world.platform.faults.add({ kind: 'status', status: 403, method: 'GET', path: '/api_keys' });
    const failed = await runRotation(world, { apiKey: run.createdValues[0], onLog: broken });
    expect(failed.error?.step).toBe('preflight');
    expect(failed.error?.message).toMatch(/may not manage API keys/);
  });

  it.each([
    ['the options of createClient', (w: World) => ({ apiKey: w.currentKey.key, baseUrl: w.platform.url })],
    ['a client with its key', (w: World) => ({ client: w.client(w.consoleKey.key), apiKey: w.currentKey.key })],
  ])('takes the platform through one door, the key given once: %s', async (_door, platform) => {
    const run = await runRotation(world, { client: undefined, apiKey: undefined, platform: platform(world) });
    expect(run.error).toBeUndefined();
    // The key given is the key the run proves and revokes; a client's own key is replaced by it.
    expect(world.platform.log.entries({ method: 'GET' })[0]?.actor).toBe(`key:${world.currentKey.id}`);
    expect(world.held()).toEqual([run.createdValues[0], run.createdValues[0]]);
    checkInvariants(world, run);
  });

  it('proves the apiKey it would write back, whatever key the client holds', async () => {
    const stale = world.platform.createKey('stale');
    await world.client(world.currentKey.key).apiKeys.revoke(stale.id);
    world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: ENV_SECRET_PATH });
    const run = await runRotation(world, { apiKey: stale.key, client: world.client(world.currentKey.key) });
    expect(run.error?.step).toBe('preflight');
    expect(run.error?.message).toMatch(/key in the secret NEON_API_KEY no longer works/);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(world.platform.log.entries({ method: 'POST' })).toEqual([]);
  });

  it('finds a key whose lost create lands after the first look, and revokes it', async () => {
    const gates = new FetchGates();
    world.platform.faults.add({ kind: 'status', status: 500, method: 'POST', path: '/api_keys' });
    let keyName = '';
    let late: { id: number } | undefined;
    const run = await runRotation(world, {
      gates,
      onLog: (entry) => {
        keyName ||= /^Creating key (\S+)/.exec(entry.message)?.[1] ?? '';
        if (!/^The answer to creating key .* was lost/.test(entry.message)) return;
        // The first look finds nothing; the slow create lands right after it.
        const firstLook = gates.hold('GET', '/api_keys', 'reply');
        void firstLook.reached.then(() => {
          late = world.platform.createKey(keyName);
          firstLook.release();
        });
      },
    });
    expect(late).toBeDefined();
    expect(run.error?.step).toBe('create');
    expect(run.error?.message).toMatch(
      new RegExp(`the key had been created, and as its value is unknown it was revoked \\(id ${late!.id}\\)`),
    );
    expect(world.platform.listKeys().find((k) => k.id === late!.id)?.revoked).toBe(true);
    checkInvariants(world, run);
  });

  it('throws an OptionError for a non-object', async () => {
    await expect(rotateKey(undefined as never)).rejects.toMatchObject({ name: 'OptionError', option: 'options' });
  });
});
