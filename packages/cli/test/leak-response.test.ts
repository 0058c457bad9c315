// Issue 31, item 4, through the packed bin against the emulators: the leak response where it meets
// the rest. A dropped target retired in the same run is not left without a working key; a target
// that fails the preflight does not keep the leaked key alive; with keep 2 the leaked key's slot is
// given to no older key; an alert whose resolution reply was lost is reported resolved; two leaked
// keys of the family make one rotation. Every output is searched for every key value (world.ts).

import { describe, expect } from 'vitest';
import { jsonOf } from './keyturn-process.js';
import { ENV, it, liveKeyIds, RECORD_REPO, REPO, run, TOKEN, type World } from './world.js';

const ALERT_TYPE = 'custom_pattern_platform_key';
const ENV_SECRET = '/repos/acme/web/environments/production/secrets/NEON_API_KEY';

/** A first rotation into both targets, the console key revoked: its key is the one that leaks. */
async function rotatedOnce(world: World, args: readonly string[]): Promise<{ id: number; key: string }> {
  const first = await run(world, ['rotate', ...args, '--revoke-key-id', String(world.consoleKey.id), '--output', 'json']);
  expect(first.code, first.stderr).toBe(0);
  return { id: jsonOf(first).keyId, key: world.github.secretValue(REPO, 'NEON_API_KEY')! };
}

