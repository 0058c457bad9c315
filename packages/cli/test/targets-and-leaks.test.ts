// Issue 23's done-when, through the packed bin against the emulators: one `keyturn rotate` writes a
// GitHub repository secret, a Codespaces secret and a GitLab project variable; an emergency rotation
// names the leaked key by the fingerprint `keyturn fingerprint` read on stdin; the target record kept
// in a GitLab project (CI_PROJECT_ID in a GitLab CI job); `keyturn answer-alerts` answers a
// secret-scanning alert. Every run's output is searched for every key value and token (world.ts).

import { leaseVariableName } from '@keyturn/rotation/targets';
import { type GitLabEmulator, startGitLabEmulator } from '@keyturn/emulator';
import { describe, expect } from 'vitest';
import { jsonOf, keyturn, leaksIn, startKeyturn } from './keyturn-process.js';
import { it as worldIt, liveKeyIds, RECORD_REPO, REPO, run, TOKEN } from './world.js';

const GITLAB_TOKEN = 'glpat-keyturn-cli-maintainer-0001';
const CODESPACES = 'codespaces:acme/web';
const GITLAB = 'gitlab:acme/web:production';
const ALERT_TYPE = 'custom_pattern_platform_key';

const withGitLab = (env: Record<string, string | undefined> = {}) => ({ env: { GITLAB_TOKEN, ...env } });

interface GitLabSide {
  gitlab: GitLabEmulator;
  gitlabFlags: string[];
  /** The project acme/ops, where a record kept in GitLab goes. */
  opsProjectId: number;
  /** The values the three targets hold now (learned as secrets: no output may show them). */
  heldValues(): { repo?: string; codespaces?: string; gitlab?: string };
}

/** The test's world and a GitLab emulator of its own: acme/web's production variable holds the console key. */
const it = worldIt.extend<{ lab: GitLabSide }>({
  lab: async ({ world }, use) => {
    const gitlab = await startGitLabEmulator({
      projects: ['acme/web'],
      tokens: { [GITLAB_TOKEN]: { roles: { 'acme/web': 'maintainer', 'acme/ops': 'maintainer' } } },
    });
    const opsProjectId = gitlab.addProject('acme/ops').id;
    gitlab.setVariable(
      { project: 'acme/web' },
      { key: 'NEON_API_KEY', value: world.consoleKey.key, environment_scope: 'production', protected: true, masked: true },
    );
    world.secrets.push(GITLAB_TOKEN);
    const heldValues = () => {
      const held = {
        repo: world.github.secretValue(REPO, 'NEON_API_KEY'),
        codespaces: world.github.secretValue(CODESPACES, 'NEON_API_KEY'),
        gitlab: gitlab.variable({ project: 'acme/web' }, 'NEON_API_KEY', 'production')?.value,
      };
      for (const value of Object.values(held)) if (value && !world.secrets.includes(value)) world.secrets.push(value);
      return held;
    };
    try {
      await use({ gitlab, gitlabFlags: ['--gitlab-url', gitlab.url], opsProjectId, heldValues });
    } finally {
      await gitlab.close();
    }
  },
});

