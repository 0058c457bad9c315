// A renamed secret whose rotation then moved to another kind of key (simulator seed 1701325900): the
// old secret's record is of a kind the new runs cannot list. Once the old secret is gone where the
// record names it, a run of the other kind forgets those targets and names the old keys for the
// console, every run; a run of the old kind revokes them and deletes the record. Never silently valid.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { type KeyKind, type RotateKeyOptions, RotationError, type RotationReport, rotateKey } from '../src/index.js';
import { readRecordText } from '../src/record/format.js';
import { ENV, REPO, TOKEN } from './world.js';

const ORG = 'org-acme-1234';
const OLD = 'NEON_API_KEY';
const RENAMED = 'PLATFORM_KEY';
const ORGANIZATION: KeyKind = { kind: 'organization', orgId: ORG };

let platform: PlatformEmulator;
let github: GitHubEmulator;
const said: string[] = [];
const values: string[] = [TOKEN];

beforeEach(async () => {
  platform = await startPlatformEmulator({ organizations: [{ id: ORG, name: 'Acme' }] });
  github = await startGitHubEmulator({ repos: ['acme/web'], environments: { 'acme/web': ['production'] }, tokens: { [TOKEN]: 'write' } });
  said.length = 0;
});

afterEach(async () => {
  await Promise.all([platform.close(), github.close()]);
});

async function rotate(
  options: Partial<RotateKeyOptions> & { apiKey: string },
): Promise<{ report?: RotationReport; error?: RotationError; created: string[] }> {
  const { apiKey, ...rest } = options;
  const created: string[] = [];
  try {
    const report = await rotateKey({
      platform: {
        apiKey,
        baseUrl: platform.url,
        timeoutMs: 3000,
        retries: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5, deadlineMs: 5000 },
      },
      github: { token: TOKEN, baseUrl: github.url, timeoutMs: 5000, retryAfterBaseValue: 1, writeIntervalMs: 0 },
      record: { repository: 'acme/web' },
      verify: { timeoutMs: 1000, intervalMs: 20 },
      lostCreateCheck: { attempts: 2, intervalMs: 20 },
      log: (entry) => said.push(entry.message),
      onKeyCreated: (value) => {
        values.push(value);
        created.push(value);
      },
      ...rest,
    });
    said.push(JSON.stringify(report));
    return { report, created };
  } catch (error) {
    if (!(error instanceof RotationError)) throw error;
    said.push(error.message);
    return { error, created };
  }
}

async function records(): Promise<Array<{ secretName: string; keyKind?: string; targets: string[] }>> {
  const answer = await fetch(`${github.url}/repos/acme/web/actions/variables?per_page=30`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const { variables } = (await answer.json()) as { variables: Array<{ name: string; value: string }> };
  return variables.flatMap((v) => {
    const read = readRecordText(v.value);
    return read.kind === 'record'
      ? [{ secretName: read.record.secretName, keyKind: read.record.keyKind, targets: Object.keys(read.record.targets) }]
      : [];
  });
}

describe('a renamed secret, then another kind of key', () => {
  it('names the old keys each run of the other kind, and a run of their kind revokes them', async () => {
    // The old secret, rotated with personal keys at the environment: its record names it.
    const consoleKey = platform.createKey('console key');
    values.push(consoleKey.key);
    github.putSecretValue(ENV, OLD, consoleKey.key);
    const first = await rotate({ apiKey: consoleKey.key, targets: [ENV], secretName: OLD, revokeKeyIds: [consoleKey.id] });
    expect(first.error?.message).toBeUndefined();
    const oldKey = first.report!.keyId!;
    const oldValue = first.created[0]!;

    // Renamed, and moved to organization keys: the old secret deleted where it was.
    const orgKey = platform.createOrgKey(ORG, 'console org key');
    values.push(orgKey.key);
    for (const target of [REPO, ENV]) github.putSecretValue(target, RENAMED, orgKey.key);
    const deleted = await fetch(`${github.url}/repos/acme/web/environments/production/secrets/${OLD}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(deleted.status).toBe(204);

    const consoleWords = `revoke key ${oldKey} in the platform console, if it still lists it`;
    let current = orgKey.key;
    for (const round of [1, 2]) {
      const run = await rotate({ apiKey: current, keyKind: ORGANIZATION, targets: [REPO, ENV], secretName: RENAMED, revokeKeyIds: [] });
      expect(run.error?.message, `round ${round}`).toBeUndefined();
      // The personal key cannot be listed by an organization key: it is named, each run, never left silent.
      expect(run.report!.warnings, `round ${round}`).toContainEqual(expect.stringContaining(consoleWords));
      expect(platform.isKeyValid(oldValue)).toBe(true);
      current = github.secretValue(REPO, RENAMED)!;
    }
    // The old record forgot the environment, where its secret is gone: it names no target.
    expect(await records()).toContainEqual({ secretName: OLD, keyKind: 'personal', targets: [] });

    // Back to personal keys: the run revokes the old family's key and deletes its record.
    const personal = platform.createKey('console key 2');
    values.push(personal.key);
    for (const target of [REPO, ENV]) github.putSecretValue(target, RENAMED, personal.key);
    const back = await rotate({ apiKey: personal.key, targets: [REPO, ENV], secretName: RENAMED, revokeKeyIds: [] });
    expect(back.error?.message).toBeUndefined();
    expect(back.report!.revokedKeyIds).toContain(oldKey);
    expect(platform.isKeyValid(oldValue)).toBe(false);
    expect((await records()).filter((r) => r.secretName === OLD)).toEqual([]);
    for (const target of [REPO, ENV]) expect(platform.isKeyValid(github.secretValue(target, RENAMED)!)).toBe(true);

    const text = said.join('\n');
    for (const value of values) expect(text).not.toContain(value);
  });
});
