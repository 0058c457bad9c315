// Answering secret-scanning alerts (answerLeakAlerts, README "When a key leaks"): an alert of this
// family's key is answered by the emergency rotation and resolved once the platform refuses the
// key; another family's key and a key no record knows are reported and left open; nothing open
// costs one request; a re-run after a crash finishes what remains. Against the emulators.

import { describe, expect, it } from 'vitest';
import {
  answerLeakAlerts,
  type AnswerLeakAlertsOptions,
  LeakAlertsError,
  type LeakAlertsReport,
  type RotateKeyOptions,
} from '../src/index.js';
import { runRotation } from './run.js';
import { SECRET, TARGETS, TOKEN, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
  // Reads and resolves alerts as well as writing secrets.
  world.github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
});

const RECORD = { repository: 'acme/web' };
const TYPE = 'custom_pattern_platform_key';
const RUN_URL = 'https://github.com/acme/web/actions/runs/42';

/** A first rotation with a record: the family's key, known by its fingerprint. */
async function rotatedOnce(targets = TARGETS, secretName = SECRET): Promise<{ id: number; value: string }> {
  const first = await runRotation(world, { targets, secretName, record: RECORD });
  expect(first.error?.message).toBeUndefined();
  return { id: first.report!.keyId!, value: first.createdValues[0]! };
}

interface AlertsRun {
  report?: LeakAlertsReport;
  error?: LeakAlertsError;
  /** Everything the run said or handed out, but the values given to the mask hook. */
  said: string;
  masked: string[];
  created: string[];
  requests: number;
}

async function answer(
  apiKey: string,
  overrides: Partial<AnswerLeakAlertsOptions> = {},
  rotation: Partial<RotateKeyOptions> = {},
): Promise<AlertsRun> {
  const lines: string[] = [];
  const masked: string[] = [];
  const created: string[] = [];
  const before = world.requests.length;
  const run: Omit<AlertsRun, 'said' | 'requests'> = { masked, created };
  try {
    run.report = await answerLeakAlerts({
      rotation: {
        client: world.client(apiKey),
        apiKey,
        github: world.githubOptions(),
        targets: TARGETS,
        secretName: SECRET,
        record: RECORD,
        defaultRepository: 'acme/web',
        verify: { timeoutMs: 1000, intervalMs: 20 },
        onKeyCreated: (value) => {
          created.push(value);
        },
        log: (entry) => lines.push(entry.message),
        ...rotation,
      },
      secretType: TYPE,
      runUrl: RUN_URL,
      onAlertValue: (value) => {
        masked.push(value);
      },
      log: (entry) => lines.push(entry.message),
      ...overrides,
    });
  } catch (error) {
    if (!(error instanceof LeakAlertsError)) throw error;
    run.error = error;
  }
  const said = [...lines, run.error?.message ?? '', JSON.stringify(run.report ?? run.error?.report ?? {})].join('\n');
  return { ...run, said, requests: world.requests.length - before };
}

