// rotateKey through a GitHub App against the emulators over HTTP: one installation token per owner
// (an organization and a user account), each with only its owner's permissions and repositories,
// minted before any key exists and revoked at the end whatever happened; the App's mistakes fail
// the preflight saying what to grant where; no token, JWT or private key in anything said.

import { QUICK_LEASE } from './quick-lease.js';
import { OptionError } from '@keyturn/api';
import {
  type GitHubAppCredentials,
  type GitHubEmulator,
  type PlatformEmulator,
  startGitHubEmulator,
  startPlatformEmulator,
} from '@keyturn/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkRotateKeyOptions,
  type RotateKeyOptions,
  RotationError,
  type RotationLogEntry,
  type RotationReport,
  rotateKey,
} from '../src/index.js';

const SECRET = 'NEON_API_KEY';
const ORG = 'org:acme';
const USER_REPO = 'repo:alice/dotfiles';
const HOME = 'acme/web';
/** Every permission an owner could grant the App; each test installs it with fewer or these. */
const ACME_GRANTS = { organization_secrets: 'write', actions_variables: 'write', secrets: 'write', environments: 'write' } as const;
const ALICE_GRANTS = { secrets: 'write', actions_variables: 'write', dependabot_secrets: 'write' } as const;

let platform: PlatformEmulator;
let github: GitHubEmulator;
let app: GitHubAppCredentials;
let current: { id: number; key: string };

beforeEach(async () => {
  platform = await startPlatformEmulator();
  github = await startGitHubEmulator({ orgs: ['acme'], repos: ['acme/web', 'acme/api', 'alice/dotfiles', 'alice/blog'] });
  app = github.createApp({ name: 'keyturn rotator' });
  current = platform.createKey('keyturn-app-20250101T000000Z-abcd');
  github.putSecretValue(ORG, SECRET, current.key);
  github.putSecretValue(USER_REPO, SECRET, current.key);
});
afterEach(async () => {
  await Promise.all([platform.close(), github.close()]);
});

interface AppRun {
  report?: RotationReport;
  error?: RotationError;
  logs: RotationLogEntry[];
  tokens: string[];
  created: string[];
}

async function run(targets: string[], overrides: Partial<RotateKeyOptions> = {}): Promise<AppRun> {
  const result: AppRun = { logs: [], tokens: [], created: [] };
  try {
    result.report = await rotateKey({
      platform: { apiKey: current.key, baseUrl: platform.url },
      github: {
        appId: app.id,
        privateKey: app.privateKey,
        baseUrl: github.url,
        retryAfterBaseValue: 1,
        writeIntervalMs: 0,
        onToken: (token) => void result.tokens.push(token),
      },
      targets,
      family: 'keyturn-app',
      record: { repository: HOME },
      verify: { timeoutMs: 1000, intervalMs: 20 },
      onKeyCreated: (value) => void result.created.push(value),
      log: (entry) => void result.logs.push(entry),
      lease: QUICK_LEASE,
      ...overrides,
    });
  } catch (error) {
    if (!(error instanceof RotationError)) throw error;
    result.error = error;
  }
  return result;
}

/** Nothing the run said holds a token it was given, the App's JWT, a line of its private key, or a key value. */
function expectNothingLeaked(result: AppRun): void {
  const said = [
    ...result.logs.map((l) => l.message),
    result.error?.message ?? '',
    result.error ? JSON.stringify(result.error) : '',
    JSON.stringify(result.report ?? {}),
  ].join('\n');
  for (const secret of [...result.tokens, ...result.created, current.key])
    expect(said.includes(secret), 'a token or key leaked').toBe(false);
  for (const line of app.privateKey.split('\n').filter((l) => l && !l.startsWith('-----'))) {
    expect(said.includes(line), 'a line of the private key leaked').toBe(false);
  }
  expect(said).not.toMatch(/ghs_[A-Za-z0-9]{20,}/);
  expect(said).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
}

function minted() {
  return github
    .installationTokens(app.id)
    .map(({ owner, permissions, repositories, revoked }) => ({ owner, permissions, repositories, revoked }));
}

