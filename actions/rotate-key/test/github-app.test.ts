// rotate-key with a GitHub App (app-id, private-key) instead of github-token: dist/index.js run as
// the runner runs it against the emulators. The installation tokens are minted, used and revoked;
// the private key, the App's JWT and every token stay out of everything printed; the credential
// inputs are checked (one way, a PEM key) before any request.

import { fileURLToPath } from 'node:url';
import { type ActionRun, findLeakedPieces, findLeaks, runAction } from '@keyturn/action-runner';
import {
  type GitHubAppCredentials,
  type GitHubEmulator,
  type PlatformEmulator,
  startGitHubEmulator,
  startPlatformEmulator,
} from '@keyturn/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO = 'repo:acme/web';
const ENV = 'env:acme/web:production';
const TOKEN = 'github_pat_writer_0123456789abcdef';

let platform: PlatformEmulator;
let github: GitHubEmulator;
let app: GitHubAppCredentials;
let consoleKey: { id: number; key: string };

beforeEach(async () => {
  platform = await startPlatformEmulator();
  github = await startGitHubEmulator({
    repos: ['acme/web', 'acme/api'],
    environments: { 'acme/web': ['production'] },
    tokens: { [TOKEN]: 'write' },
  });
  app = github.createApp({ name: 'keyturn rotator' });
  consoleKey = platform.createKey('made in the console');
  github.putSecretValue(REPO, 'NEON_API_KEY', consoleKey.key);
  github.putSecretValue(ENV, 'NEON_API_KEY', consoleKey.key);
});
afterEach(async () => {
  await platform?.close();
  await github?.close();
});

/** The lines of key material of the private key (its BEGIN and END lines are no secret). */
const keyLines = () => app.privateKey.split('\n').filter((line) => line && !line.startsWith('-----'));

function rotate(inputs: Record<string, string>): Promise<ActionRun> {
  return runAction(ACTION_DIR, {
    inputs: { 'api-key': consoleKey.key, 'api-url': platform.url, 'app-id': String(app.id), 'private-key': app.privateKey, ...inputs },
    env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url },
  });
}

/** Everything a workflow author sees, for the searches no fixed list of values can do. */
const visible = (run: ActionRun) => [run.visibleStdout, run.stderr, run.summary, ...Object.values(run.outputs)].join('\n');

function expectNothingLeaked(run: ActionRun, values: string[]): void {
  expect(findLeaks(run, [...values, ...keyLines()])).toEqual([]);
  // Any installation token or JWT, whoever minted it: none is ever printed.
  expect(visible(run)).not.toMatch(/ghs_[A-Za-z0-9_]{16,}/);
  expect(visible(run)).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
}

const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error').map((a) => a.message);

