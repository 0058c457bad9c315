// Codespaces secrets: a repository's, an organization's (visibility and selected repositories, as
// Actions' organization secrets) and the token's user's (selected repositories), each sealed with
// its own key. https://docs.github.com/rest/codespaces

import { createAppAuth } from '@octokit/auth-app';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, NONE_TOKEN, putSealed, READ_TOKEN, seal, TOKENS } from './github-harness.js';

const REPO = '/repos/acme/web/codespaces/secrets';
const ORG = '/orgs/acme/codespaces/secrets';
const USER = '/user/codespaces/secrets';
const BOB_TOKEN = 'ghp_bobBOBbob0123456789abcdefABCDEFGHIJKL';
let gh: GitHubEmulator;
let web: number;
let api: number;
let foreign: number;

beforeAll(async () => {
  gh = await startGitHubEmulator({ orgs: ['acme'], repos: ['acme/web', 'acme/api', 'other/thing'], tokens: TOKENS });
  gh.addToken(BOB_TOKEN, 'write', { user: 'bob' });
  web = gh.addRepo('acme/web').id;
  api = gh.addRepo('acme/api').id;
  foreign = gh.addRepo('other/thing').id;
});
afterAll(() => gh.close());

const names = (reply: { body: { repositories: Array<{ full_name: string }> } }) => reply.body.repositories.map((r) => r.full_name);

describe('each Codespaces store has its own key', () => {
  it('opens a value sealed with its own key and refuses one sealed with the Actions key of the same repository or organization', async () => {
    expect((await putSealed(gh, REPO, 'DB_KEY', 'repo value')).status).toBe(201);
    expect(gh.secretValue('codespaces:acme/web', 'DB_KEY')).toBe('repo value');
    expect(gh.secretValue('repo:acme/web', 'DB_KEY')).toBeUndefined();
    const actionsKey = (await call(gh, 'GET', '/repos/acme/web/actions/secrets/public-key')).body;
    const codespacesKey = (await call(gh, 'GET', `${REPO}/public-key`)).body;
    expect(codespacesKey.key).not.toBe(actionsKey.key);
    const wrong = await call(gh, 'PUT', `${REPO}/OTHER`, {
      body: { encrypted_value: await seal('v', actionsKey.key), key_id: codespacesKey.key_id },
    });
    expect(wrong.status).toBe(422);
    const orgActionsKey = (await call(gh, 'GET', '/orgs/acme/actions/secrets/public-key')).body;
    expect((await call(gh, 'GET', `${ORG}/public-key`)).body.key).not.toBe(orgActionsKey.key);
    expect((await call(gh, 'GET', `${USER}/public-key`)).body.key).not.toBe(codespacesKey.key);
  });

  it('answers a repository secret with its dates, 204 on update, and deletes it', async () => {
    await putSealed(gh, REPO, 'DATED', 'one');
    expect((await putSealed(gh, REPO, 'DATED', 'two')).status).toBe(204);
    expect((await call(gh, 'GET', `${REPO}/DATED`)).body).toEqual({
      name: 'DATED',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await call(gh, 'GET', REPO)).body.secrets.map((s: { name: string }) => s.name)).toContain('DATED');
    expect((await call(gh, 'DELETE', `${REPO}/DATED`)).status).toBe(204);
    expect((await call(gh, 'GET', `${REPO}/DATED`)).status).toBe(404);
    expect((await call(gh, 'GET', '/repos/acme/nothing/codespaces/secrets/public-key')).status).toBe(404);
  });
});

