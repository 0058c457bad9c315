// End to end: dist/index.js run as the runner runs it, against the platform and GitHub emulators.

import { fileURLToPath } from 'node:url';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ActionRun, DURATION, findLeakedPieces, findLeaks, logPattern, runAction } from '@keyturn/action-runner';

const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'github_pat_writer_0123456789abcdef';
const READ_TOKEN = 'github_pat_reader_0123456789abcdef';
const REPO = 'repo:acme/web';
const ENV = 'env:acme/web:production';

let platform: PlatformEmulator;
let github: GitHubEmulator;
let consoleKey: { id: number; key: string; name: string };
/** Every key value and token a test has seen: none may show up in any run's log or outputs. */
let secrets: string[];

beforeEach(async () => {
  platform = await startPlatformEmulator();
  github = await startGitHubEmulator({
    repos: ['acme/web'],
    environments: { 'acme/web': ['production'] },
    tokens: { [TOKEN]: 'write', [READ_TOKEN]: 'read' },
  });
  consoleKey = platform.createKey('made in the console');
  github.putSecretValue(REPO, 'NEON_API_KEY', consoleKey.key);
  secrets = [consoleKey.key, TOKEN, READ_TOKEN];
});
afterEach(async () => {
  await platform?.close();
  await github?.close();
});

async function rotate(inputs: Record<string, string>, env: Record<string, string | undefined> = {}): Promise<ActionRun> {
  const run = await runAction(ACTION_DIR, {
    inputs: { 'api-key': consoleKey.key, 'api-url': platform.url, 'github-token': TOKEN, ...inputs },
    env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url, ...env },
  });
  for (const target of [REPO, ENV]) {
    const value = github.secretValue(target, 'NEON_API_KEY');
    if (value && !secrets.includes(value)) secrets.push(value);
  }
  expect(findLeaks(run, secrets)).toEqual([]);
  // The rotation names its options (`revokeKeyIds`); a workflow's author reads only input names.
  expect(`${run.stdout}\n${run.summary}`).not.toMatch(/`(?:revokeKeyIds|retireTargets|managingApiKey|family|keyKind[.\w]*|github\.\w+)`/);
  // Nothing the bundle calls is deprecated on the Node running it (`pnpm test:node24`: the runner's).
  expect(run.nodeWarnings).toEqual([]);
  return run;
}

const annotations = (run: ActionRun, level: 'error' | 'warning') =>
  run.annotations.filter((a) => a.level === level).map((a) => a.message);
const liveKeyIds = () => platform.listKeys().filter((k) => !k.revoked).map((k) => k.id);