describe.concurrent('keyturn rotate --leaked-key-id, where the leak response meets the rest', () => {
  it('a dropped target retired in the same run (its secret deleted) is not named as left without a working key', async ({ world }) => {
    const { github, platform } = world;
    const leaked = await rotatedOnce(world, ['--target', REPO, '--target', ENV, '--record-repo', RECORD_REPO, ...world.urls]);
    expect((await fetch(`${github.url}${ENV_SECRET}`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      204,
    );

    const args = [
      'rotate',
      '--target',
      REPO,
      '--retire-target',
      ENV,
      '--record-repo',
      RECORD_REPO,
      '--leaked-key-id',
      String(leaked.id),
      '--output',
      'json',
      ...world.urls,
    ];
    const result = await run(world, args, { apiKey: leaked.key });
    expect(result.code, result.stderr).toBe(0);
    const json = jsonOf(result);
    expect(json.leak).toMatchObject({ keyId: leaked.id, revoked: true, unwritten: [] });
    expect(platform.isKeyValid(leaked.key)).toBe(false);
    expect(platform.isKeyValid(github.secretValue(REPO, 'NEON_API_KEY')!)).toBe(true);
  });

  it('a target that fails the preflight (403 on its public key): the leaked key is revoked all the same, the target named as left without a working key, exit 1', async ({
    world,
  }) => {
    const { github, platform } = world;
    const targets = ['--target', REPO, '--target', ENV, '--record-repo', RECORD_REPO, ...world.urls];
    const leaked = await rotatedOnce(world, targets);
    github.faults.add({
      kind: 'status',
      status: 403,
      method: 'GET',
      path: '/repos/acme/web/environments/production/secrets/public-key',
      times: 'always',
    });

    const result = await run(world, ['rotate', ...targets, '--leaked-key-id', String(leaked.id), '--output', 'json'], {
      apiKey: leaked.key,
    });
    expect(result.code).toBe(1);
    const json = jsonOf(result);
    expect(platform.isKeyValid(leaked.key)).toBe(false);
    expect(platform.isKeyValid(github.secretValue(REPO, 'NEON_API_KEY')!)).toBe(true);
    expect(github.secretValue(ENV, 'NEON_API_KEY')).toBe(leaked.key);
    expect(json).toMatchObject({
      ok: false,
      targets: [REPO],
      leak: { keyId: leaked.id, revoked: true, unwritten: [ENV] },
      error: { code: 'leaked-key-left' },
    });
    expect(json.error.summary).toContain(`${ENV} is left without a working key`);
  });

  it("with --keep 2, an older key no target holds does not take the leaked key's slot", async ({ world }) => {
    const { github } = world;
    const targets = ['--target', REPO, '--target', ENV, '--record-repo', RECORD_REPO, ...world.urls];
    const first = await rotatedOnce(world, targets);
    const second = await run(world, ['rotate', ...targets, '--keep', '2', '--output', 'json'], { apiKey: first.key });
    expect(second.code, second.stderr).toBe(0);
    const leaked = { id: jsonOf(second).keyId as number, key: github.secretValue(REPO, 'NEON_API_KEY')! };
    expect(liveKeyIds(world)).toEqual(expect.arrayContaining([first.id, leaked.id]));

    const result = await run(world, ['rotate', ...targets, '--keep', '2', '--leaked-key-id', String(leaked.id), '--output', 'json'], {
      apiKey: leaked.key,
    });
    expect(result.code, result.stderr).toBe(0);
    const json = jsonOf(result);
    expect(liveKeyIds(world)).toEqual([json.keyId]);
    expect(json.revokedKeyIds).toEqual(expect.arrayContaining([leaked.id, first.id]));
  });
});

describe.concurrent('keyturn answer-alerts, where the leak response meets the rest', () => {
  const common = (world: World) => ['--target', REPO, '--record-repo', RECORD_REPO, ...world.urls];
  const answer = (world: World) => [
    'answer-alerts',
    '--alert-secret-type',
    ALERT_TYPE,
    '--alert-scope',
    'repo:acme/web',
    ...common(world),
    '--output',
    'json',
  ];

  it('an alert whose resolution reply is lost (502 after it took effect) is reported resolved by this run', async ({ world }) => {
    const { github, platform } = world;
    github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
    const leaked = await rotatedOnce(world, common(world));
    github.raiseSecretScanningAlert('acme/web', { secretType: ALERT_TYPE, secret: leaked.key });
    github.faults.add({ kind: 'reply-lost', status: 502, method: 'PATCH', path: '/repos/acme/web/secret-scanning/alerts/1', times: 1 });

    const result = await run(world, answer(world), { apiKey: leaked.key });
    expect(result.code, result.stderr).toBe(0);
    expect(platform.isKeyValid(leaked.key)).toBe(false);
    const [alert] = github.secretScanningAlerts('acme/web');
    expect(alert).toMatchObject({ state: 'resolved', resolution: 'revoked' });
    expect(alert!.history).toHaveLength(1);
    expect(jsonOf(result).answered).toEqual([
      expect.objectContaining({ alert: 'acme/web#1', rotated: true, keyRevoked: true, resolved: true }),
    ]);
  });

  it('two leaked keys of the family: one emergency rotation revokes both, and no key is left valid with no holder', async ({ world }) => {
    const { github, platform } = world;
    github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
    const first = await rotatedOnce(world, common(world));
    const second = await run(world, ['rotate', ...common(world), '--keep', '2'], { apiKey: first.key });
    expect(second.code, second.stderr).toBe(0);
    const current = github.secretValue(REPO, 'NEON_API_KEY')!;
    github.raiseSecretScanningAlert('acme/web', { secretType: ALERT_TYPE, secret: first.key });
    github.raiseSecretScanningAlert('acme/web', { secretType: ALERT_TYPE, secret: current });
    const keysBefore = platform.listKeys().length;

    const result = await run(world, [...answer(world), '--keep', '2'], { apiKey: current });
    expect(result.code, result.stderr).toBe(0);
    const json = jsonOf(result);
    expect(json.rotations).toHaveLength(1);
    expect(platform.listKeys()).toHaveLength(keysBefore + 1);
    expect(platform.isKeyValid(first.key)).toBe(false);
    expect(platform.isKeyValid(current)).toBe(false);
    expect(liveKeyIds(world)).toEqual([platform.keyIdOf(github.secretValue(REPO, 'NEON_API_KEY')!)]);
    expect(json.answered.map((a: { resolved: boolean }) => a.resolved)).toEqual([true, true]);
  });
});
