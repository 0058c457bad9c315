// Codespaces secrets as rotation targets (issue 23, item 2) against the emulators over HTTP: each
// form rotates, sealed with its own key; an unanswered write is settled by the secret's updated_at;
// a rollback gives back an organization secret's visibility and a user secret's repositories; the
// record names the targets and retiring one works as for Actions secrets. GitHub Enterprise Server
// (no Codespaces) and the user form with a GitHub App are refused before anything changes.

import { OptionError } from '@keyturn/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRotateKeyOptions, rotateKey } from '../src/index.js';
import { createGitHubClient } from '../src/targets.js';
import { runRotation } from './run.js';
import { REPO, SECRET, TOKEN, useFreshWorld, type World } from './world.js';

const CODESPACES = 'codespaces:acme/web';
const CODESPACES_ORG = 'codespaces-org:acme:selected:web,api';
const CODESPACES_USER = 'codespaces-user:acme/web';
/** Where the emulator keeps each form's secret (the user form: the token's user's, octocat). */
const STORED: Record<string, string> = {
  [CODESPACES]: 'codespaces:acme/web',
  [CODESPACES_ORG]: 'codespaces-org:acme',
  [CODESPACES_USER]: 'codespaces-user:octocat',
};
const PUT_PATHS: Record<string, string> = {
  [CODESPACES]: `/repos/acme/web/codespaces/secrets/${SECRET}`,
  [CODESPACES_ORG]: `/orgs/acme/codespaces/secrets/${SECRET}`,
  [CODESPACES_USER]: `/user/codespaces/secrets/${SECRET}`,
};
const ALL = [REPO, CODESPACES, CODESPACES_ORG, CODESPACES_USER];
const record = { repository: 'acme/web' };
const forGood = { times: 'always' } as const;

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

/** The Codespaces secrets hold the current key, written a day ago as the seeded Actions secrets are. */
function seedCodespaces(): void {
  const writtenAt = new Date(Date.now() - 24 * 60 * 60 * 1000);
  for (const stored of Object.values(STORED)) world.github.putSecretValue(stored, SECRET, world.currentKey.key, { writtenAt });
}

const held = (target: string) => world.github.secretValue(STORED[target] ?? target, SECRET);
const ids = (...names: string[]) => names.map((name) => world.github.addRepo(name).id);

async function recordText(): Promise<string> {
  return (await world.variables()).map((v) => v.value).join('\n');
}

/** Nothing the run said holds a key value or the token. */
function expectNothingLeaked(run: Awaited<ReturnType<typeof runRotation>>): void {
  const said = [...run.logs.map((l) => l.message), run.error?.message ?? '', JSON.stringify(run.report ?? run.error?.report ?? {})].join(
    '\n',
  );
  for (const secret of [...run.createdValues, world.currentKey.key, TOKEN]) expect(said.includes(secret)).toBe(false);
}