describe('rotate-key', () => {
  it('rotates a console-made key into the current repository, masking every secret first', async () => {
    const run = await rotate({});

    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'error')).toEqual([]);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(stored).not.toBe(consoleKey.key);
    expect(platform.isKeyValid(stored)).toBe(true);
    const created = platform.listKeys().find((k) => String(k.id) === run.outputs['key-id'])!;
    expect(created.name).toBe(run.outputs['key-name']);
    expect(created.name).toMatch(/^keyturn-repo-acme-web-neon-api-key-[0-9a-f]{6}-\d{8}T\d{6}Z-[a-z0-9]{4}$/);
    expect(run.outputs).toEqual({
      'key-id': String(created.id),
      'key-name': created.name,
      'revoked-key-ids': '[]',
      targets: JSON.stringify([REPO]),
    });
    // The console key is not the tool's: it stays valid, with a warning that says what to do.
    expect(platform.isKeyValid(consoleKey.key)).toBe(true);
    expect(annotations(run, 'warning')).toEqual([
      expect.stringContaining(`The current key ${consoleKey.id} ("made in the console") was not made by this rotation`),
    ]);
    // The rotation's advice names its option; the Action's user reads the input, in the log and the summary.
    expect(annotations(run, 'warning')[0]).toContain(`is not in revoke-key-ids, so it stays valid`);
    expect(annotations(run, 'warning')[0]).toContain(`run with revoke-key-ids: ${consoleKey.id} (or revoke it in the console)`);
    expect(run.summary).toContain(`run with revoke-key-ids: ${consoleKey.id} (or revoke it in the console)`);

    // Both inputs are masked before any other line, the new key before the step that made it ends.
    expect(run.stdout.startsWith(`::add-mask::${consoleKey.key}\n::add-mask::${TOKEN}\n`)).toBe(true);
    expect(run.masks).toEqual([consoleKey.key, TOKEN, stored]);
    expect(run.stdout.indexOf(`::add-mask::${stored}`)).toBeLessThan(run.stdout.indexOf('::group::Verify the new key'));
    expect(run.groups).toEqual([
      'Preflight: check the current key and every target',
      'Create the new key',
      'Verify the new key',
      'Store the new key in every target',
      'Revoke old keys',
    ]);
    expect(run.visibleStdout).toMatch(logPattern(String.raw`^GET /api_keys -> 200 in ${DURATION}$`));
    expect(run.visibleStdout).toMatch(logPattern(String.raw`^POST /api_keys -> 200 in ${DURATION}$`));
    expect(run.visibleStdout).toMatch(logPattern(String.raw`^GitHub PUT /repos/[^ ]+/actions/secrets/NEON_API_KEY -> 20[14] in ${DURATION}$`));
    expect(run.summary).toContain('<h2>Key rotation of NEON_API_KEY: done</h2>');
    expect(run.summary).toContain(`<tr><td>New key id</td><td>${created.id}</td></tr>`);
    expect(run.summary).toContain(`<tr><td>Targets written</td><td>${REPO}</td></tr>`);
    expect(run.summary).toContain('<tr><td>Keys revoked</td><td>none</td></tr>');
    // One target, one live key: every count agrees with its noun, and no "(s)" hedges it.
    expect(run.stdout).toContain('1 target holds key');
    expect(run.stdout).toMatch(/it listed 1 live key$/m);
    expect(run.stdout).not.toMatch(/\b1 (live )?(keys|targets|operations|variables|secrets|polls|requests)\b/);
    expect(run.stdout).not.toMatch(/\w\(s\)/);
  });

  it('retires the console key, then each run revokes the family keys beyond keep', async () => {
    const first = await rotate({ targets: `${REPO}\n${ENV}`, 'revoke-key-ids': String(consoleKey.id) });
    expect(first.exitCode).toBe(0);
    expect(annotations(first, 'warning')).toEqual([]);
    const firstKey = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(github.secretValue(ENV, 'NEON_API_KEY')).toBe(firstKey);
    expect(platform.isKeyValid(consoleKey.key)).toBe(false);
    expect(JSON.parse(first.outputs['revoked-key-ids']!)).toEqual([consoleKey.id]);
    expect(JSON.parse(first.outputs.targets!)).toEqual([REPO, ENV]);

    const second = await rotate({ 'api-key': firstKey, targets: `${REPO}, ${ENV}`, keep: '2' });
    expect(second.exitCode).toBe(0);
    expect(second.outputs['revoked-key-ids']).toBe('[]');
    expect(liveKeyIds()).toEqual([Number(first.outputs['key-id']), Number(second.outputs['key-id'])]);

    const third = await rotate({ 'api-key': github.secretValue(REPO, 'NEON_API_KEY')!, targets: `${REPO}, ${ENV}` });
    expect(third.exitCode).toBe(0);
    expect(JSON.parse(third.outputs['revoked-key-ids']!).sort()).toEqual(
      [Number(first.outputs['key-id']), Number(second.outputs['key-id'])].sort(),
    );
    expect(liveKeyIds()).toEqual([Number(third.outputs['key-id'])]);
    expect(third.summary).toContain('<tr><td>Keys revoked</td><td>');
  });

  it('plans without changing anything in a dry run', async () => {
    const run = await rotate({ 'dry-run': 'Yes', 'revoke-key-ids': String(consoleKey.id) });

    expect(run.exitCode).toBe(0);
    expect(platform.listKeys().map((k) => [k.id, k.revoked])).toEqual([[consoleKey.id, false]]);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(run.outputs['key-id']).toBe('');
    expect(run.outputs['key-name']).toMatch(/^keyturn-repo-acme-web-neon-api-key-/);
    expect(run.outputs['revoked-key-ids']).toBe('[]');
    expect(run.outputs.targets).toBe('[]');
    expect(run.summary).toContain('dry run, nothing changed');
    expect(run.summary).toContain(`<tr><td>Keys to revoke</td><td>${consoleKey.id}</td></tr>`);
    expect(run.visibleStdout).toContain('Dry run: would create');
  });

  it('writes the old key back and revokes the new one when a target refuses the write', async () => {
    github.faults.add({ method: 'PUT', path: '/repos/acme/web/environments/production/secrets/*', kind: 'status', status: 422, times: 'always' });
    const run = await rotate({ targets: `${REPO}\n${ENV}` });

    expect(run.exitCode).toBe(1);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(liveKeyIds()).toEqual([consoleKey.id]);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]' });
    expect(annotations(run, 'error')).toEqual([expect.stringContaining(ENV)]);
    expect(run.summary).toContain('failed at the store step');
    expect(run.summary).toContain('What to do:');
    // The key that was created and revoked again was masked all the same.
    expect(run.masks).toHaveLength(3);
    secrets.push(run.masks[2]!);
    expect(findLeaks(run, secrets)).toEqual([]);
  });

  it('fails after storing when a revocation fails, with the new key in the outputs', async () => {
    platform.faults.add({ method: 'DELETE', path: '/api_keys/*', kind: 'status', status: 403, times: 'always' });
    const run = await rotate({ 'revoke-key-ids': String(consoleKey.id) });

    expect(run.exitCode).toBe(1);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(platform.isKeyValid(stored)).toBe(true);
    const created = platform.listKeys().find((k) => k.name === run.outputs['key-name'])!;
    expect(run.outputs).toEqual({
      'key-id': String(created.id),
      'key-name': created.name,
      'revoked-key-ids': '[]',
      targets: JSON.stringify([REPO]),
    });
    expect(platform.isKeyValid(consoleKey.key)).toBe(true);
    expect(annotations(run, 'error')).toEqual([expect.stringMatching(new RegExp(`Revoking key ${consoleKey.id}.*failed`))]);
    expect(run.summary).toContain('failed at the revoke step');
  });

  it('names no key in the outputs when the key could not be created', async () => {
    platform.faults.add({ method: 'POST', path: '/api_keys', kind: 'status', status: 403, times: 'always' });
    const run = await rotate({});

    expect(run.exitCode).toBe(1);
    expect(liveKeyIds()).toEqual([consoleKey.id]);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]' });
    expect(run.summary).toContain('failed at the create step');
    expect(run.summary).toContain('<tr><td>New key name</td><td>-</td></tr>');
  });

  it('stops at the preflight, changing nothing, when GitHub refuses the token', async () => {
    const run = await rotate({ 'github-token': 'github_pat_unknown_0123456789abcdef' });

    expect(run.exitCode).toBe(1);
    expect(platform.listKeys().map((k) => k.id)).toEqual([consoleKey.id]);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]' });
    expect(annotations(run, 'error')).toEqual([expect.stringMatching(/Target repo:acme\/web cannot take the secret NEON_API_KEY.*Nothing was changed/)]);
    // The advice names the Action's inputs (the rotation's words name its options: github.token, github.appId).
    expect(annotations(run, 'error')[0]).toContain('give a valid token in github-token, or check app-id and private-key');
    expect(run.summary).toContain('failed at the preflight step');
    expect(findLeaks(run, ['github_pat_unknown_0123456789abcdef'])).toEqual([]);
  });

  it('makes no key and writes nothing when the token can read but not write (the target record, before the key is made)', async () => {
    const run = await rotate({ 'github-token': READ_TOKEN });

    expect(run.exitCode).toBe(1);
    expect(liveKeyIds()).toEqual([consoleKey.id]);
    expect(platform.listKeys()).toHaveLength(1);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]' });
    expect(annotations(run, 'error')).toEqual([
      expect.stringMatching(/Before making the key: Writing the record .* failed: GitHub answered 403.*Variables: Read and write.*No key was made and no secret was changed/),
    ]);
    expect(run.summary).toContain('failed at the create step');
  });

  it('says how to recover when the current key no longer works', async () => {
    const revoked = platform.createKey('old');
    await fetch(`${platform.url}/api_keys/${revoked.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${consoleKey.key}` } });
    secrets.push(revoked.key);
    const run = await rotate({ 'api-key': revoked.key });

    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error')).toEqual([expect.stringMatching(/current key could not list API keys.*401/)]);
    expect(run.masks[0]).toBe(revoked.key);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
  });
});