describe('rotate-key with a GitHub App', () => {
  it('rotates through an installation token with only what the targets need, masked and revoked', async () => {
    github.installApp(app.id, {
      owner: 'acme',
      permissions: { secrets: 'write', environments: 'write', actions_variables: 'write', dependabot_secrets: 'write' },
    });
    const run = await rotate({ targets: `${REPO}\n${ENV}`, 'revoke-key-ids': String(consoleKey.id) });

    expect(errors(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(github.secretValue(ENV, 'NEON_API_KEY')).toBe(stored);
    expect(platform.isKeyValid(stored)).toBe(true);
    expect(platform.isKeyValid(consoleKey.key)).toBe(false);
    const created = platform.listKeys().find((k) => String(k.id) === run.outputs['key-id'])!;
    expect(run.outputs).toEqual({
      'key-id': String(created.id),
      'key-name': created.name,
      'revoked-key-ids': JSON.stringify([consoleKey.id]),
      targets: JSON.stringify([REPO, ENV]),
      rotated: 'true',
    });
    expect(run.summary).toContain('<h2>Key rotation of NEON_API_KEY: done</h2>');

    const minted = github.installationTokens(app.id);
    expect(minted.map(({ permissions, repositories, revoked }) => ({ permissions, repositories, revoked }))).toEqual([
      {
        permissions: { actions_variables: 'write', environments: 'write', secrets: 'write', metadata: 'read' },
        repositories: ['acme/web'],
        revoked: true,
      },
    ]);
    // Each line of the key is masked before anything else is printed; the token before its first use.
    expect(run.masks.slice(0, 2)).toEqual([consoleKey.key, app.privateKey.trim()]);
    for (const line of keyLines()) expect(run.masks).toContain(line);
    const tokenMasks = run.masks.filter((mask) => mask.startsWith('ghs_'));
    expect(tokenMasks).toHaveLength(1);
    const firstUse = github.log.entries().findIndex((e) => e.actor?.startsWith('installation:'));
    expect(firstUse).toBeGreaterThan(0);
    expect(run.stdout.indexOf(`::add-mask::${tokenMasks[0]}`)).toBeLessThan(run.stdout.indexOf('is reachable'));
    expectNothingLeaked(run, [consoleKey.key, stored, ...tokenMasks]);
  });

  it('fails the preflight, naming the permission and where to grant it, when the App lacks one', async () => {
    github.installApp(app.id, { owner: 'acme', permissions: { secrets: 'write', actions_variables: 'write' } });
    const run = await rotate({ targets: `${REPO}\n${ENV}` });

    expect(run.exitCode).toBe(1);
    expect(errors(run)).toEqual([
      expect.stringContaining(
        `The installation of the GitHub App ${app.id} on acme lacks Repository permissions > Environments: Read and write (environments).`,
      ),
    ]);
    expect(run.summary).toContain('failed at the preflight step');
    expect(platform.listKeys()).toHaveLength(1);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(github.installationTokens(app.id)).toEqual([]);
    expectNothingLeaked(run, [consoleKey.key]);
  });
});

describe('rotate-key GitHub credential inputs', () => {
  const fingerprint = 'SHA256:q1Xk0nJ1aJbq3H0xq8pLZ9m2yFh4n3u7cD5vW6tR8sE=';
  it.each([
    [
      'both a token and an App',
      { 'github-token': TOKEN },
      "Input 'github-token' and app-id and private-key are both given: reach GitHub one way",
    ],
    ['neither', { 'app-id': '', 'private-key': '' }, "Input 'github-token' is required unless app-id and private-key are given"],
    ['an app-id without its private-key', { 'private-key': '' }, "Input 'private-key' is required with app-id"],
    ['a private-key without its app-id', { 'app-id': '' }, "Input 'app-id' is required with private-key"],
    ['the key fingerprint as the private-key', { 'private-key': fingerprint }, "Input 'private-key' is"],
    ['a token as the private-key', { 'private-key': `ghs_${'0aZ9'.repeat(9)}` }, "Input 'private-key' is"],
    [
      'an app-id that is not one',
      { 'app-id': 'keyturn-rotator' },
      `Input 'app-id' is invalid: it must be the GitHub App's id (App settings > General > App ID) or its client id, not "keyturn-rotator"`,
    ],
  ])('refuses %s before any request, naming the inputs', async (_what, inputs, problem) => {
    const run = await rotate(inputs);

    expect(run.exitCode).toBe(1);
    expect(errors(run)).toEqual([expect.stringContaining(problem)]);
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
    expectNothingLeaked(run, [consoleKey.key, TOKEN]);
  });

  it('says what to paste instead of a fingerprint or a token, without showing either', async () => {
    for (const pasted of [fingerprint, `ghs_${'0aZ9'.repeat(9)}`]) {
      const run = await rotate({ 'private-key': pasted });
      expect(errors(run)[0]).toMatch(/not the App's private key: paste the whole \.pem file the App's settings download/);
      expect(findLeakedPieces(run, pasted)).toEqual([]);
    }
  });
});
