// The world of one history: both emulators in process (no socket), on the history's virtual
// clock, each service with its own clock skew; the repositories and environments targets are
// drawn from, a home repository holding the target record, an organization with a project, a
// token and a GitHub App installed on acme; and GitLab, with the same projects under the group acme
// (the home project can keep the record) and a token of the group's Owner; and Vercel, with the
// project app in the team acme and a token of a member there. Every key value and token it hands
// out or sees is remembered for the leak checks.

import { generateKeyPairSync } from 'node:crypto';
import {
  type GitHubAppCredentials,
  type GitHubEmulator,
  type GitLabEmulator,
  type PlatformEmulator,
  type ResponseShape,
  startGitHubEmulator,
  startGitLabEmulator,
  startPlatformEmulator,
  startVercelEmulator,
  type VercelEmulator,
} from '@keyturn/emulator';
import type { VirtualTime } from './virtual-time.js';

export const HOME = 'acme/ops';
export const WRITE_TOKEN = 'ghp_simulatorWriter0123456789abcdefABCDEF';
export const GITLAB_TOKEN = 'glpat-simulatorOwner0123456789abcdef';
export const VERCEL_TOKEN = 'vercel_simulatorMember0123456789abcdef';
export const ORG_ID = 'org-simulator-1234';
export const PROJECT_ID = 'shop-simulator-123456';
export const SECRET_NAMES = ['NEON_API_KEY', 'PLATFORM_KEY'] as const;
/** Targets a list is drawn from: every kind, and environment names GitHub allows that look like syntax. */
export const TARGET_POOL = [
  'repo:acme/app',
  'repo:acme/web',
  'env:acme/app:qa #1',
  'env:acme/app:production',
  'env:acme/web:staging, eu',
  'dependabot:acme/api',
] as const;
export const KEY_KINDS = ['personal', 'organization', 'project'] as const;
export type SimKeyKind = (typeof KEY_KINDS)[number];
export const CREDENTIALS = ['token', 'app'] as const;
export type Credential = (typeof CREDENTIALS)[number];
/** What the App may do on acme: what targets, the record and alert mode need. */
const APP_PERMISSIONS = {
  secrets: 'write',
  environments: 'write',
  dependabot_secrets: 'write',
  actions_variables: 'write',
  codespaces_secrets: 'write',
  secret_scanning_alerts: 'write',
} as const;
/** An organization of its own for the organization targets (acme is a user account), and what the App may do there. */
export const ORG_OWNER = 'globex';
const ORG_APP_PERMISSIONS = { organization_secrets: 'write', organization_codespaces_secrets: 'write' } as const;

/**
 * One RSA key for every App of the process: making one costs tens of milliseconds. 1024 bits and
 * PKCS#8, not GitHub's 2048-bit PKCS#1 (which the process-level tests use): the JWT library
 * converts a PKCS#1 key on every token, and neither the size nor the encoding changes a request or
 * an answer of a history.
 */
let sharedAppKey: string | undefined;
function appKey(): string {
  sharedAppKey ??= generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  return sharedAppKey;
}

/**
 * Where the emulator keeps a target spec's secret: an organization secret by its organization alone,
 * a user's Codespaces secret as the write token's user's (the emulator's default user).
 */
export function storedAt(spec: string): string {
  const org = /^((?:codespaces-)?org):([^:]+)/.exec(spec);
  if (org) return `${org[1]}:${org[2]}`;
  return spec.startsWith('codespaces-user') ? `codespaces-user:${TOKEN_USER}` : spec;
}

/** The user the write token acts for. */
const TOKEN_USER = 'octocat';

export interface Skew {
  platformMs: number;
  githubMs: number;
}

export interface World {
  platform: PlatformEmulator;
  github: GitHubEmulator;
  gitlab: GitLabEmulator;
  vercel: VercelEmulator;
  app: GitHubAppCredentials;
  /** The targets a history draws from, which the invariants check (TARGET_POOL, or every kind: target-pool.ts). */
  pool: readonly string[];
  /** Secrets the leak checks search for: keys, tokens, the App key's lines. */
  secrets: Set<string>;
  /** A console-made key of `kind` (the user's first key, or the one they switch to). */
  consoleKey(kind: SimKeyKind): { id: number; key: string };
  /** The personal key of an admin that manages project-scoped keys. */
  managingKey: { id: number; key: string };
  /** Every key made before any run or by the user: not the runs' (the orphan check counts the runs'). */
  userKeyIds: Set<number>;
  /** The values of those keys. */
  userKeyValues: Set<string>;
  /** The kind of the key a value belongs to (the runs' keys are learnt from onKeyCreated). */
  kindOfValue(value: string): SimKeyKind | undefined;
  /** Remembers the kind of a key a run made. */
  learnValue(value: string, kind: SimKeyKind): void;
  /** What a target's store holds (a Vercel variable: its value, deployed or not). */
  held(target: string, secretName: string): string | undefined;
  /** What runs with a Vercel target's variable: the value production's deployment was built with. */
  served(target: string, secretName: string): string | undefined;
}

