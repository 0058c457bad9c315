// A world for each kind of key: an organization with two projects, the account user its admin, a
// family of the kind already rotated once (its key in both targets), a managing key where the kind
// uses one, and look-alike keys of the other kinds and the other project named as the family's, which
// no rotation of the kind may touch.

import { oneAtATime } from './quick-lease.js';
import type { ClientOptions } from '@keyturn/api';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { type KeyKind, type RotateKeyOptions, rotateKey, RotationError, type RotationReport } from '../src/index.js';
import { SECRET, TARGETS, TOKEN } from './world.js';

export const ORG = 'org-acme-1234';
export const FAMILY = 'keyturn-kinds';
const SEEDED_NAME = `${FAMILY}-20250101T000000Z-abcd`;
const OLDER_NAME = `${FAMILY}-20241201T000000Z-abcd`;

export type KindCase = 'personal' | 'organization' | 'organization, managed' | 'project';
export const KIND_CASES: KindCase[] = ['personal', 'organization', 'organization, managed', 'project'];

export interface Key {
  id: number;
  key: string;
  name: string;
}

export interface KindWorld {
  platform: PlatformEmulator;
  github: GitHubEmulator;
  projectId: string;
  otherProjectId: string;
  keyKind: KeyKind;
  /** The family's keys before the run, oldest first: the newer one is in both targets. */
  seeded: Key[];
  /** The managing key, where the kind uses one. */
  managing?: Key;
  /** Keys named as the family's but of another kind or project: never revoked by the run. */
  lookAlikes: Key[];
  /** Every key value and token the world made. */
  secrets: string[];
  held(): Array<string | undefined>;
  platformOptions(apiKey: string): ClientOptions;
  rotate(
    overrides?: Partial<RotateKeyOptions>,
  ): Promise<{ report?: RotationReport; error?: RotationError; logs: string[]; created: string[] }>;
  close(): Promise<void>;
}

export async function startKindWorld(kindCase: KindCase): Promise<KindWorld> {
  const platform = await startPlatformEmulator({ organizations: [{ id: ORG, name: 'Acme' }] });
  const github = await startGitHubEmulator({
    repos: ['acme/web'],
    environments: { 'acme/web': ['production'] },
    tokens: { [TOKEN]: 'write' },
  });
  const project = platform.createProject({ name: 'shop', org_id: ORG });
  const other = platform.createProject({ name: 'blog', org_id: ORG });
  const keyKind: KeyKind =
    kindCase === 'personal'
      ? { kind: 'personal' }
      : kindCase === 'project'
        ? { kind: 'project', orgId: ORG, projectId: project.id }
        : { kind: 'organization', orgId: ORG };
  const make = (name: string): Key =>
    keyKind.kind === 'personal'
      ? platform.createKey(name)
      : platform.createOrgKey(ORG, name, keyKind.kind === 'project' ? { projectId: keyKind.projectId } : {});
  const seeded = [make(OLDER_NAME), make(SEEDED_NAME)];
  // The account user is the organization's admin: its personal key may make either kind.
  const managing = kindCase === 'project' || kindCase === 'organization, managed' ? platform.createKey('managing key') : undefined;
  const lookAlikes = [
    ...(keyKind.kind !== 'personal' ? [platform.createKey(SEEDED_NAME)] : []),
    ...(keyKind.kind !== 'organization' ? [platform.createOrgKey(ORG, SEEDED_NAME)] : []),
    platform.createOrgKey(ORG, SEEDED_NAME, { projectId: other.id }),
  ];
  for (const target of TARGETS) github.putSecretValue(target, SECRET, seeded[1]!.key, { writtenAt: new Date(Date.now() - 86_400_000) });
  const secrets = [TOKEN, ...seeded.map((k) => k.key), ...lookAlikes.map((k) => k.key), ...(managing ? [managing.key] : [])];
  const held = () => TARGETS.map((t) => github.secretValue(t, SECRET));
  const platformOptions = (apiKey: string): ClientOptions => ({
    apiKey,
    baseUrl: platform.url,
    timeoutMs: 3000,
    retries: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5, deadlineMs: 5000 },
  });

  return {
    platform,
    github,
    projectId: project.id,
    otherProjectId: other.id,
    keyKind,
    seeded,
    managing,
    lookAlikes,
    secrets,
    held,
    platformOptions,
    rotate: async (overrides = {}) => {
      const logs: string[] = [];
      const created: string[] = [];
      const apiKey = (overrides.platform as ClientOptions | undefined)?.apiKey ?? held()[0]!;
      try {
        const report = await rotateKey({
          platform: platformOptions(apiKey),
          keyKind,
          managingApiKey: managing?.key,
          github: { token: TOKEN, baseUrl: github.url, timeoutMs: 5000, retryAfterBaseValue: 1, writeIntervalMs: 0 },
          targets: TARGETS,
          secretName: SECRET,
          family: FAMILY,
          verify: { timeoutMs: 1000, intervalMs: 20 },
          lostCreateCheck: { attempts: 2, intervalMs: 20 },
          log: (entry) => logs.push(`${entry.step}: ${entry.message}`),
          lease: oneAtATime(overrides.record),
          ...overrides,
          onKeyCreated: (value) => {
            created.push(value);
            secrets.push(value);
          },
        });
        return { report, logs, created };
      } catch (error) {
        if (!(error instanceof RotationError)) throw error;
        return { error, logs, created };
      }
    },
    close: async () => {
      await Promise.all([platform.close(), github.close()]);
    },
  };
}
