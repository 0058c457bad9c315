// The way the README gives to try a change locally: GitHub's @github/local-action runs the Action
// from its folder (src/index.ts, on Node 24) against the emulators, and shows its outputs.

import { fileURLToPath } from 'node:url';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runLocalAction } from '@keyturn/action-runner';

const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'github_pat_local_0123456789abcdef';

let platform: PlatformEmulator;
let github: GitHubEmulator;
beforeAll(async () => {
  platform = await startPlatformEmulator();
  github = await startGitHubEmulator({ repos: ['acme/web'], tokens: { [TOKEN]: 'write' } });
});
afterAll(async () => {
  await platform?.close();
  await github?.close();
});

// The first run installs @github/local-action (and Node 24) into .cache: minutes on a slow network.
it('runs from its folder with @github/local-action, outputs included', { timeout: 600_000 }, async () => {
  const consoleKey = platform.createKey('made in the console');
  github.putSecretValue('repo:acme/web', 'NEON_API_KEY', consoleKey.key);

  const run = await runLocalAction(
    ACTION_DIR,
    {
      'api-key': consoleKey.key,
      'api-url': platform.url,
      'github-token': TOKEN,
      targets: 'repo:acme/web',
      'revoke-key-ids': String(consoleKey.id),
    },
    { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url },
  );

  expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
  const live = platform.listKeys().filter((key) => !key.revoked);
  expect(live).toHaveLength(1);
  const newKey = live[0]!;
  expect(run.outputs['key-id']).toBe(String(newKey.id));
  expect(run.outputs['key-name']).toBe(newKey.name);
  expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual([consoleKey.id]);
  expect(JSON.parse(run.outputs.targets!)).toEqual(['repo:acme/web']);
  const stored = github.secretValue('repo:acme/web', 'NEON_API_KEY');
  expect(stored).not.toBe(consoleKey.key);
  // The log local-action prints holds no key value and no token.
  for (const secret of [consoleKey.key, stored!, TOKEN]) expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
});
