// The world of the end-to-end tests of rotate-key: dist/index.js run as the runner runs it, against
// the platform and GitHub emulators (fresh for each test), with a console-made key in the repository
// secret. Each test gets a world of its own (the `world` fixture of `it`), so a file's tests run side
// by side (`describe.concurrent`): the runs mostly wait (GitHub's one-second spacing between writes).

import { fileURLToPath } from 'node:url';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { expect, it as vitestIt } from 'vitest';
import { type ActionRun, findLeaks, runAction } from '@keyturn/action-runner';

export const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));
export const TOKEN = 'github_pat_writer_0123456789abcdef';
export const READ_TOKEN = 'github_pat_reader_0123456789abcdef';
export const REPO = 'repo:acme/web';
export const ENV = 'env:acme/web:production';

export interface RotateKeyWorld {
  platform: PlatformEmulator;
  github: GitHubEmulator;
  consoleKey: { id: number; key: string; name: string };
  /** Every key value and token the test has seen: none may show up in any run's log or outputs. */
  secrets: string[];
  /** Runs the bundle with the world's key, URLs and token (`inputs` and `env` override), then checks no secret leaked. */
  rotate(inputs: Record<string, string>, env?: Record<string, string | undefined>): Promise<ActionRun>;
  /** The ids of the keys not revoked. */
  liveKeyIds(): number[];
}

/** `it` with a `world` of the test's own, started before it and closed after it; `clock` sets the platform's (its keys' created_at). */
export function rotateKeyIt(options: { clock?: () => number } = {}) {
  return vitestIt.extend<{ world: RotateKeyWorld }>({
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its first parameter
    world: async ({}, use) => {
      const world = await startWorld(options);
      try {
        await use(world);
      } finally {
        await world.platform.close();
        await world.github.close();
      }
    },
  });
}

/** `it` with the wall clock's world. */
export const it = rotateKeyIt();

async function startWorld(options: { clock?: () => number }): Promise<RotateKeyWorld> {
  const platform = await startPlatformEmulator({ clock: options.clock });
  const github = await startGitHubEmulator({
    repos: ['acme/web'],
    environments: { 'acme/web': ['production'] },
    tokens: { [TOKEN]: 'write', [READ_TOKEN]: 'read' },
  });
  const consoleKey = platform.createKey('made in the console');
  github.putSecretValue(REPO, 'NEON_API_KEY', consoleKey.key);
  const secrets = [consoleKey.key, TOKEN, READ_TOKEN];

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
    // Nothing the bundle calls is deprecated on the Node running it (`pnpm test`: Node 24, the runner's).
    expect(run.nodeWarnings).toEqual([]);
    return run;
  }
  const liveKeyIds = () =>
    platform
      .listKeys()
      .filter((k) => !k.revoked)
      .map((k) => k.id);
  return { platform, github, consoleKey, secrets, rotate, liveKeyIds };
}

export const annotations = (run: ActionRun, level: 'error' | 'warning') =>
  run.annotations.filter((a) => a.level === level).map((a) => a.message);
