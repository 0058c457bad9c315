// A platform and a GitHub emulator over real HTTP, seeded as a repository that has rotated before:
// a console-made key (unmanaged), a previous key of the family (the current key, in the secret of
// both targets), and a token that can write secrets.

import { afterEach, beforeEach } from 'vitest';
import { createClient, type PlatformClient } from '@keyturn/api';
import {
  type GitHubEmulator,
  type LoggedRequest,
  type PlatformEmulator,
  startGitHubEmulator,
  startPlatformEmulator,
} from '@keyturn/emulator';
import { deriveFamily } from '../src/family.js';
import type { GitHubClientOptions } from '../src/targets.js';

export const SECRET = 'NEON_API_KEY';
export const REPO = 'repo:acme/web';
export const ENV = 'env:acme/web:production';
export const TARGETS = [REPO, ENV];
export const FAMILY = deriveFamily(REPO, SECRET);
export const REPO_SECRET_PATH = `/repos/acme/web/actions/secrets/${SECRET}`;
export const ENV_SECRET_PATH = `/repos/acme/web/environments/production/secrets/${SECRET}`;
/** The PUT path of each target's secret, in TARGETS order. */
export const SECRET_PATHS = [REPO_SECRET_PATH, ENV_SECRET_PATH];
export const TOKEN = 'ghp_writer_token_for_tests_0123456789';

export interface OrderedRequest extends LoggedRequest {
  service: 'platform' | 'github';
  order: number;
}

export interface World {
  platform: PlatformEmulator;
  github: GitHubEmulator;
  consoleKey: { id: number; key: string; name: string };
  /** The key in the secret when the test starts. */
  currentKey: { id: number; key: string; name: string };
  /** Requests of both emulators in the order they were answered. */
  requests: OrderedRequest[];
  /** A platform client with `apiKey`; `fetch` lets a test hold or stop its requests. */
  client(apiKey: string, fetch?: typeof globalThis.fetch): PlatformClient;
  githubOptions(overrides?: Partial<GitHubClientOptions>): GitHubClientOptions;
  /** What each target's secret holds now, opened from its sealed box, in TARGETS order. */
  held(): Array<string | undefined>;
  /** A request to the GitHub emulator with the writer token, as a user would send it by hand (a JSON body when given). */
  githubApi(method: string, path: string, body?: unknown): Promise<Response>;
  /** The Actions variables of acme/web (where the tests keep the target record), as GitHub lists them. */
  variables(): Promise<Array<{ name: string; value: string }>>;
  close(): Promise<void>;
}

export interface WorldOptions {
  seedFamilyKey?: boolean;
  /** When GitHub wrote the seeded secrets (their `updated_at`): a day before the run unless told. */
  seededAt?: Date;
  /** The platform's clock (its keys' created_at), in ms since the epoch: the wall clock unless told. */
  clock?: () => number;
}

/** A fresh world for each test of a file, closed after it: `useFreshWorld((w) => { world = w; })`. */
export function useFreshWorld(set: (world: World) => void, options?: WorldOptions): void {
  let current: World | undefined;
  beforeEach(async () => {
    current = await startWorld(options);
    set(current);
  });
  afterEach(async () => {
    await current?.close();
  });
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const platform = await startPlatformEmulator({ clock: options.clock });
  const github = await startGitHubEmulator({
    repos: ['acme/web', 'acme/api', 'acme/docs'],
    environments: { 'acme/web': ['production'] },
    orgs: ['acme'],
    tokens: { [TOKEN]: 'write' },
  });
  const consoleKey = platform.createKey('console key');
  const currentKey = options.seedFamilyKey === false ? consoleKey : platform.createKey(`${FAMILY}-20250101T000000Z-abcd`);
  seedSecrets(github, currentKey.key, options.seededAt ?? new Date(Date.now() - DAY_MS));

  const requests: OrderedRequest[] = [];
  let order = 0;
  for (const [service, log] of [
    ['platform', platform.log],
    ['github', github.log],
  ] as const) {
    // One order across both emulators: a request is recorded when its answer is sent.
    const record = log.record.bind(log);
    log.record = (entry) => {
      const logged = record(entry);
      requests.push({ ...logged, service, order: ++order });
      return logged;
    };
  }

  const githubApi = (method: string, path: string, body?: unknown) =>
    fetch(`${github.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  return {
    platform,
    github,
    consoleKey,
    currentKey,
    requests,
    held: () => TARGETS.map((t) => github.secretValue(t, SECRET)),
    githubApi,
    variables: async () => {
      const answer = await githubApi('GET', '/repos/acme/web/actions/variables?per_page=30');
      return ((await answer.json()) as { variables: Array<{ name: string; value: string }> }).variables;
    },
    client: (apiKey, fetch) =>
      createClient({
        apiKey,
        fetch,
        baseUrl: platform.url,
        timeoutMs: 3000,
        retries: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5, deadlineMs: 5000 },
      }),
    githubOptions: (overrides) => ({
      token: TOKEN,
      baseUrl: github.url,
      timeoutMs: 5000,
      retryAfterBaseValue: 1,
      writeIntervalMs: 0,
      ...overrides,
    }),
    close: async () => {
      await Promise.all([platform.close(), github.close()]);
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Puts `value` in every target's secret as an earlier rotation did, dated `at`. */
function seedSecrets(github: GitHubEmulator, value: string, at: Date): void {
  for (const target of TARGETS) github.putSecretValue(target, SECRET, value, { writtenAt: at });
}
