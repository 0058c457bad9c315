// One rotation's world: a platform emulator and a GitHub emulator (each on its own port), a key
// family that already has two keys (the newer one in every target), and the rotate-key Action
// wired to both. Every key value and token the rig sees is remembered for the leak checks.
// The family is of one kind of key (RigKind): personal, an organization's key (managing its own
// organization's keys), or a project-scoped key rotated with a managing key (an admin's personal key).

import {
  type GitHubAppCredentials,
  type GitHubEmulator,
  type PlatformEmulator,
  startGitHubEmulator,
  startPlatformEmulator,
} from '@keyturn/emulator';
import type { RunActionOptions } from '@keyturn/action-runner';
import { type ProbedRun, ROTATE_KEY, type StartedAction, startAction } from './action-process.js';

export const WRITE_TOKEN = 'ghp_reliabilityWriter0123456789abcdefABCDEF';
export const SECRET_NAME = 'NEON_API_KEY';
export const FAMILY = 'keyturn-reliability';
/** Three kinds of target, so a rotation makes three secret writes. */
export const TARGETS = ['repo:acme/web', 'env:acme/web:production', 'dependabot:acme/web'] as const;
export const ORG_ID = 'org-reliability-1234';
/** Fixed, so a request recorded in one rig names the same path in the next. */
export const PROJECT_ID = 'shop-reliability-123456';

/** The kinds of key the suite rotates, each through its own requests. */
export const RIG_KINDS = ['personal', 'organization', 'project'] as const;
export type RigKind = (typeof RIG_KINDS)[number];

export interface SeededKey {
  id: number;
  key: string;
  name: string;
}

/** The kind of key rotated, and how the Action reaches GitHub: github-token (default), or a GitHub App installed on acme (app-id, private-key). */
export interface RigOptions {
  /** The kind of key the family is of (default personal). */
  kind?: RigKind;
  credential?: 'token' | 'app';
}

/** With `credential: 'app'`, what the App may do on acme: exactly what the rig's targets and record need. */
export const APP_PERMISSIONS = {
  secrets: 'write',
  environments: 'write',
  dependabot_secrets: 'write',
  actions_variables: 'write',
} as const;

export interface RotationRig {
  kind: RigKind;
  /** True when a managing key makes, lists and revokes (its listings are its requests, not the run's key's). */
  managed: boolean;
  platform: PlatformEmulator;
  github: GitHubEmulator;
  /** With `credential: 'app'`: the App the Action authenticates as. */
  app?: GitHubAppCredentials;
  /** Family keys made before the run, oldest first; the last is the one every target holds. */
  seeded: SeededKey[];
  /** Every key value and token seen so far. */
  secrets: Set<string>;
  /** Starts rotate-key with the rig's inputs (api-key: what the first target holds, keep 1). */
  rotate(inputs?: Record<string, string>, options?: Omit<RunActionOptions, 'inputs'>): StartedAction;
  /** The value each target holds now, in TARGETS order. */
  heldValues(): Array<string | undefined>;
  /** Remembers the keys a run masked and the values the targets hold now. */
  learn(run: ProbedRun): void;
  close(): Promise<void>;
}

export async function startRotationRig(options: RigOptions = {}): Promise<RotationRig> {
  const kind = options.kind ?? 'personal';
  const platform = await startPlatformEmulator({ organizations: [{ id: ORG_ID, name: 'Reliability' }] });
  const github = await startGitHubEmulator({
    repos: ['acme/web'],
    environments: { 'acme/web': ['production'] },
    tokens: { [WRITE_TOKEN]: 'write' },
  });
  const projectId = kind === 'project' ? platform.createProject({ id: PROJECT_ID, name: 'shop', org_id: ORG_ID }).id : undefined;
  // Made before the family, so its id is below every key a run makes (expectNoStrandedKey).
  const managing = kind === 'project' ? platform.createKey('managing key') : undefined;
  const kindInputs: Record<string, string> =
    kind === 'personal'
      ? {}
      : {
          'key-kind': kind,
          'org-id': ORG_ID,
          ...(projectId && { 'project-id': projectId }),
          ...(managing && { 'managing-api-key': managing.key }),
        };
  const makeKey = (name: string): SeededKey =>
    kind === 'personal' ? platform.createKey(name) : platform.createOrgKey(ORG_ID, name, projectId ? { projectId } : {});
  // Two keys named as earlier rotations of the family named them: keep 1 makes a run revoke both.
  const seeded: SeededKey[] = [1, 2].map((day) => makeKey(`${FAMILY}-2026010${day}T000000Z-seed`));
  // Stored by the last of them, a day ago (a run tells its own writes from earlier ones by date).
  const writtenAt = new Date(Date.now() - 24 * 60 * 60 * 1000);
  for (const target of TARGETS) github.putSecretValue(target, SECRET_NAME, seeded[1]!.key, { writtenAt });
  const secrets = new Set<string>([WRITE_TOKEN, ...seeded.map((k) => k.key), ...(managing ? [managing.key] : [])]);
  let app: GitHubAppCredentials | undefined;
  let credentialInputs: Record<string, string> = { 'github-token': WRITE_TOKEN };
  if (options.credential === 'app') {
    app = github.createApp({ name: 'keyturn reliability' });
    github.installApp(app.id, { owner: 'acme', permissions: { ...APP_PERMISSIONS } });
    credentialInputs = { 'app-id': String(app.id), 'private-key': app.privateKey };
    // Each line of key material is a secret of its own (a short last line is no search term).
    for (const line of app.privateKey.split('\n')) if (line.length >= 16 && !line.startsWith('-----')) secrets.add(line);
  }

  const heldValues = () => TARGETS.map((target) => github.secretValue(target, SECRET_NAME));
  const learn = (run: ProbedRun) => {
    for (const value of [...run.masks, ...heldValues()]) if (value) secrets.add(value);
  };

  return {
    kind,
    managed: managing !== undefined,
    platform,
    github,
    app,
    seeded,
    secrets,
    heldValues,
    learn,
    rotate: (inputs = {}, runOptions = {}) =>
      startAction(ROTATE_KEY, {
        ...runOptions,
        inputs: {
          'api-key': heldValues()[0] ?? '',
          'api-url': platform.url,
          ...credentialInputs,
          'secret-name': SECRET_NAME,
          targets: TARGETS.join('\n'),
          'key-name-prefix': FAMILY,
          keep: '1',
          ...kindInputs,
          ...inputs,
        },
        env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url, ...runOptions.env },
        timeoutMs: runOptions.timeoutMs ?? 90_000,
      }),
    close: async () => {
      await Promise.all([platform.close(), github.close()]);
    },
  };
}