describe('rotate-key input checks', () => {
  it('checks every input before any request, naming each invalid one', async () => {
    const run = await rotate({
      'api-url': 'http://platform.example.com/api/v2',
      'secret-name': 'GITHUB_KEY',
      targets: 'repo:acme/web\nrepository:acme/api',
      'key-name-prefix': '-bad-',
      keep: '0',
      'revoke-key-ids': '12, twelve',
      'dry-run': 'maybe',
    });

    expect(run.exitCode).toBe(1);
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
    const [message, ...others] = annotations(run, 'error');
    expect(others).toEqual([]);
    expect(message).toMatch(/^7 inputs are invalid; nothing was done:\n/);
    for (const name of ['api-url', 'secret-name', 'targets', 'key-name-prefix', 'keep', 'revoke-key-ids', 'dry-run']) {
      expect(message).toContain(`- Input '${name}'`);
    }
    expect(message).toContain('line 2 ("repository:acme/api")');
    expect(run.outputs).toEqual({});
  });

  it.each(['keep', 'revoke-key-ids', 'api-url', 'secret-name', 'targets', 'key-name-prefix', 'dry-run'])(
    'refuses a key or token pasted into %s without showing any of it',
    async (input) => {
      // Not the key being rotated nor the token: nothing masks them, only the message could show them.
      const pasted = [platform.createKey('pasted by mistake').key, `github_pat_${'0aZ9'.repeat(20)}xy`];
      for (const value of pasted) {
        const run = await rotate({ [input]: value });

        expect(findLeakedPieces(run, value)).toEqual([]);
        expect(run.exitCode).toBe(1);
        expect(annotations(run, 'error')).toEqual([expect.stringContaining(`Input '${input}'`)]);
        expect(platform.log.entries()).toEqual([]);
        expect(github.log.entries()).toEqual([]);
      }
    },
  );

  it('refuses a key pasted inside an otherwise valid target, before any request', async () => {
    const key = platform.createKey('pasted by mistake').key;
    const run = await rotate({ targets: `repo:acme/web\nrepo:acme/${key}` });

    expect(findLeakedPieces(run, key)).toEqual([]);
    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error')).toEqual([expect.stringMatching(/Input 'targets' target 2 is a \d+-character value that looks like a key/)]);
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
  });

  it.each([
    ['an empty api-key', { 'api-key': '' }, {}, "Input 'api-key' is required but empty"],
    [
      'an empty github-token',
      { 'github-token': ' ' },
      {},
      "Input 'github-token' is required unless app-id and private-key are given: pass a token that can write secrets (GITHUB_TOKEN cannot)",
    ],
    ['a key with a space', { 'api-key': 'two words-0123456789' }, {}, "Input 'api-key' is invalid: it must be printable ASCII without spaces"],
    ['no target outside a repository', {}, { GITHUB_REPOSITORY: undefined }, "Input 'targets' is invalid: no target given"],
    ['a control character', { 'secret-name': 'NEON\u001bKEY' }, {}, "Input 'secret-name' contains a control character (U+001B)"],
    ['an oversize list', { 'revoke-key-ids': '1,'.repeat(6000) }, {}, "Input 'revoke-key-ids' is 12000 characters long"],
  ])('refuses %s', async (_what, inputs, env, problem) => {
    const run = await rotate(inputs, env);

    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error')).toEqual([expect.stringContaining(problem)]);
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
  });
});