describe('rotateKey with a GitHub App', () => {
  it('mints one token per owner, each with only its targets’ permissions and repositories, and revokes both', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: ACME_GRANTS });
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    const result = await run([ORG, USER_REPO]);

    expect(result.error).toBeUndefined();
    const [value] = result.created;
    expect(github.secretValue(ORG, SECRET)).toBe(value);
    expect(github.secretValue(USER_REPO, SECRET)).toBe(value);
    expect(platform.isKeyValid(value!)).toBe(true);
    expect(platform.isKeyValid(current.key)).toBe(false);
    // The organization's secret and the record (in acme/web) on one token; alice's repository on the other.
    expect(minted()).toEqual([
      {
        owner: 'acme',
        permissions: { actions_variables: 'write', organization_secrets: 'write', metadata: 'read' },
        repositories: [`${HOME}`],
        revoked: true,
      },
      { owner: 'alice', permissions: { secrets: 'write', metadata: 'read' }, repositories: ['alice/dotfiles'], revoked: true },
    ]);
    expect(result.tokens).toHaveLength(2);
    // Every GitHub request of the run went through a token of the owner it touched, or the App itself.
    const actors = new Set(github.log.entries().map((e) => e.actor));
    expect([...actors].sort()).toEqual([`app:${app.id}`, ...github.installations(app.id).map((i) => `installation:${i.id}`)].sort());
    expect(result.logs.map((l) => l.message)).toContainEqual(
      expect.stringMatching(/^Revoked the GitHub App's installation tokens \(acme, alice\)$/),
    );
    expectNothingLeaked(result);
  });

  it('puts the repositories an org:ORG:selected secret names in its owner’s token (their ids are looked up)', async () => {
    github.installApp(app.id, { owner: 'acme', repositories: ['web', 'api'], permissions: ACME_GRANTS });
    const result = await run(['org:acme:selected:api'], { record: undefined, lease: false });
    expect(result.error).toBeUndefined();
    expect(github.secret(ORG, SECRET)).toMatchObject({ visibility: 'selected', selected_repository_ids: [github.addRepo('acme/api').id] });
    expect(minted()).toEqual([
      { owner: 'acme', permissions: { organization_secrets: 'write', metadata: 'read' }, repositories: ['acme/api'], revoked: true },
    ]);
  });

  it('mints before any key exists: a missing permission fails the preflight, saying what to grant where, and the tokens minted are revoked', async () => {
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    const { organization_secrets: _, ...withoutOrgSecrets } = ACME_GRANTS;
    github.installApp(app.id, { owner: 'acme', permissions: withoutOrgSecrets });
    const keysBefore = platform.listKeys().length;
    const result = await run([USER_REPO, ORG]);

    expect(result.error).toMatchObject({ code: 'github-app-failed', step: 'preflight' });
    expect(result.error!.summary).toBe(
      `The installation of the GitHub App ${app.id} on acme lacks Organization permissions > Secrets: Read and write (organization_secrets)`,
    );
    expect(result.error!.advice).toMatch(/App's settings > Permissions & events.*accept the new permissions on acme.*Nothing was changed/);
    expect(platform.listKeys()).toHaveLength(keysBefore);
    expect(github.secretValue(ORG, SECRET)).toBe(current.key);
    expect(minted()).toEqual([expect.objectContaining({ owner: 'alice', revoked: true })]);
    expectNothingLeaked(result);
  });

  it('a missing Variables permission (the record) fails the preflight the same way', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: { organization_secrets: 'write' } });
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    const result = await run([ORG, USER_REPO]);
    expect(result.error?.code).toBe('github-app-failed');
    expect(result.error!.summary).toMatch(/on acme lacks Repository permissions > Variables: Read and write \(actions_variables\)$/);
    expect(result.created).toEqual([]);
    expect(minted()).toEqual([]);
  });

  it('an owner the App is not installed on fails the preflight: install it there, with the repositories', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: ACME_GRANTS });
    const result = await run([ORG, USER_REPO]);
    expect(result.error).toMatchObject({ code: 'github-app-failed', step: 'preflight' });
    expect(result.error!.message).toMatch(
      new RegExp(
        `^The GitHub App ${app.id} is not installed on alice, or not on its repository alice/dotfiles\\. Install the App on alice \\(the App's settings > Install App > alice\\) with access to alice/dotfiles`,
      ),
    );
    expect(result.created).toEqual([]);
    expect(minted()).toEqual([expect.objectContaining({ owner: 'acme', revoked: true })]);
    expectNothingLeaked(result);
  });

  it('a repository outside the installation fails the preflight: add it to the repository access', async () => {
    github.installApp(app.id, { owner: 'acme', repositories: ['api'], permissions: ACME_GRANTS });
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    const result = await run([ORG, USER_REPO]);
    expect(result.error?.code).toBe('github-app-failed');
    expect(result.error!.summary).toMatch(/on acme does not reach every repository the run needs \(acme\/web\): GitHub answered 422/);
    expect(result.error!.advice).toMatch(/Repository access \(the installation has Only select repositories\)/);
    expect(result.created).toEqual([]);
  });

  it('a write refused after the key was made still revokes the tokens and leaves every target a working key', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: ACME_GRANTS });
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: `/repos/alice/dotfiles/actions/secrets/${SECRET}` });
    const result = await run([ORG, USER_REPO]);

    expect(result.error?.code).toBe('target-failed');
    expect(result.created).toHaveLength(1);
    for (const target of [ORG, USER_REPO]) expect(platform.isKeyValid(github.secretValue(target, SECRET)!), target).toBe(true);
    expect(platform.isKeyValid(result.created[0]!)).toBe(false);
    expect(minted().map((t) => [t.owner, t.revoked])).toEqual([
      ['acme', true],
      ['alice', true],
    ]);
    expectNothingLeaked(result);
  });

  it('an abort mid-run still revokes the tokens', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: ACME_GRANTS });
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    const controller = new AbortController();
    const result = await run([ORG, USER_REPO], {
      signal: controller.signal,
      onKeyCreated: () => controller.abort(),
    });
    expect(result.error?.code).toBe('aborted');
    expect(minted().every((t) => t.revoked)).toBe(true);
    expect(platform.isKeyValid(github.secretValue(ORG, SECRET)!)).toBe(true);
  });

  it('a failed revocation is a warning, never a failure: the token expires within the hour', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: ACME_GRANTS });
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    github.faults.add({ kind: 'status', status: 503, method: 'DELETE', path: '/installation/token', times: 'always' });
    const result = await run([ORG, USER_REPO]);
    expect(result.error).toBeUndefined();
    expect(result.report!.warnings).toEqual([
      expect.stringMatching(
        /^Revoking the GitHub App's installation token for acme failed \(GitHub answered 503.*\); it expires within the hour\.$/,
      ),
      expect.stringMatching(/^Revoking the GitHub App's installation token for alice failed/),
    ]);
    expectNothingLeaked(result);
  });

  it('a dry run mints and revokes the tokens and changes nothing else', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: ACME_GRANTS });
    github.installApp(app.id, { owner: 'alice', permissions: ALICE_GRANTS });
    const result = await run([ORG, USER_REPO], { dryRun: true });
    expect(result.error).toBeUndefined();
    expect(result.created).toEqual([]);
    expect(minted().map((t) => t.revoked)).toEqual([true, true]);
  });
});