describe('answering secret-scanning alerts', () => {
  it('answers an alert of this family: the key is rotated out and revoked, the alert resolved once, linking the run, nothing said', async () => {
    const leaked = await rotatedOnce();
    world.github.raiseSecretScanningAlert('acme/docs', { secretType: TYPE, secret: leaked.value });
    world.github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: leaked.value });
    const run = await answer(leaked.value, { scope: 'org:acme' });
    expect(run.error?.message).toBeUndefined();
    expect(world.platform.isKeyValid(leaked.value)).toBe(false);
    expect(world.held()).toEqual([run.created[0], run.created[0]]);
    expect(world.platform.isKeyValid(run.created[0]!)).toBe(true);
    for (const repo of ['acme/docs', 'acme/web']) {
      const [alert] = world.github.secretScanningAlerts(repo);
      expect(alert).toMatchObject({ state: 'resolved', resolution: 'revoked' });
      expect(alert!.history).toHaveLength(1);
      expect(alert!.resolutionComment).toContain(RUN_URL);
    }
    expect(run.report).toMatchObject({ openAlerts: 2, unmanaged: [], otherFamily: [] });
    // In the listing's order, which follows the alerts' creation times (the same millisecond or not): sorted here.
    const answered = run.report!.answered.map((a) => [a.repository, a.keyId, a.rotated, a.keyRevoked, a.resolved]);
    expect(answered.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['acme/docs', leaked.id, true, true, true],
      ['acme/web', leaked.id, true, true, true],
    ]);
    expect(run.report!.rotations).toHaveLength(1);
    expect(run.report!.rotations[0]!.leak).toMatchObject({ keyId: leaked.id, revoked: true });
    // Handed to the mask hook, and nowhere else.
    expect(run.masked).toEqual([leaked.value, leaked.value]);
    expect(run.said).not.toContain(leaked.value);
    expect(run.said).not.toContain(run.created[0]);
  });

  it('leaves open, and reports, an alert no record knows and one of another family', async () => {
    const other = await rotatedOnce(['repo:acme/api'], 'OTHER_KEY');
    const mine = await rotatedOnce();
    const stranger = world.platform.createKey('made in the console');
    world.github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: stranger.key });
    world.github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: other.value });
    const run = await answer(mine.value);
    expect(run.error?.message).toBeUndefined();
    expect(run.report!.unmanaged).toEqual([expect.objectContaining({ repository: 'acme/web', number: 1 })]);
    expect(run.report!.otherFamily).toEqual([
      expect.objectContaining({ repository: 'acme/web', number: 2, keyId: other.id, secretName: 'OTHER_KEY' }),
    ]);
    expect(run.report!.answered).toEqual([]);
    expect(run.report!.rotations).toEqual([]);
    expect(world.github.secretScanningAlerts('acme/web').map((a) => a.state)).toEqual(['open', 'open']);
    expect(world.platform.isKeyValid(stranger.key)).toBe(true);
    expect(world.platform.isKeyValid(other.value)).toBe(true);
    expect(world.platform.isKeyValid(mine.value)).toBe(true);
    expect(run.report!.warnings.join('\n')).toMatch(
      /keyturn does not manage it and leaves the alert open: revoke the key in the platform console/,
    );
    expect(run.said).not.toContain(stranger.key);
    expect(run.said).not.toContain(other.value);
  });

  it('with nothing open reads one page of alerts and nothing else', async () => {
    const mine = await rotatedOnce();
    world.github.raiseSecretScanningAlert('acme/web', { secretType: 'another_type', secret: mine.value });
    const run = await answer(mine.value);
    expect(run.error?.message).toBeUndefined();
    expect(run.report).toMatchObject({ openAlerts: 0, answered: [], rotations: [] });
    expect(run.requests).toBe(1);
    expect(world.platform.isKeyValid(mine.value)).toBe(true);
  });

  it('after a crash between the revocation and the resolution, the re-run resolves the alert without rotating again', async () => {
    const leaked = await rotatedOnce();
    world.github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: leaked.value });
    // The first run's resolution never lands: GitHub is unreachable for it.
    world.github.faults.add({
      kind: 'status',
      status: 503,
      method: 'PATCH',
      path: '/repos/acme/web/secret-scanning/alerts/1',
      times: 'always',
    });
    const crashed = await answer(leaked.value);
    expect(crashed.error).toBeInstanceOf(LeakAlertsError);
    expect(world.platform.isKeyValid(leaked.value)).toBe(false);
    expect(world.github.secretScanningAlerts('acme/web')[0]!.state).toBe('open');
    world.github.faults.clear();

    const newKey = crashed.created[0]!;
    const rerun = await answer(newKey);
    expect(rerun.error?.message).toBeUndefined();
    expect(rerun.report!.rotations).toEqual([]);
    expect(rerun.report!.answered).toEqual([
      expect.objectContaining({ keyId: leaked.id, rotated: false, keyRevoked: true, resolved: true }),
    ]);
    const [alert] = world.github.secretScanningAlerts('acme/web');
    expect(alert!.history).toEqual([expect.objectContaining({ state: 'resolved', resolution: 'revoked' })]);
    expect(alert!.resolutionComment).toMatch(/already revoked/);
    expect(world.held()).toEqual([newKey, newKey]);
    expect(world.platform.isKeyValid(newKey)).toBe(true);

    const third = await answer(newKey);
    expect(third.report).toMatchObject({ openAlerts: 0 });
    expect(world.github.secretScanningAlerts('acme/web')[0]!.history).toHaveLength(1);
  });

  it('without the "Secret scanning alerts" permission fails before any change, saying what to grant', async () => {
    const mine = await rotatedOnce();
    world.github.addToken(TOKEN, 'write', { secretScanningAlerts: 'none' });
    world.github.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: mine.value });
    const run = await answer(mine.value);
    expect(run.error?.advice).toContain('"Secret scanning alerts: Read and write", a GitHub App with `secret_scanning_alerts` write');
    expect(run.error?.report.rotations).toEqual([]);
    expect(world.platform.isKeyValid(mine.value)).toBe(true);
  });

  it('refuses a run without the record or with a bad scope before any request', async () => {
    const before = world.requests.length;
    await expect(answer(world.currentKey.key, {}, { record: undefined })).rejects.toThrow(/needs the target record/);
    await expect(answer(world.currentKey.key, { scope: 'team:acme' })).rejects.toThrow(/repo:OWNER\/REPO or org:ORG/);
    expect(world.requests.length).toBe(before);
  });
});
