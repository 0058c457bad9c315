// A world whose target list changes between runs: the platform and GitHub emulators with a few
// repositories and environments (names with `#` and spaces among them), a home repository where the
// workflow runs (and where the target record is kept), and the rotate-key Action run with any
// target list. It remembers every target ever written, so a test can check after any run that
// none of them was locked out, and every key value and token it saw, for the leak checks.

import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { expect } from 'vitest';
import type { RunActionOptions } from '@keyturn/action-runner';
import { type ProbedRun, ROTATE_KEY, type StartedAction, startAction } from './action-process.js';
import { SECRET_NAME, WRITE_TOKEN } from './rotation-rig.js';

export const HOME = 'acme/ops';
/** Targets a list is drawn from: every kind, and environment names GitHub allows that look like syntax. */
export const TARGET_POOL = [
  'repo:acme/app',
  'repo:acme/web',
  'env:acme/app:qa #1',
  'env:acme/app:production',
  'env:acme/web:staging, eu',
  'dependabot:acme/api',
] as const;

export interface DriftWorld {
  platform: PlatformEmulator;
  github: GitHubEmulator;
  /** The key made in the console before any rotation, held by every target of the first list. */
  consoleKey: { id: number; key: string };
  secrets: Set<string>;
  /** Targets written at least once and not retired since (their secret still exists). */
  written: Set<string>;
  /** Runs rotate-key; api-key is what the first listed target holds (else the console key). */
  rotate(targets: readonly string[], inputs?: Record<string, string>, options?: Omit<RunActionOptions, 'inputs'>): StartedAction;
  held(target: string): string | undefined;
  /** Seeds the console key into targets, as a user does before the first rotation. */
  seed(targets: readonly string[]): void;
  learn(run: ProbedRun, targets: readonly string[]): void;
  /** Deletes the secret in a target, as a user retiring it does. */
  deleteSecret(target: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDriftWorld(options: { platformClock?: () => number } = {}): Promise<DriftWorld> {
  const platform = await startPlatformEmulator(options.platformClock ? { clock: options.platformClock } : {});
  const github = await startGitHubEmulator({
    repos: ['acme/app', 'acme/web', 'acme/api', HOME],
    environments: { 'acme/app': ['qa', 'qa #1', 'production'], 'acme/web': ['staging, eu'] },
    tokens: { [WRITE_TOKEN]: 'write' },
  });
  const consoleKey = platform.createKey('console key');
  const secrets = new Set<string>([WRITE_TOKEN, consoleKey.key]);
  const written = new Set<string>();
  const held = (target: string) => github.secretValue(target, SECRET_NAME);
  const dayAgo = () => new Date(Date.now() - 24 * 60 * 60 * 1000);

  return {
    platform,
    github,
    consoleKey,
    secrets,
    written,
    held,
    seed(targets) {
      for (const target of targets) {
        github.putSecretValue(target, SECRET_NAME, consoleKey.key, { writtenAt: dayAgo() });
        written.add(target);
      }
    },
    rotate(targets, inputs = {}, runOptions = {}) {
      const apiKey = targets.map(held).find((value) => value && platform.isKeyValid(value)) ?? consoleKey.key;
      return startAction(ROTATE_KEY, {
        ...runOptions,
        inputs: {
          'api-key': apiKey,
          'api-url': platform.url,
          'github-token': WRITE_TOKEN,
          'secret-name': SECRET_NAME,
          targets: targets.join('\n'),
          keep: '1',
          ...inputs,
        },
        env: { GITHUB_REPOSITORY: HOME, GITHUB_API_URL: github.url, ...runOptions.env },
        timeoutMs: runOptions.timeoutMs ?? 90_000,
      });
    },
    learn(run, targets) {
      for (const value of run.masks) secrets.add(value);
      for (const target of targets) {
        const value = held(target);
        if (value) secrets.add(value);
        if (value && value !== consoleKey.key) written.add(target);
      }
    },
    async deleteSecret(target) {
      const url = `${github.url}${secretPath(target)}`;
      const response = await fetch(url, { method: 'DELETE', headers: { authorization: `token ${WRITE_TOKEN}` } });
      expect(response.status, `deleting the secret of ${target}`).toBe(204);
      written.delete(target);
    },
    close: async () => {
      await Promise.all([platform.close(), github.close()]);
    },
  };
}

/** The REST path of a target's secret. */
export function secretPath(target: string): string {
  const [kind, rest = ''] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
  if (kind === 'env') {
    const [repo, env = ''] = [rest.slice(0, rest.indexOf(':')), rest.slice(rest.indexOf(':') + 1)];
    return `/repos/${repo}/environments/${encodeURIComponent(env)}/secrets/${SECRET_NAME}`;
  }
  return `/repos/${rest}/${kind === 'dependabot' ? 'dependabot' : 'actions'}/secrets/${SECRET_NAME}`;
}

/** Every target written and not retired holds a live key: nobody is locked out. */
export function expectNobodyLockedOut(world: DriftWorld, context = ''): void {
  const locked = [...world.written].filter((target) => {
    const value = world.held(target);
    return !(value && world.platform.isKeyValid(value));
  });
  expect(locked, `targets holding a key that does not work${context}`).toEqual([]);
}

/**
 * Once runs converge: every live key made since the console key is held by some target (no key of
 * a run left valid and held by nothing). Values cannot be mapped to ids, so count.
 */
export function expectNoUnheldKey(world: DriftWorld, context = ''): void {
  const live = world.platform.listKeys().filter((k) => k.id > world.consoleKey.id && !k.revoked);
  const heldValues = new Set(
    [...world.written].map(world.held).filter((v): v is string => !!v && v !== world.consoleKey.key && world.platform.isKeyValid(v)),
  );
  expect(live.length - heldValues.size, `live keys held by no target${context} (live: ${live.map((k) => k.id)})`).toBe(0);
}