describe('the App credentials', () => {
  const options = (github: Record<string, unknown>): RotateKeyOptions => ({
    platform: { apiKey: 'napi_0123456789abcdefghijklmnop', baseUrl: 'http://127.0.0.1:9' },
    github: github as never,
    targets: USER_REPO,
    lease: false,
  });
  const problems = (github: Record<string, unknown>) => checkRotateKeyOptions(options(github)).map((p) => [p.option, p.message]);

  it('refuses what is not a PEM private key, saying what to paste, without quoting it', () => {
    const fingerprint = 'SHA256:0x5Xz4n1mVbY3b2jXyq1l8N2lT5w8q0oQpRgVx0kz3cE=';
    const token = 'ghs_0123456789abcdefghijABCDEFGHIJ012345';
    for (const [privateKey, what] of [
      [fingerprint, "is the key's SHA256 fingerprint"],
      [token, 'is a GitHub token'],
      ['', 'is required'],
      ['-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----', 'is not a readable RSA private key'],
    ]) {
      const [[option, message]] = problems({ appId: app.id, privateKey }) as [[string, string]];
      expect(option).toBe('github.privateKey');
      expect(message).toContain(`privateKey ${what}`);
      expect(message).toContain("paste the whole .pem file the App's settings download");
      if (privateKey) expect(message).not.toContain(privateKey.slice(8, 20));
    }
  });

  it('accepts the key with its line breaks escaped, and refuses an App id that is not one', () => {
    expect(problems({ appId: String(app.id), privateKey: app.privateKey.trim().replace(/\n/g, '\\n') })).toEqual([]);
    expect(problems({ appId: 'my-app', privateKey: app.privateKey })).toEqual([
      ['github.appId', `appId must be the GitHub App's id (App settings > General > App ID) or its client id, not "my-app"`],
    ]);
  });

  it('refuses a token and an App together', () => {
    expect(problems({ token: 'ghp_0123456789abcdefghij', appId: app.id, privateKey: app.privateKey })).toEqual([
      [
        'github',
        '`github.token` and `github.appId` and `github.privateKey` are both given: reach GitHub one way, `github.token` or `github.appId` with `github.privateKey`, and remove the other',
      ],
    ]);
    expect(checkRotateKeyOptions(options({ appId: app.id }))[0]).toBeInstanceOf(OptionError);
  });
});
