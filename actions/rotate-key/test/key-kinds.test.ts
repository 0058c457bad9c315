// Each kind of key rotated through the bundled Action (dist/index.js, as the runner runs it) against
// the emulators: a personal key, an organization key (with its own key, and through a managing
// key), a project-scoped key through a managing key. Inputs that name a kind wrongly fail before any
// request, naming the input. No key value shows in anything a run printed.

import { fileURLToPath } from 'node:url';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ActionRun, findLeaks, runAction } from '@keyturn/action-runner';

const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'github_pat_writer_0123456789abcdef';
const REPO = 'repo:acme/web';
const ORG = 'org-acme-1234';
const FAMILY = 'keyturn-deploy';

let platform: PlatformEmulator;
let github: GitHubEmulator;
let projectId: string;
let managing: { id: number; key: string };
let secrets: string[];

beforeEach(async () => {
  platform = await startPlatformEmulator({ organizations: [{ id: ORG, name: 'Acme' }] });
  github = await startGitHubEmulator({ repos: ['acme/web'], tokens: { [TOKEN]: 'write' } });
  projectId = platform.createProject({ name: 'shop', org_id: ORG }).id;
  // The account user is the organization's admin: its personal key may manage either kind.
  managing = platform.createKey('managing key');
  secrets = [TOKEN, managing.key];
});
afterEach(async () => {
  await platform?.close();
  await github?.close();
});

type Kind = 'personal' | 'organization' | 'project';

/** A key of `kind` named as the family's, in the repository's secret. */
function seed(kind: Kind): { id: number; key: string } {
  const name = `${FAMILY}-20250101T000000Z-abcd`;
  const key = kind === 'personal' ? platform.createKey(name) : platform.createOrgKey(ORG, name, kind === 'project' ? { projectId } : {});
  github.putSecretValue(REPO, 'NEON_API_KEY', key.key);
  secrets.push(key.key);
  return key;
}

async function rotate(current: string, inputs: Record<string, string>): Promise<ActionRun> {
  const run = await runAction(ACTION_DIR, {
    inputs: { 'api-key': current, 'api-url': platform.url, 'github-token': TOKEN, 'key-name-prefix': FAMILY, ...inputs },
    env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url },
  });
  const held = github.secretValue(REPO, 'NEON_API_KEY');
  if (held && !secrets.includes(held)) secrets.push(held);
  expect(findLeaks(run, secrets)).toEqual([]);
  return run;
}

const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error').map((a) => a.message);