describe('Codespaces targets', () => {
  beforeEach(seedCodespaces);

  it('rotates into every form in one run, each sealed with its own key, and the record names them', async () => {
    const run = await runRotation(world, { targets: ALL, record });
    expect(run.error).toBeUndefined();
    const [value] = run.createdValues;
    expect(ALL.map(held)).toEqual([value, value, value, value]);
    expect(run.report!.targets).toEqual(ALL);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(false);
    expect(world.github.secret('codespaces-org:acme', SECRET)).toMatchObject({
      visibility: 'selected',
      selected_repository_ids: ids('acme/web', 'acme/api'),
    });
    expect(world.github.secret('codespaces-user:octocat', SECRET)).toMatchObject({
      visibility: 'selected',
      selected_repository_ids: ids('acme/web'),
    });
    // Each write went to its own store, never to the Actions secret of the same name.
    expect(
      world.github.log
        .entries({ method: 'PUT' })
        .map((r) => r.path)
        .filter((p) => p.includes('/codespaces/')),
    ).toEqual(Object.values(PUT_PATHS));
    const text = await recordText();
    for (const identity of ['repo:acme/web', 'codespaces:acme/web', 'codespaces-org:acme', 'codespaces-user'])
      expect(text).toContain(`"${identity}"`);
    expectNothingLeaked(run);
  });

  it('keeps the visibility of an organization secret and the repositories of a user secret when the spec names none', async () => {
    world.github.putSecretValue('codespaces-org:acme', SECRET, world.currentKey.key, { visibility: 'all' });
    world.github.putSecretValue('codespaces-user:octocat', SECRET, world.currentKey.key, { selected_repository_ids: ids('acme/docs') });
    const run = await runRotation(world, { targets: [REPO, 'codespaces-org:acme', 'codespaces-user'] });
    expect(run.error).toBeUndefined();
    expect(world.github.secret('codespaces-org:acme', SECRET)).toMatchObject({ visibility: 'all' });
    expect(world.github.secret('codespaces-user:octocat', SECRET)).toMatchObject({ selected_repository_ids: ids('acme/docs') });
    expect(held(CODESPACES_USER)).toBe(run.createdValues[0]);
  });

  it("a rollback gives back the organization secret's visibility and the user secret's repositories with the previous key", async () => {
    world.github.putSecretValue('codespaces-org:acme', SECRET, world.currentKey.key, { visibility: 'private' });
    world.github.putSecretValue('codespaces-user:octocat', SECRET, world.currentKey.key, { selected_repository_ids: ids('acme/docs') });
    world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: `/repos/acme/web/actions/secrets/${SECRET}` });
    const run = await runRotation(world, { targets: [CODESPACES_ORG, CODESPACES_USER, CODESPACES, REPO] });
    expect(run.error?.message).toMatch(
      /The previous key was written back to codespaces-org:acme:selected:web,api, codespaces-user:acme\/web, codespaces:acme\/web and the new key \d+ was revoked/,
    );
    expect(world.github.secret('codespaces-org:acme', SECRET)).toMatchObject({ visibility: 'private' });
    expect(world.github.secret('codespaces-user:octocat', SECRET)).toMatchObject({ selected_repository_ids: ids('acme/docs') });
    expect([CODESPACES_ORG, CODESPACES_USER, CODESPACES].map(held)).toEqual([
      world.currentKey.key,
      world.currentKey.key,
      world.currentKey.key,
    ]);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    expectNothingLeaked(run);
  });

  it('retires a Codespaces target whose secret is gone, as an Actions one', async () => {
    const first = await runRotation(world, { targets: [REPO, CODESPACES], record, revokeKeyIds: [] });
    expect(first.error).toBeUndefined();
    const deleted = await world.githubApi('DELETE', PUT_PATHS[CODESPACES]!);
    expect(deleted.status).toBe(204);
    const second = await runRotation(world, {
      targets: [REPO],
      retireTargets: [CODESPACES],
      record,
      apiKey: first.createdValues[0],
      revokeKeyIds: [],
    });
    expect(second.error).toBeUndefined();
    expect(second.report!.revokedKeyIds).toContain(first.report!.keyId);
    expect(await recordText()).not.toContain('"codespaces:acme/web"');
  });
});