export async function createWorld(time: VirtualTime, skew: Skew, shape: ResponseShape = 'full'): Promise<World> {
  const platform = await startPlatformEmulator({
    listen: false,
    shape,
    runtime: { now: () => time.now() + skew.platformMs, sleep: (ms, signal) => time.sleep(ms, signal) },
    organizations: [{ id: ORG_ID, name: 'Simulated' }],
  });
  const github = await startGitHubEmulator({
    listen: false,
    shape,
    runtime: { now: () => time.now() + skew.githubMs, sleep: (ms, signal) => time.sleep(ms, signal) },
    repos: ['acme/app', 'acme/web', 'acme/api', HOME],
    environments: { 'acme/app': ['qa', 'qa #1', 'production'], 'acme/web': ['staging, eu'] },
    tokens: { [WRITE_TOKEN]: 'write' },
  });
  // No skew of its own: the skews are drawn by the histories, whose draws must not shift.
  const gitlab = await startGitLabEmulator({
    listen: false,
    runtime: { now: () => time.now(), sleep: (ms, signal) => time.sleep(ms, signal) },
    projects: ['acme/app', HOME],
    tokens: { [GITLAB_TOKEN]: { roles: { acme: 'owner' } } },
  });
  const vercel = await startVercelEmulator({
    listen: false,
    runtime: { now: () => time.now(), sleep: (ms, signal) => time.sleep(ms, signal) },
    projects: ['acme/app'],
    tokens: { [VERCEL_TOKEN]: { teams: { acme: 'member' } } },
  });
  platform.createProject({ id: PROJECT_ID, name: 'shop', org_id: ORG_ID });
  // The emulator hands the key back as PKCS#1, GitHub's format: the runs get the PKCS#8 one (appKey).
  const app = { ...github.createApp({ name: 'keyturn simulator', privateKey: appKey() }), privateKey: appKey() };
  github.installApp(app.id, { owner: 'acme', permissions: { ...APP_PERMISSIONS } });
  // Made after acme's repositories, so their ids stay as the seeds found before knew them.
  github.addOrg(ORG_OWNER);
  for (const name of ['app', 'site']) github.addRepo(`${ORG_OWNER}/${name}`);
  github.installApp(app.id, { owner: ORG_OWNER, permissions: { ...ORG_APP_PERMISSIONS } });
  const secrets = new Set<string>([WRITE_TOKEN, GITLAB_TOKEN, VERCEL_TOKEN]);
  for (const line of app.privateKey.split('\n')) if (line.length >= 16 && !line.startsWith('-----')) secrets.add(line);
  const userKeyIds = new Set<number>();
  const userKeyValues = new Set<string>();
  const kinds = new Map<string, SimKeyKind>();
  const managingKey = platform.createKey('managing key');
  userKeyIds.add(managingKey.id);
  userKeyValues.add(managingKey.key);
  secrets.add(managingKey.key);
  return {
    platform,
    github,
    gitlab,
    vercel,
    pool: TARGET_POOL,
    app,
    secrets,
    managingKey,
    userKeyIds,
    userKeyValues,
    kindOfValue: (value) => kinds.get(value),
    learnValue: (value, kind) => void kinds.set(value, kind),
    consoleKey(kind) {
      const made =
        kind === 'personal'
          ? platform.createKey('console key')
          : platform.createOrgKey(ORG_ID, 'console key', kind === 'project' ? { projectId: PROJECT_ID } : {});
      userKeyIds.add(made.id);
      userKeyValues.add(made.key);
      kinds.set(made.key, kind);
      secrets.add(made.key);
      return made;
    },
    held: (target, secretName) => {
      if (target.startsWith('gitlab')) return gitlabHeld(gitlab, target, secretName);
      if (target.startsWith('vercel:')) return vercelHeld(vercel, target, secretName);
      return github.secretValue(storedAt(target), secretName);
    },
    // Production's deployment serves production's variables; another environment's runs as it is set (no redeploy is awaited there).
    served: (target, secretName) => {
      const ref = vercelRef(target);
      return ref.environment === 'production' ? vercel.servedValue(ref, secretName) : vercelHeld(vercel, target, secretName);
    },
  };
}

/** `vercel:PROJECT[:ENV][@TEAM]` as the emulator's project reference, and its environment. */
export function vercelRef(target: string): { project: string; team?: string; environment: string } {
  const [place = '', team] = target.slice('vercel:'.length).split('@');
  const [project = '', environment = 'production'] = place.split(':');
  return { project, environment, ...(team && { team }) };
}

/** What a Vercel spec's variable holds (sensitive or not). */
function vercelHeld(vercel: VercelEmulator, target: string, secretName: string): string | undefined {
  const ref = vercelRef(target);
  return vercel
    .envs(ref)
    .find((v) => v.key === secretName && v.gitBranch === undefined && v.target.includes(ref.environment as 'production'))?.value;
}

/** What a GitLab spec's variable holds (`gitlab:PROJECT[:SCOPE]`, `gitlab-group:GROUP[:SCOPE]`), hidden or not. */
function gitlabHeld(gitlab: GitLabEmulator, target: string, secretName: string): string | undefined {
  const [kind, path = '', scope = '*'] = target.split(':');
  const ref = kind === 'gitlab' ? { project: path } : { group: path };
  return gitlab.variable(ref, secretName, scope)?.value;
}