describe.concurrent('keyturn rotate into GitHub, Codespaces and GitLab', () => {
  it('writes the new key to a repository secret, a Codespaces secret and a GitLab project variable in one run, revokes the old key and records the targets', async ({
    world,
    lab,
  }) => {
    const { gitlab, heldValues, gitlabFlags } = lab;
    const { consoleKey, platform, github } = world;
    const args = [
      'rotate',
      '--target',
      REPO,
      '--target',
      CODESPACES,
      '--target',
      GITLAB,
      '--record-repo',
      RECORD_REPO,
      '--revoke-key-id',
      String(consoleKey.id),
    ];
    const result = await run(world, [...args, '--output', 'json', ...world.urls, ...gitlabFlags], withGitLab());

    expect(result.code, result.stderr).toBe(0);
    const json = jsonOf(result);
    const held = heldValues();
    expect(held.codespaces).toBe(held.repo);
    expect(held.gitlab).toBe(held.repo);
    expect(platform.isKeyValid(held.repo!)).toBe(true);
    expect(platform.isKeyValid(consoleKey.key)).toBe(false);
    const created = platform.listKeys().find((k) => k.name === json.keyName)!;
    expect(json).toMatchObject({
      ok: true,
      keyId: created.id,
      targets: [REPO, CODESPACES, GITLAB],
      revokedKeyIds: [consoleKey.id],
      leak: null,
      error: null,
    });
    expect(liveKeyIds(world)).toEqual([created.id]);
    // GitLab's flags kept as the user set them, the value masked.
    expect(gitlab.variable({ project: 'acme/web' }, 'NEON_API_KEY', 'production')).toMatchObject({ masked: true, protected: true });
    // The record names all three targets, in the record repository's variables.
    const record = github.log.entries({ method: 'POST', path: '/repos/acme/ops/actions/variables' }).map((e) => JSON.stringify(e));
    expect(record.length).toBeGreaterThan(0);
    // No key value in any output: checked by run(); searched again now that every target's value is known.
    const text = `${result.stdout}\n${result.stderr}`;
    for (const value of [held.repo!, consoleKey.key, GITLAB_TOKEN, TOKEN]) expect(text).not.toContain(value);
  });

  it('names GITLAB_TOKEN when a GitLab target has no GitLab credential, before anything changes', async ({ world, lab }) => {
    const { gitlab, gitlabFlags } = lab;
    const result = await run(world, [
      'rotate',
      '--target',
      REPO,
      '--target',
      GITLAB,
      '--record-repo',
      RECORD_REPO,
      ...world.urls,
      ...gitlabFlags,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/GITLAB_TOKEN \(or --gitlab-token-file\)/);
    expect(world.platform.listKeys()).toHaveLength(1);
    expect(gitlab.log.entries()).toEqual([]);
  });
});

describe.concurrent('keyturn rotate --leaked-key-fingerprint', () => {
  it('revokes the leaked key named by the fingerprint keyturn fingerprint read on stdin, whatever --keep says', async ({ world, lab }) => {
    const { heldValues, gitlabFlags } = lab;
    const { platform } = world;
    const targets = ['--target', REPO, '--target', GITLAB, '--record-repo', RECORD_REPO, ...world.urls, ...gitlabFlags];
    const first = await run(world, ['rotate', ...targets], withGitLab());
    expect(first.code, first.stderr).toBe(0);
    const leaked = heldValues().repo!;
    const leakedId = platform.listKeys().find((k) => !k.revoked && k.id !== world.consoleKey.id)!.id;

    const printed = await keyturn(['fingerprint'], { input: `${leaked}\n` });
    expect(printed.code).toBe(0);
    expect(printed.stdout).not.toContain(leaked);
    const fingerprint = printed.stdout.trim();
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);

    const result = await run(world, ['rotate', ...targets, '--keep', '2', '--leaked-key-fingerprint', fingerprint, '--output', 'json'], {
      apiKey: leaked,
      ...withGitLab(),
    });
    expect(result.code, result.stderr).toBe(0);
    const json = jsonOf(result);
    const held = heldValues();
    expect(held.repo).not.toBe(leaked);
    expect(held.gitlab).toBe(held.repo);
    expect(platform.isKeyValid(held.repo!)).toBe(true);
    expect(platform.isKeyValid(leaked)).toBe(false);
    expect(json.leak).toMatchObject({ keyId: leakedId, revoked: true, unwritten: [] });
    expect(json.leak.heldBy).toEqual(expect.arrayContaining([REPO, GITLAB]));
    expect(json.revokedKeyIds).toContain(leakedId);
  });

  it('refuses both --leaked-key-id and --leaked-key-fingerprint, and never quotes a key pasted as a fingerprint', async ({ world }) => {
    const both = await run(world, [
      'rotate',
      '--target',
      REPO,
      '--record-repo',
      RECORD_REPO,
      '--leaked-key-id',
      '7',
      '--leaked-key-fingerprint',
      '0123456789abcdef',
      ...world.urls,
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--leaked-key-fingerprint and --leaked-key-id are both given/);

    const pasted = await run(world, [
      'rotate',
      '--target',
      REPO,
      '--record-repo',
      RECORD_REPO,
      '--leaked-key-fingerprint',
      world.consoleKey.key,
      ...world.urls,
    ]);
    expect(pasted.code).toBe(2);
    expect(pasted.stderr).toMatch(/--leaked-key-fingerprint is invalid: it must be a key fingerprint, 16 hex characters/);
    expect(world.platform.listKeys()).toHaveLength(1);
    expect(world.github.log.entries({ method: 'PUT' })).toEqual([]);
  });
});

describe.concurrent('keyturn rotate with the record in GitLab', () => {
  it('keeps the record in the pipeline project (CI_PROJECT_ID) in a GitLab CI job, needing no GitHub token, and the next run reads it back', async ({
    world,
    lab,
  }) => {
    const { gitlab, opsProjectId, heldValues, gitlabFlags } = lab;
    const { platform } = world;
    const env = { GITLAB_CI: 'true', CI_PROJECT_ID: String(opsProjectId), CI_API_V4_URL: gitlab.url, GITHUB_TOKEN: undefined };
    const first = await run(
      world,
      ['rotate', '--target', GITLAB, '--revoke-key-id', String(world.consoleKey.id), '--api-url', platform.url],
      withGitLab(env),
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toMatch(/keeps no target record/);
    const record = gitlab.variables({ project: 'acme/ops' }).filter((v) => v.key.startsWith('KEYTURN_RECORD_'));
    expect(record).toHaveLength(1);
    expect(record[0]!.value).toContain(GITLAB);
    const firstKey = heldValues().gitlab!;
    expect(platform.isKeyValid(world.consoleKey.key)).toBe(false);

    // Outside GitLab CI, named by path: the record is read, the family kept, the first run's key revoked.
    const second = await run(
      world,
      ['rotate', '--target', GITLAB, '--record-gitlab-project', 'acme/ops', '--api-url', platform.url, '--output', 'json', ...gitlabFlags],
      {
        apiKey: firstKey,
        ...withGitLab({ GITHUB_TOKEN: undefined }),
      },
    );
    expect(second.code, second.stderr).toBe(0);
    const json = jsonOf(second);
    const secondKey = heldValues().gitlab!;
    expect(secondKey).not.toBe(firstKey);
    expect(platform.isKeyValid(firstKey)).toBe(false);
    expect(platform.isKeyValid(secondKey)).toBe(true);
    expect(record[0]!.value).toContain(json.family);

    // status reads the same record, with GITLAB_TOKEN alone (in GitLab CI: CI_PROJECT_ID).
    const status = await run(world, ['status', '--api-url', platform.url, '--output', 'json'], { apiKey: secondKey, ...withGitLab(env) });
    expect(status.code, status.stderr).toBe(0);
    const families = jsonOf(status).families;
    expect(families).toEqual([expect.objectContaining({ family: json.family, targets: [expect.objectContaining({ spec: GITLAB })] })]);
  });

  // The GitLab emulator started all the same (lab): its token is among the secrets no output may show.
  it('refuses --record-repo with --record-gitlab-project', async ({ world, lab: _started }) => {
    const result = await run(
      world,
      ['rotate', '--target', REPO, '--record-repo', RECORD_REPO, '--record-gitlab-project', 'acme/ops', ...world.urls],
      withGitLab(),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--record-repo and --record-gitlab-project are both given/);
  });
});

describe.concurrent('keyturn answer-alerts', () => {
  it("rotates out the leaked key of an alert, revokes it and resolves the alert; the alert's value printed nowhere", async ({
    world,
    lab,
  }) => {
    const { heldValues } = lab;
    const { github, platform } = world;
    github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
    const common = ['--target', REPO, '--record-repo', RECORD_REPO, ...world.urls];
    const first = await run(world, ['rotate', ...common, '--revoke-key-id', String(world.consoleKey.id)]);
    expect(first.code, first.stderr).toBe(0);
    const leaked = heldValues().repo!;
    github.raiseSecretScanningAlert('acme/web', { secretType: ALERT_TYPE, secret: leaked });

    const result = await run(
      world,
      ['answer-alerts', '--alert-secret-type', ALERT_TYPE, '--alert-scope', 'repo:acme/web', ...common, '--output', 'json'],
      { apiKey: leaked },
    );
    expect(result.code, result.stderr).toBe(0);
    const json = jsonOf(result);
    const fresh = heldValues().repo!;
    expect(fresh).not.toBe(leaked);
    expect(platform.isKeyValid(fresh)).toBe(true);
    expect(platform.isKeyValid(leaked)).toBe(false);
    expect(github.secretScanningAlerts('acme/web')[0]).toMatchObject({ state: 'resolved', resolution: 'revoked' });
    expect(json).toMatchObject({ command: 'answer-alerts', ok: true, openAlerts: 1, unmanaged: [], error: null });
    expect(json.answered).toEqual([expect.objectContaining({ alert: 'acme/web#1', rotated: true, keyRevoked: true, resolved: true })]);
    expect(json.rotations).toHaveLength(1);
  });

  it('exits 6 when the alert cannot be resolved, the leaked key revoked all the same; the re-run resolves it without rotating again', async ({
    world,
    lab,
  }) => {
    const { heldValues } = lab;
    const { github, platform } = world;
    github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
    const common = ['--target', REPO, '--record-repo', RECORD_REPO, ...world.urls];
    expect((await run(world, ['rotate', ...common])).code).toBe(0);
    const leaked = heldValues().repo!;
    github.raiseSecretScanningAlert('acme/web', { secretType: ALERT_TYPE, secret: leaked });
    github.faults.add({ kind: 'status', status: 503, method: 'PATCH', path: '/repos/acme/web/secret-scanning/alerts/1', times: 'always' });
    const answer = ['answer-alerts', '--alert-secret-type', ALERT_TYPE, '--alert-scope', 'repo:acme/web', ...common, '--output', 'json'];

    const failed = await run(world, answer, { apiKey: leaked });
    expect(failed.code, failed.stderr).toBe(6);
    expect(jsonOf(failed)).toMatchObject({ ok: false, error: { summary: expect.any(String) } });
    expect(platform.isKeyValid(leaked)).toBe(false);
    expect(github.secretScanningAlerts('acme/web')[0]!.state).toBe('open');
    github.faults.clear();

    const fresh = heldValues().repo!;
    const keysBefore = platform.listKeys().length;
    const rerun = await run(world, answer, { apiKey: fresh });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(platform.listKeys()).toHaveLength(keysBefore);
    expect(github.secretScanningAlerts('acme/web')[0]).toMatchObject({ state: 'resolved', resolution: 'revoked' });
    expect(jsonOf(rerun).answered).toEqual([expect.objectContaining({ alert: 'acme/web#1', rotated: false, resolved: true })]);
  });

  it('says what is missing (the secret type, the scope, the record) before any request', async ({ world, lab: _started }) => {
    const result = await run(world, ['answer-alerts', '--target', REPO, ...world.urls]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--alert-secret-type is required/);
    expect(result.stderr).toMatch(/no --alert-scope/);
    expect(result.stderr).toMatch(/no target record: pass --record-repo or --record-gitlab-project/);
    expect(world.github.log.entries()).toEqual([]);
    expect(world.platform.listKeys()).toHaveLength(1);
  });
});

describe.concurrent('keyturn rotate into GitLab killed mid-request, then run again', () => {
  // As crash.test.ts, at the GitLab requests: the record in GitLab written, and the variable's write
  // taken or not taken when the process died.
  const CASES = [
    {
      name: 'the GitLab record written, no key yet',
      fault: { method: 'POST', path: '/projects/acme%2Fops/variables', afterEffect: true },
      after: 1,
    },
    {
      name: 'the GitLab variable written, the process gone before the answer',
      fault: { method: 'PUT', path: '/projects/acme%2Fweb/variables/*', afterEffect: true },
    },
    { name: 'the GitLab variable not written', fault: { method: 'PUT', path: '/projects/acme%2Fweb/variables/*', afterEffect: false } },
  ];
  it.for(CASES)('$name', async ({ fault, ...rest }, { world, lab }) => {
    const { gitlab, heldValues, gitlabFlags } = lab;
    const { platform } = world;
    // The second POST: the first takes the lease.
    if ('after' in rest) gitlab.faults.add({ method: fault.method, path: fault.path, kind: 'delay', ms: 0, times: rest.after as number });
    gitlab.faults.add({ ...fault, kind: 'hang', times: 1 });
    const args = [
      'rotate',
      '--target',
      REPO,
      '--target',
      GITLAB,
      '--record-gitlab-project',
      'acme/ops',
      '--revoke-key-id',
      String(world.consoleKey.id),
      '--output',
      'json',
      ...world.urls,
      ...gitlabFlags,
    ];
    const crashed = startKeyturn(args, { env: { NEON_API_KEY: world.consoleKey.key, GITHUB_TOKEN: TOKEN, GITLAB_TOKEN } });
    let ended = false;
    void crashed.done.then(() => (ended = true));
    while (!gitlab.log.entries().some((entry) => entry.fault === 'hang')) {
      expect(ended, 'the run ended before reaching the hanging request').toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    crashed.child.kill('SIGKILL');
    const crash = await crashed.done;
    expect(crash.signal).toBe('SIGKILL');
    heldValues();
    expect(leaksIn(crash, world.secrets)).toEqual([]);

    // The killed run's lease, deleted as the README says when the run is known dead (else it lapses in 10 minutes).
    const lease = `${gitlab.url}/projects/acme%2Fops/variables/${leaseVariableName('NEON_API_KEY', 'personal')}?filter%5Benvironment_scope%5D=*`;
    expect((await fetch(lease, { method: 'DELETE', headers: { 'private-token': GITLAB_TOKEN } })).status).toBe(204);
    // The next scheduled run, with whatever key the GitLab variable holds now.
    const rerun = await run(world, args, { apiKey: heldValues().gitlab!, ...withGitLab() });
    expect(rerun.code, rerun.stderr).toBe(0);
    const held = heldValues();
    expect(held.gitlab, 'every target holds the same key').toBe(held.repo);
    expect(platform.isKeyValid(held.gitlab!), 'the key the targets hold works').toBe(true);
    expect(
      platform
        .listKeys()
        .filter((k) => !k.revoked)
        .map((k) => k.id),
      'no other key is valid',
    ).toEqual([jsonOf(rerun).keyId]);
  });
});