describe.each([CODESPACES, CODESPACES_ORG, CODESPACES_USER])('the write to %s gets no usable answer', (target) => {
  beforeEach(seedCodespaces);

  it("its updated_at, older than the run's public key, proves it never landed: the target keeps its key and the new key goes", async () => {
    world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path: PUT_PATHS[target]!, ...forGood });
    const run = await runRotation(world, { targets: [REPO, target] });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(/The previous key was written back to repo:acme\/web and the new key \d+ was revoked/);
    expect(held(target)).toBe(world.currentKey.key);
    expect(held(REPO)).toBe(world.currentKey.key);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    expect(world.github.log.entries({ method: 'GET', path: PUT_PATHS[target]! })).not.toHaveLength(0);
  });

  it('the write landed but every answer was lost: the new key stays valid and the target is named', async () => {
    const path = PUT_PATHS[target]!;
    world.github.faults.add({ kind: 'reply-lost', method: 'PUT', path, ...forGood });
    const run = await runRotation(world, {
      targets: [REPO, target],
      onLog: ({ message }) => {
        // The write-back to it fails without taking effect: the target keeps the new key.
        if (message !== `Writing the previous key back to ${target}`) return;
        world.github.faults.clear();
        world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path, ...forGood });
      },
    });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(
      new RegExp(`failed for ${target.replace(/[/]/g, '\\/')}, which may hold the new key \\d+: it stays valid`),
    );
    expect(run.error?.report.targets).toEqual([target]);
    expect(held(target)).toBe(run.createdValues[0]);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(true);
    expectNothingLeaked(run);
  });
});

describe('refused before anything changes', () => {
  let saved: number;
  beforeEach(() => {
    saved = world.requests.length;
  });
  afterEach(() => {
    // Not one request reached either service.
    expect(world.requests.length).toBe(saved);
  });

  it.each([
    ['GitHub Enterprise Server', '/api/v3', /GitHub Enterprise Server \(127\.0\.0\.1:\d+\) has no Codespaces.*Nothing was changed/],
    ['GHE.com', '', /GHE\.com \(api\.acme\.ghe\.com\) has no Codespaces/],
  ])('every Codespaces form on %s', async (_server, path, message) => {
    const baseUrl = path ? `${world.github.url}${path}` : 'https://api.acme.ghe.com';
    for (const target of [CODESPACES, CODESPACES_ORG, CODESPACES_USER]) {
      const options = {
        platform: { apiKey: world.currentKey.key, baseUrl: world.platform.url },
        github: { token: TOKEN, baseUrl },
        targets: [REPO, target],
        secretName: SECRET,
        lease: false as const,
      };
      const problems = checkRotateKeyOptions(options);
      expect(problems).toEqual([expect.objectContaining({ option: 'targets', message: expect.stringMatching(message) })]);
      await expect(rotateKey(options)).rejects.toThrow(OptionError);
      await expect(rotateKey(options)).rejects.toThrow(target);
    }
    // A retired Codespaces target there is refused too, under its own option.
    const retiring = checkRotateKeyOptions({
      platform: { apiKey: world.currentKey.key },
      github: { token: TOKEN, baseUrl },
      targets: [REPO],
      retireTargets: [CODESPACES],
      lease: false,
    });
    expect(retiring.map((p) => p.option)).toEqual(['retireTargets']);
    // Actions targets are fine there.
    expect(
      checkRotateKeyOptions({
        platform: { apiKey: world.currentKey.key },
        github: { token: TOKEN, baseUrl },
        targets: [REPO, 'org:acme'],
        lease: false,
      }),
    ).toEqual([]);
  });

  it("a caller's Octokit for GitHub Enterprise Server: its own base URL says so", async () => {
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: `${world.github.url}/api/v3/` });
    const problems = checkRotateKeyOptions({
      platform: { apiKey: world.currentKey.key },
      github: { octokit },
      targets: [REPO, 'codespaces-org:acme'],
      lease: false,
    });
    expect(problems).toEqual([
      expect.objectContaining({ option: 'targets', message: expect.stringMatching(/^codespaces-org:acme: GitHub Enterprise Server/) }),
    ]);
    const onGitHubCom = createGitHubClient({ token: TOKEN, baseUrl: world.github.url });
    expect(
      checkRotateKeyOptions({
        platform: { apiKey: world.currentKey.key },
        github: { octokit: onGitHubCom },
        targets: [REPO, 'codespaces-org:acme'],
        lease: false,
      }),
    ).toEqual([]);
  });

  it("the user form with a GitHub App: its installation token cannot reach a user's secrets", async () => {
    const app = world.github.createApp();
    const options = {
      platform: { apiKey: world.currentKey.key, baseUrl: world.platform.url },
      github: { appId: app.id, privateKey: app.privateKey, baseUrl: world.github.url },
      targets: [CODESPACES, 'codespaces-user'],
      secretName: SECRET,
      lease: false as const,
    };
    await expect(rotateKey(options)).rejects.toThrow(
      /codespaces-user: a GitHub App's installation token acts for no user.*Give github\.token instead: .*Codespaces user secrets: write.*`codespace:secrets` scope.*Nothing was changed/,
    );
    expect(checkRotateKeyOptions({ ...options, targets: [CODESPACES, CODESPACES_ORG] })).toEqual([]);
  });
});

