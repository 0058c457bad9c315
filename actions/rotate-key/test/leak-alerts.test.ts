// End to end, alert mode (alert-secret-type, README "When a key leaks"): dist/index.js run as the
// runner runs it against the emulators. An alert for this family's key is answered (key revoked,
// alert resolved once, linking the run; the value masked as it is read and printed nowhere), an
// unmatched alert is reported and left open, nothing open costs one request, and a re-run after a
// crash resolves what remains without rotating again.

import { describe, expect } from 'vitest';
import { annotations, it, REPO, type RotateKeyWorld, TOKEN } from './rotate-key-world.js';

const TYPE = 'custom_pattern_platform_key';
const RUNNER = { GITHUB_RUN_ID: '4242', GITHUB_SERVER_URL: 'https://github.com' };
const RUN_URL = 'https://github.com/acme/web/actions/runs/4242';

/** A first rotation by the Action: its key is in the secret and the family's record knows it. */
async function rotatedOnce({ github, rotate }: RotateKeyWorld): Promise<string> {
  github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
  const first = await rotate({});
  expect(first.exitCode).toBe(0);
  return github.secretValue(REPO, 'NEON_API_KEY')!;
}

function answerAlerts(world: RotateKeyWorld, apiKey: string, inputs: Record<string, string> = {}) {
  return world.rotate({ 'api-key': apiKey, 'alert-secret-type': TYPE, ...inputs }, RUNNER);
}