describe('organization Codespaces secrets', () => {
  it('keeps visibility and selected repositories as Actions organization secrets do', async () => {
    expect((await putSealed(gh, ORG, 'NO_VISIBILITY', 'v')).status).toBe(422);
    expect((await putSealed(gh, ORG, 'ORG_KEY', 'v', { visibility: 'selected', selected_repository_ids: [web] })).status).toBe(201);
    expect(gh.secret('codespaces-org:acme', 'ORG_KEY')).toMatchObject({ visibility: 'selected', selected_repository_ids: [web] });
    // The Codespaces schema takes integer ids only (Actions' also takes numeric strings): a string is a 422.
    const stringIds = await putSealed(gh, ORG, 'ORG_KEY', 'v', { visibility: 'selected', selected_repository_ids: [String(web)] });
    expect(stringIds.status).toBe(422);
    expect(stringIds.body.message).toMatch(/For 'items', a string is not an integer/);
    expect(
      (
        await putSealed(gh, '/orgs/acme/actions/secrets', 'STRING_IDS', 'v', {
          visibility: 'selected',
          selected_repository_ids: [String(web)],
        })
      ).status,
    ).toBe(201);
    const got = await call(gh, 'GET', `${ORG}/ORG_KEY`);
    expect(got.body.selected_repositories_url).toBe(`${gh.url}/orgs/acme/codespaces/secrets/ORG_KEY/repositories`);
    expect(names(await call(gh, 'GET', `${ORG}/ORG_KEY/repositories`))).toEqual(['acme/web']);
    expect((await call(gh, 'PUT', `${ORG}/ORG_KEY/repositories/${api}`)).status).toBe(204);
    expect(names(await call(gh, 'GET', `${ORG}/ORG_KEY/repositories`))).toEqual(['acme/web', 'acme/api']);
    expect((await call(gh, 'PUT', `${ORG}/ORG_KEY/repositories`, { body: { selected_repository_ids: [foreign] } })).status).toBe(422);
    expect((await call(gh, 'DELETE', `${ORG}/ORG_KEY/repositories/${web}`)).status).toBe(204);
    expect(gh.secret('codespaces-org:acme', 'ORG_KEY')?.selected_repository_ids).toEqual([api]);
    // The Actions organization secret of that name is another secret.
    expect(gh.secret('org:acme', 'ORG_KEY')).toBeUndefined();
  });

  it('names organization_codespaces_secrets in a 403', async () => {
    const refused = await call(gh, 'GET', `${ORG}/public-key`, { token: NONE_TOKEN });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-github-permissions')).toBe('organization_codespaces_secrets=read');
    expect((await putSealed(gh, ORG, 'X', 'v', { visibility: 'all' })).status).toBe(201);
    const write = await call(gh, 'PUT', `${ORG}/X`, { token: READ_TOKEN, body: { visibility: 'private' } });
    expect(write.status).toBe(403);
    expect(write.headers.get('x-accepted-github-permissions')).toBe('organization_codespaces_secrets=write');
  });
});

describe("the user's Codespaces secrets", () => {
  it("are the token's user's, selected for any repository, with their repositories' URL", async () => {
    expect((await putSealed(gh, USER, 'MY_KEY', 'mine', { selected_repository_ids: [web, foreign] })).status).toBe(201);
    expect(gh.secretValue('codespaces-user:octocat', 'MY_KEY')).toBe('mine');
    expect(gh.secret('codespaces-user:octocat', 'MY_KEY')).toMatchObject({
      visibility: 'selected',
      selected_repository_ids: [web, foreign],
    });
    const got = await call(gh, 'GET', `${USER}/MY_KEY`);
    expect(got.body).toEqual({
      name: 'MY_KEY',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      visibility: 'selected',
      selected_repositories_url: `${gh.url}/user/codespaces/secrets/MY_KEY/repositories`,
    });
    expect(names(await call(gh, 'GET', `${USER}/MY_KEY/repositories`))).toEqual(['acme/web', 'other/thing']);
    // Another user's token sees its own secrets only.
    expect((await call(gh, 'GET', `${USER}/MY_KEY`, { token: BOB_TOKEN })).status).toBe(404);
    expect(gh.secretValue('codespaces-user:bob', 'MY_KEY')).toBeUndefined();
  });

  it('keeps the selection when a write leaves selected_repository_ids out, and refuses unknown ids', async () => {
    await putSealed(gh, USER, 'KEPT', 'one', { selected_repository_ids: [api] });
    expect((await putSealed(gh, USER, 'KEPT', 'two')).status).toBe(204);
    expect(gh.secret('codespaces-user:octocat', 'KEPT')?.selected_repository_ids).toEqual([api]);
    expect((await putSealed(gh, USER, 'KEPT', 'three', { selected_repository_ids: [999_999_999] })).status).toBe(422);
    expect(gh.secretValue('codespaces-user:octocat', 'KEPT')).toBe('two');
    expect((await call(gh, 'PUT', `${USER}/KEPT/repositories`, { body: { selected_repository_ids: [web] } })).status).toBe(204);
    expect(gh.secret('codespaces-user:octocat', 'KEPT')?.selected_repository_ids).toEqual([web]);
  });

  it('names codespaces_user_secrets in a 403, and 401 without a token', async () => {
    const refused = await call(gh, 'GET', `${USER}/public-key`, { token: NONE_TOKEN });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-github-permissions')).toBe('codespaces_user_secrets=read');
    expect((await call(gh, 'GET', `${USER}/public-key`, { token: null })).status).toBe(401);
  });

  it("refuses an App's installation token with 403: it acts for no user", async () => {
    const app = gh.createApp();
    const installation = gh.installApp(app.id, {
      owner: 'acme',
      permissions: { codespaces_secrets: 'write', organization_codespaces_secrets: 'write' },
    });
    const auth = createAppAuth({ appId: app.id, privateKey: app.privateKey, request: request.defaults({ baseUrl: gh.url }) });
    const { token } = await auth({ type: 'installation', installationId: installation.id });
    const user = await call(gh, 'GET', `${USER}/public-key`, { token });
    expect(user.status).toBe(403);
    expect(user.body.message).toBe('Resource not accessible by integration');
    // The same token reaches the organization's and the repositories' Codespaces secrets.
    expect((await call(gh, 'GET', `${ORG}/public-key`, { token })).status).toBe(200);
    expect((await call(gh, 'GET', `${REPO}/public-key`, { token })).status).toBe(200);
  });
});
