// The world of the end-to-end tests of rotate-key: dist/index.js run as the runner runs it, against
// the platform and GitHub emulators (fresh for each test), with a console-made key in the repository
// secret. The tests are split over files (successful runs, failures and input checks) so that vitest
// runs them side by side, a file per core.

import { fileURLToPath } from 'node:url';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterEach, beforeEach, expect } from 'vitest';
import { type ActionRun, findLeaks, runAction } from '@keyturn/action-runner';

export const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));
export const TOKEN = 'github_pat_writer_0123456789abcdef';
export const READ_TOKEN = 'github_pat_reader_0123456789abcdef';
export const REPO = 'repo:acme/web';
export const ENV = 'env:acme/web:production';

// The current test's world (live bindings: an importer sees each test's).
export let platform: PlatformEmulator;
export let github: GitHubEmulator;
export let consoleKey: { id: number; key: string; name: string };
/** Every key value and token a test has seen: none may show up in any run's log or outputs. */
export let secrets: string[];

/**
 * Starts the emulators before each test of the calling file and closes them after it; `clock`
 * sets the platform's (its keys' created_at), the wall clock unless given.
 */
export function useRotateKeyWorld(options: { clock?: () => number } = {}): void {
  beforeEach(async () => {
    platform = await startPlatformEmulator({ clock: options.clock });
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
}

export async function rotate(inputs: Record<string, string>, env: Record<string, string | undefined> = {}): Promise<ActionRun> {
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
  // Nothing the bundle calls is deprecated on the Node running it (`pnpm test`: Node 24, the runner's).
  expect(run.nodeWarnings).toEqual([]);
  return run;
}

export const annotations = (run: ActionRun, level: 'error' | 'warning') =>
  run.annotations.filter((a) => a.level === level).map((a) => a.message);
export const liveKeyIds = () =>
  platform
    .listKeys()
    .filter((k) => !k.revoked)
    .map((k) => k.id);