describe.concurrent('rotate-key, alert mode', () => {
  it('answers an alert of its family: rotates the key out, revokes it, resolves the alert once; the value is masked as read and printed nowhere', async ({
    world,
  }) => {
    const { platform, github, secrets } = world;
    const leaked = await rotatedOnce(world);
    github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: leaked });
    const run = await answerAlerts(world, leaked);

    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(platform.isKeyValid(leaked)).toBe(false);
    const fresh = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(fresh).not.toBe(leaked);
    expect(platform.isKeyValid(fresh)).toBe(true);
    const [alert] = github.secretScanningAlerts('acme/web');
    expect(alert).toMatchObject({ state: 'resolved', resolution: 'revoked' });
    expect(alert!.history).toHaveLength(1);
    expect(alert!.resolutionComment).toContain(RUN_URL);
    expect(run.outputs['resolved-alerts']).toBe(JSON.stringify(['acme/web#1']));
    expect(run.outputs['unmanaged-alerts']).toBe('[]');
    expect(run.outputs['leaked-key-revoked']).toBe('true');
    // The alert's value is masked the moment it is read, before the rotation's first line.
    expect(run.masks).toContain(leaked);
    expect(run.stdout.indexOf(`::add-mask::${leaked}`)).toBeLessThan(run.stdout.indexOf('Emergency rotation'));
    expect(run.summary).toContain('Leaked keys (custom_pattern_platform_key): answered');
    expect(run.summary).toMatch(/rotated out of every target, revoked [\d.]+ ?m?s after this run started; alert resolved as revoked/);
    // rotate() searched every output for every key value seen (the leaked one, the new one).
    expect(secrets).toContain(leaked);
    expect(`${run.visibleStdout}\n${run.stderr}\n${run.summary}\n${JSON.stringify(run.outputs)}`).not.toContain(leaked);
  });

  it('reports an alert whose key no record knows and leaves it open, the key untouched', async ({ world }) => {
    const { platform, github, secrets } = world;
    const mine = await rotatedOnce(world);
    const stranger = platform.createKey('made by someone in the console');
    secrets.push(stranger.key);
    github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: stranger.key });
    const run = await answerAlerts(world, mine);

    expect(run.exitCode).toBe(0);
    expect(github.secretScanningAlerts('acme/web')[0]!.state).toBe('open');
    expect(platform.isKeyValid(stranger.key)).toBe(true);
    expect(platform.isKeyValid(mine)).toBe(true);
    expect(run.outputs['unmanaged-alerts']).toBe(JSON.stringify(['acme/web#1']));
    expect(run.outputs['resolved-alerts']).toBe('[]');
    expect(annotations(run, 'warning').join('\n')).toMatch(
      /keyturn does not manage it and leaves the alert open: revoke the key in the platform console/,
    );
    expect(run.summary).toContain('not a key keyturn manages');
  });

  it('with nothing open reads one page of alerts: one GitHub request, none to the platform', async ({ world }) => {
    const { platform, github } = world;
    const mine = await rotatedOnce(world);
    const [githubBefore, platformBefore] = [github.log.entries().length, platform.log.entries().length];
    const run = await answerAlerts(world, mine);

    expect(run.exitCode).toBe(0);
    expect(
      github.log
        .entries()
        .slice(githubBefore)
        .map((e) => `${e.method} ${e.path}`),
    ).toEqual(['GET /repos/acme/web/secret-scanning/alerts']);
    expect(platform.log.entries().length).toBe(platformBefore);
    expect(run.outputs['resolved-alerts']).toBe('[]');
    expect(run.summary).toContain('no open alert');
  });

  it('after a crash before the resolution, the re-run resolves the alert once without rotating again', async ({ world }) => {
    const { platform, github } = world;
    const leaked = await rotatedOnce(world);
    github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: leaked });
    github.faults.add({ kind: 'status', status: 503, method: 'PATCH', path: '/repos/acme/web/secret-scanning/alerts/1', times: 'always' });
    const crashed = await answerAlerts(world, leaked);
    expect(crashed.exitCode).toBe(1);
    expect(platform.isKeyValid(leaked)).toBe(false);
    expect(github.secretScanningAlerts('acme/web')[0]!.state).toBe('open');
    github.faults.clear();

    const fresh = github.secretValue(REPO, 'NEON_API_KEY')!;
    const keysBefore = platform.listKeys().length;
    const rerun = await answerAlerts(world, fresh);
    expect(annotations(rerun, 'error')).toEqual([]);
    expect(rerun.exitCode).toBe(0);
    expect(platform.listKeys().length).toBe(keysBefore);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(fresh);
    const [alert] = github.secretScanningAlerts('acme/web');
    expect(alert!.history).toEqual([expect.objectContaining({ state: 'resolved', resolution: 'revoked' })]);
    expect(rerun.outputs['resolved-alerts']).toBe(JSON.stringify(['acme/web#1']));
  });

  it('refuses inputs only a rotation by hand takes, before any request', async ({ world }) => {
    const { github, rotate } = world;
    const before = github.log.entries().length;
    const run = await rotate({ 'alert-secret-type': TYPE, 'dry-run': 'true', 'leaked-key-id': '3' });
    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error').join('\n')).toMatch(/'dry-run' is given with alert-secret-type/);
    expect(annotations(run, 'error').join('\n')).toMatch(/'leaked-key-id' is given with alert-secret-type/);
    expect(github.log.entries().length).toBe(before);
  });

  it('names alert-scope, the input, when the library refuses the scope (not its option alerts.scope)', async ({ world }) => {
    const { rotate } = world;
    const run = await rotate({ 'alert-secret-type': TYPE, 'alert-scope': 'team:acme' });
    expect(run.exitCode).toBe(1);
    const said = annotations(run, 'error').join('\n');
    expect(said).toMatch(/alert-scope/);
    expect(said).toMatch(/repo:OWNER\/REPO or org:ORG/);
    expect(said).not.toMatch(/alerts\.scope/);
  });

  // Issue 31, item 4: where the leak response meets the rest.
  it('an alert whose resolution reply is lost (502 after it took effect) is reported resolved by this run', async ({ world }) => {
    const { github } = world;
    const leaked = await rotatedOnce(world);
    github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: leaked });
    github.faults.add({ kind: 'reply-lost', status: 502, method: 'PATCH', path: '/repos/acme/web/secret-scanning/alerts/1', times: 1 });
    const run = await answerAlerts(world, leaked);

    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    const [alert] = github.secretScanningAlerts('acme/web');
    expect(alert).toMatchObject({ state: 'resolved', resolution: 'revoked' });
    expect(alert!.history).toHaveLength(1);
    expect(run.outputs['resolved-alerts']).toBe(JSON.stringify(['acme/web#1']));
    expect(run.summary).toContain('alert resolved as revoked');
    expect(run.summary).not.toContain('already resolved on GitHub');
  });

  it('a target that fails the preflight (403 on its public key) does not keep the leaked key alive: revoked and the alert resolved, the step fails naming the target', async ({
    world,
  }) => {
    const { platform, github, rotate } = world;
    const targets = `${REPO}\nenv:acme/web:production`;
    github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
    expect((await rotate({ targets })).exitCode).toBe(0);
    const leaked = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(github.secretValue('env:acme/web:production', 'NEON_API_KEY')).toBe(leaked);
    github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: leaked });
    github.faults.add({
      kind: 'status',
      status: 403,
      method: 'GET',
      path: '/repos/acme/web/environments/production/secrets/public-key',
      times: 'always',
    });
    const run = await answerAlerts(world, leaked, { targets });

    expect(run.exitCode).toBe(1);
    expect(platform.isKeyValid(leaked)).toBe(false);
    expect(platform.isKeyValid(github.secretValue(REPO, 'NEON_API_KEY')!)).toBe(true);
    expect(github.secretScanningAlerts('acme/web')[0]).toMatchObject({ state: 'resolved', resolution: 'revoked' });
    expect(run.outputs['resolved-alerts']).toBe(JSON.stringify(['acme/web#1']));
    expect(annotations(run, 'error').join('\n')).toContain('env:acme/web:production is left without a working key');
  });

  it('two leaked keys of the family in one run: one emergency rotation revokes both, and no key is left valid with no holder', async ({
    world,
  }) => {
    const { platform, github, consoleKey, rotate, liveKeyIds } = world;
    const first = await rotatedOnce(world);
    const second = await rotate({ 'api-key': first, keep: '2' });
    expect(second.exitCode).toBe(0);
    const current = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(platform.isKeyValid(first)).toBe(true);
    github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: first });
    github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: current });
    const keysBefore = platform.listKeys().length;
    const run = await answerAlerts(world, current, { keep: '2' });

    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(platform.listKeys().length).toBe(keysBefore + 1);
    expect(platform.isKeyValid(first)).toBe(false);
    expect(platform.isKeyValid(current)).toBe(false);
    const fresh = github.secretValue(REPO, 'NEON_API_KEY')!;
    // The console key stays valid (no run was told to revoke it); of the family, only the new key.
    expect(liveKeyIds().filter((id) => id !== consoleKey.id)).toEqual([platform.keyIdOf(fresh)]);
    expect(github.secretScanningAlerts('acme/web').map((a) => a.state)).toEqual(['resolved', 'resolved']);
    expect(JSON.parse(run.outputs['resolved-alerts']!)).toEqual(expect.arrayContaining(['acme/web#1', 'acme/web#2']));
  });
});