describe('rotate-key, each kind of key', () => {
  it.each([
    { name: 'a personal key', kind: 'personal' as const, managed: false },
    { name: "an organization key, managing its organization's keys itself", kind: 'organization' as const, managed: false },
    { name: 'an organization key, through a managing key', kind: 'organization' as const, managed: true },
    { name: 'a project-scoped key, through a managing key', kind: 'project' as const, managed: true },
  ])('rotates $name', async ({ kind, managed }) => {
    const old = seed(kind);
    const run = await rotate(old.key, {
      'key-kind': kind,
      ...(kind !== 'personal' && { 'org-id': ORG }),
      ...(kind === 'project' && { 'project-id': projectId }),
      ...(managed && { 'managing-api-key': managing.key }),
    });
    expect(errors(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    const made = platform.listKeys().find((k) => String(k.id) === run.outputs['key-id'])!;
    expect(made).toMatchObject({ name: run.outputs['key-name'], revoked: false });
    expect(made.org_id).toBe(kind === 'personal' ? undefined : ORG);
    expect(made.project_id).toBe(kind === 'project' ? projectId : undefined);
    expect(run.outputs).toMatchObject({ 'revoked-key-ids': JSON.stringify([old.id]), targets: JSON.stringify([REPO]) });
    const held = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(platform.isKeyValid(held)).toBe(true);
    expect(platform.isKeyValid(old.key)).toBe(false);
    expect(run.summary).toContain(`<tr><td>New key id</td><td>${made.id}</td></tr>`);
    // Every secret input is masked first, the managing key too.
    if (managed) expect(run.stdout).toContain(`::add-mask::${managing.key}\n`);
    // The managing key made and revoked; the rotated and new keys only proved themselves.
    const byManager = platform.log
      .entries()
      .filter((r) => r.method !== 'GET')
      .every((r) => r.actor === `key:${managing.id}`);
    expect(byManager).toBe(managed);
  });

  it('refuses, before anything changes, an organization key named like the family (no record knows it) as managing key: it would revoke itself (issue 31, item 2)', async () => {
    const old = seed('organization');
    // An older key of the family, made by hand (or by an earlier release): unknown to any record.
    const sibling = platform.createOrgKey(ORG, `${FAMILY}-20240101T000000Z-wxyz`, {});
    secrets.push(sibling.key);
    const keysBefore = platform.listKeys().length;
    const run = await rotate(old.key, { 'key-kind': 'organization', 'org-id': ORG, 'managing-api-key': sibling.key });
    expect(run.exitCode).toBe(1);
    expect(errors(run)).toEqual([
      expect.stringContaining(
        'The key in managing-api-key is an organization key (GET /auth says api_key_org) that no target record knows',
      ),
    ]);
    expect(errors(run)[0]).toContain(`${sibling.id} (${FAMILY}-20240101T000000Z-wxyz)`);
    expect(platform.isKeyValid(sibling.key)).toBe(true);
    expect(platform.isKeyValid(old.key)).toBe(true);
    expect(platform.listKeys().length).toBe(keysBefore);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(old.key);
    // A personal key of the admin manages the same family: GET /auth says api_key_user, never in the listing.
    const managed = await rotate(old.key, { 'key-kind': 'organization', 'org-id': ORG, 'managing-api-key': managing.key });
    expect(errors(managed)).toEqual([]);
    expect(managed.exitCode).toBe(0);
    expect(platform.isKeyValid(managing.key)).toBe(true);
  });

  it('a dry run of a project-scoped key makes nothing', async () => {
    const old = seed('project');
    const run = await rotate(old.key, {
      'key-kind': 'project',
      'org-id': ORG,
      'project-id': projectId,
      'managing-api-key': managing.key,
      'dry-run': 'true',
    });
    expect(run.exitCode).toBe(0);
    expect(run.summary).toContain('dry run, nothing changed');
    expect(platform.log.entries().filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it.each([
    [
      'a project key without project-id',
      { 'key-kind': 'project', 'org-id': ORG, 'managing-api-key': 'MANAGING' },
      "Input 'project-id' is invalid: it is required: the id of the one project the key reaches",
    ],
    [
      'org-id with a personal key',
      { 'org-id': ORG },
      "Input 'org-id' is given, but key-kind is personal, which does not use it: org-id is for key-kind organization or project. Set key-kind, or remove org-id",
    ],
    [
      'project-id with an organization key',
      { 'key-kind': 'organization', 'org-id': ORG, 'project-id': 'p-1' },
      "Input 'project-id' is given, but key-kind is organization",
    ],
    [
      'a project key without a managing key',
      { 'key-kind': 'project', 'org-id': ORG, 'project-id': 'p-1' },
      "Input 'managing-api-key' is invalid: it is required for a project-scoped key, which cannot create, list or revoke keys",
    ],
    [
      'a managing key for a personal key',
      { 'managing-api-key': 'MANAGING' },
      "Input 'managing-api-key' is invalid: it is for an organization or project-scoped key",
    ],
    ['an unknown kind', { 'key-kind': 'team' }, `Input 'key-kind' must be one of personal, organization, project, not "team"`],
  ])('refuses %s before any request, naming the input', async (_name, inputs, message) => {
    const old = seed('project');
    const given = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v === 'MANAGING' ? managing.key : v]));
    const run = await rotate(old.key, given);
    expect(run.exitCode).toBe(1);
    expect(errors(run)).toEqual([expect.stringContaining(message)]);
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
  });
});