describe('permissions', () => {
  beforeEach(seedCodespaces);

  it.each([
    [
      CODESPACES,
      /repository permission Codespaces secrets: write, a GitHub App with `codespaces_secrets` write/,
      'codespaces_secrets=write',
    ],
    [
      CODESPACES_ORG,
      /organization permission Codespaces secrets: write, a GitHub App with `organization_codespaces_secrets` write/,
      'organization_codespaces_secrets=write',
    ],
    [
      CODESPACES_USER,
      /account permission Codespaces user secrets: write.*installation token and the workflow GITHUB_TOKEN cannot/,
      'codespaces_user_secrets=write',
    ],
  ])('a token that may not write %s is told what it needs', async (target, needs, accepted) => {
    world.github.addToken(TOKEN, 'read');
    const run = await runRotation(world, { targets: [target, REPO] });
    expect(run.error?.step).toBe('store');
    expect(run.error?.advice).toMatch(needs);
    expect(run.error?.advice).toContain(`GitHub says this request needs: ${accepted}`);
    expect(held(target)).toBe(world.currentKey.key);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    // A token that may not even read it fails the preflight, before any key exists, with the same advice.
    world.github.addToken(TOKEN, 'none');
    const refused = await runRotation(world, { targets: [target, REPO] });
    expect(refused.error?.step).toBe('preflight');
    expect(refused.error?.advice).toMatch(needs);
    expect(refused.createdValues).toEqual([]);
  });

  it('a GitHub App writes the repository and organization forms with codespaces_secrets and organization_codespaces_secrets', async () => {
    const app = world.github.createApp();
    world.github.installApp(app.id, {
      owner: 'acme',
      permissions: { codespaces_secrets: 'write', organization_codespaces_secrets: 'write' },
    });
    const run = await runRotation(world, { github: appAccess(app), targets: [CODESPACES, CODESPACES_ORG] });
    expect(run.error).toBeUndefined();
    expect([CODESPACES, CODESPACES_ORG].map(held)).toEqual([run.createdValues[0], run.createdValues[0]]);
    expect(world.github.installationTokens(app.id)).toEqual([
      expect.objectContaining({
        owner: 'acme',
        permissions: { codespaces_secrets: 'write', organization_codespaces_secrets: 'write', metadata: 'read' },
      }),
    ]);
  });

  it('a GitHub App without organization_codespaces_secrets is told where to grant it, before any key exists', async () => {
    const app = world.github.createApp();
    world.github.installApp(app.id, { owner: 'acme', permissions: { codespaces_secrets: 'write' } });
    const run = await runRotation(world, { github: appAccess(app), targets: [CODESPACES, CODESPACES_ORG] });
    expect(run.error?.step).toBe('preflight');
    expect(run.error?.summary).toMatch(
      /lacks Organization permissions > Codespaces secrets: Read and write \(organization_codespaces_secrets\)$/,
    );
    expect(run.createdValues).toEqual([]);
    expect(held(CODESPACES_ORG)).toBe(world.currentKey.key);
  });
});

function appAccess(app: { id: number; privateKey: string }) {
  return { appId: app.id, privateKey: app.privateKey, baseUrl: world.github.url, retryAfterBaseValue: 1, writeIntervalMs: 0 };
}
