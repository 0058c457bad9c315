// End to end, as rotate-key.test.ts: runs that fail at each step, saying what to do, and the input
// checks made before any request.

import { describe, expect } from 'vitest';
import { findLeakedPieces, findLeaks } from '@keyturn/action-runner';
import { annotations, ENV, it, READ_TOKEN, REPO } from './rotate-key-world.js';

describe.concurrent('rotate-key, when something fails', () => {
  it('writes the old key back and revokes the new one when a target refuses the write', async ({ world }) => {
    const { github, consoleKey, secrets, rotate, liveKeyIds } = world;
    github.faults.add({
      method: 'PUT',
      path: '/repos/acme/web/environments/production/secrets/*',
      kind: 'status',
      status: 422,
      times: 'always',
    });
    const run = await rotate({ targets: `${REPO}\n${ENV}` });

    expect(run.exitCode).toBe(1);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(liveKeyIds()).toEqual([consoleKey.id]);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]', rotated: 'false' });
    expect(annotations(run, 'error')).toEqual([expect.stringContaining(ENV)]);
    expect(run.summary).toContain('failed at the store step');
    expect(run.summary).toContain('What to do:');
    // The key that was created and revoked again was masked all the same.
    expect(run.masks).toHaveLength(3);
    secrets.push(run.masks[2]!);
    expect(findLeaks(run, secrets)).toEqual([]);
  });

  it('fails after storing when a revocation fails, with the new key in the outputs', async ({ world }) => {
    const { platform, github, consoleKey, rotate } = world;
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
      rotated: 'true',
    });
    expect(platform.isKeyValid(consoleKey.key)).toBe(true);
    expect(annotations(run, 'error')).toEqual([expect.stringMatching(new RegExp(`Revoking key ${consoleKey.id}.*failed`))]);
    expect(run.summary).toContain('failed at the revoke step');
  });

  it('names no key in the outputs when the key could not be created', async ({ world }) => {
    const { platform, consoleKey, rotate, liveKeyIds } = world;
    platform.faults.add({ method: 'POST', path: '/api_keys', kind: 'status', status: 403, times: 'always' });
    const run = await rotate({});

    expect(run.exitCode).toBe(1);
    expect(liveKeyIds()).toEqual([consoleKey.id]);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]', rotated: 'false' });
    // The lease, taken in the preflight, is the first write the token is refused.
    expect(run.summary).toMatch(/failed at the (?:preflight|create) step/);
    expect(run.summary).toContain('<tr><td>New key name</td><td>-</td></tr>');
  });

  it('stops at the preflight, changing nothing, when GitHub refuses the token', async ({ world }) => {
    const { platform, github, consoleKey, rotate } = world;
    const run = await rotate({ 'github-token': 'github_pat_unknown_0123456789abcdef' });

    expect(run.exitCode).toBe(1);
    expect(platform.listKeys().map((k) => k.id)).toEqual([consoleKey.id]);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]', rotated: 'false' });
    expect(annotations(run, 'error')).toEqual([
      expect.stringMatching(/Target repo:acme\/web cannot take the secret NEON_API_KEY.*Nothing was changed/),
    ]);
    // The advice names the Action's inputs (the rotation's words name its options: github.token, github.appId).
    expect(annotations(run, 'error')[0]).toContain('give a valid token in github-token, or check app-id and private-key');
    expect(run.summary).toContain('failed at the preflight step');
    expect(findLeaks(run, ['github_pat_unknown_0123456789abcdef'])).toEqual([]);
  });

  it('makes no key and writes nothing when the token can read but not write (the target record, before the key is made)', async ({
    world,
  }) => {
    const { platform, github, consoleKey, rotate, liveKeyIds } = world;
    const run = await rotate({ 'github-token': READ_TOKEN });

    expect(run.exitCode).toBe(1);
    expect(liveKeyIds()).toEqual([consoleKey.id]);
    expect(platform.listKeys()).toHaveLength(1);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(run.outputs).toEqual({ 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]', rotated: 'false' });
    expect(annotations(run, 'error')).toEqual([
      expect.stringMatching(
        /(?:Before making the key: Writing the record|Taking the lease KEYTURN_LEASE_\w+ in the variables of acme\/web) .*failed: GitHub answered 403.*Variables: Read and write.*(?:No key was made and no secret was changed|Nothing was changed)/,
      ),
    ]);
    expect(run.summary).toMatch(/failed at the (?:preflight|create) step/);
  });

  it('says how to recover when the current key no longer works', async ({ world }) => {
    const { platform, github, consoleKey, secrets, rotate } = world;
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

describe.concurrent('rotate-key input checks', () => {
  it('checks every input before any request, naming each invalid one', async ({ world }) => {
    const { platform, github, rotate } = world;
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

  it.for(['keep', 'revoke-key-ids', 'api-url', 'secret-name', 'targets', 'key-name-prefix', 'dry-run'])(
    'refuses a key or token pasted into %s without showing any of it',
    async (input, { world }) => {
      const { platform, github, rotate } = world;
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

  it('refuses a key pasted inside an otherwise valid target, before any request', async ({ world }) => {
    const { platform, github, rotate } = world;
    const key = platform.createKey('pasted by mistake').key;
    const run = await rotate({ targets: `repo:acme/web\nrepo:acme/${key}` });

    expect(findLeakedPieces(run, key)).toEqual([]);
    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error')).toEqual([
      expect.stringMatching(/Input 'targets' target 2 is a \d+-character value that looks like a key/),
    ]);
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
  });

  it.for([
    ['an empty api-key', { 'api-key': '' }, {}, "Input 'api-key' is required but empty"],
    [
      'an empty github-token',
      { 'github-token': ' ' },
      {},
      "Input 'github-token' is required unless app-id and private-key are given: pass a token that can write secrets (GITHUB_TOKEN cannot)",
    ],
    [
      'a key with a space',
      { 'api-key': 'two words-0123456789' },
      {},
      "Input 'api-key' is invalid: it must be printable ASCII without spaces",
    ],
    ['no target outside a repository', {}, { GITHUB_REPOSITORY: undefined }, "Input 'targets' is invalid: no target given"],
    ['a control character', { 'secret-name': 'NEON\u001bKEY' }, {}, "Input 'secret-name' contains a control character (U+001B)"],
    ['an oversize list', { 'revoke-key-ids': '1,'.repeat(6000) }, {}, "Input 'revoke-key-ids' is 12000 characters long"],
  ] as const)('refuses %s', async ([, inputs, env, problem], { world }) => {
    const { platform, github, rotate } = world;
    const run = await rotate(inputs, env);

    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error')).toEqual([expect.stringContaining(problem)]);
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
  });
});
