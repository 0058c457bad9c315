// The emulators a test runs the CLI against (fresh for each test: the `world` fixture of `it`, so a
// file's tests may run side by side), a console-made key in the repository secret, the credentials
// as the CLI reads them, and every secret value seen (none may appear in any output).

import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { expect, it as vitestIt } from 'vitest';
import { type KeyturnRun, leaksIn, type RunOptions, keyturn } from './keyturn-process.js';

export const TOKEN = 'github_pat_writer_0123456789abcdef';
export const REPO = 'repo:acme/web';
export const ENV = 'env:acme/web:production';
export const RECORD_REPO = 'acme/ops';

export interface World {
  platform: PlatformEmulator;
  github: GitHubEmulator;
  consoleKey: { id: number; key: string; name: string };
  /** Every key value and token seen. */
  secrets: string[];
  /** The flags that point the CLI at the emulators. */
  urls: string[];
}

/** `it` with a `world` of the test's own, started before it and closed after it. */
export const it = vitestIt.extend<{ world: World }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its first parameter
  world: async ({}, use) => {
    const platform = await startPlatformEmulator({ operationTimings: { schedulingMs: 50, runningMs: 100 } });
    const github = await startGitHubEmulator({
      repos: ['acme/web', 'acme/ops'],
      environments: { 'acme/web': ['production'] },
      tokens: { [TOKEN]: 'write' },
    });
    const consoleKey = platform.createKey('made in the console');
    github.putSecretValue(REPO, 'NEON_API_KEY', consoleKey.key);
    try {
      await use({
        platform,
        github,
        consoleKey,
        secrets: [consoleKey.key, TOKEN],
        urls: ['--api-url', platform.url, '--github-api-url', github.url],
      });
    } finally {
      await platform.close();
      await github.close();
    }
  },
});

/** Every value the targets hold now, remembered as secrets. */
export function learnHeld(world: World, targets: readonly string[] = [REPO, ENV]): string[] {
  const held = targets.map((t) => world.github.secretValue(t, 'NEON_API_KEY')).filter((v): v is string => Boolean(v));
  for (const value of held) if (!world.secrets.includes(value)) world.secrets.push(value);
  return held;
}

/** Runs keyturn with the world's credentials (NEON_API_KEY: `apiKey`, default the console key), then checks no secret leaked. */
export async function run(world: World, args: readonly string[], options: RunOptions & { apiKey?: string } = {}): Promise<KeyturnRun> {
  const result = await keyturn(args, {
    ...options,
    env: { NEON_API_KEY: options.apiKey ?? world.consoleKey.key, GITHUB_TOKEN: TOKEN, ...options.env },
  });
  learnHeld(world);
  expect(leaksIn(result, world.secrets), `no secret in the output of keyturn ${args.join(' ')}`).toEqual([]);
  return result;
}

export const liveKeyIds = (world: World) =>
  world.platform
    .listKeys()
    .filter((k) => !k.revoked)
    .map((k) => k.id);
