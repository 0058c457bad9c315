// GitHub Apps over HTTP: the app's JWT (signature, issuer, iat/exp limits), installations and their
// lookups, installation tokens (narrowing, permissions enforced on secrets and variables, expiry,
// revocation), and @octokit/auth-app, the client users will use, working against the emulator.

import { createPrivateKey, sign } from 'node:crypto';
import { createAppAuth } from '@octokit/auth-app';
import { request } from '@octokit/request';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GitHubAppCredentials, type GitHubEmulator, type GitHubInstallation, startGitHubEmulator } from '../src/index.js';
import { call, seal } from './github-harness.js';

const START = Date.parse('2025-03-01T12:00:00Z');
let now = START;
let gh: GitHubEmulator;
let app: GitHubAppCredentials;
let orgInstallation: GitHubInstallation;
let exchanges: { path: string; responseBody: unknown; requestHeaders: Record<string, string> }[];

beforeEach(async () => {
  now = START;
  exchanges = [];
  gh = await startGitHubEmulator({
    orgs: ['acme'],
    repos: ['acme/web', 'acme/api', 'alice/dotfiles', 'bob/site'],
    environments: { 'acme/web': ['production'] },
    clock: () => now,
    onExchange: (e) => exchanges.push(e as never),
  });
  app = gh.createApp({ name: 'keyturn rotator' });
  orgInstallation = gh.installApp(app.id, {
    owner: 'acme',
    repositories: ['web'],
    permissions: { secrets: 'write', environments: 'write', organization_secrets: 'read', actions_variables: 'write' },
  });
});
afterEach(() => gh.close());

/** A JWT as an app signs it: RS256 over `header.payload`. */
function jwt(
  claims: Record<string, unknown>,
  privateKey = app.privateKey,
  header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT' },
): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part(header)}.${part(claims)}`;
  return `${signed}.${sign('RSA-SHA256', Buffer.from(signed), createPrivateKey(privateKey)).toString('base64url')}`;
}

/** What @octokit/auth-app signs: issued 30 s ago, expiring 10 minutes after that. */
function appJwt(iss: string | number = app.id): string {
  const iat = Math.floor(now / 1000) - 30;
  return jwt({ iat, exp: iat + 600, iss });
}

async function mint(body?: unknown, installationId = orgInstallation.id) {
  return call(gh, 'POST', `/app/installations/${installationId}/access_tokens`, { token: appJwt(), body });
}

describe('the app JWT', () => {
  it('mints an installation token: ghs_, expiring in one hour, the installation permissions', async () => {
    const reply = await mint();
    expect(reply.status).toBe(201);
    expect(reply.body.token).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
    expect(reply.body.expires_at).toBe('2025-03-01T13:00:00Z');
    expect(reply.body.permissions).toEqual({ ...orgInstallation.permissions, metadata: 'read' });
    expect(reply.body.repository_selection).toBe('selected');
  });

  it('accepts the client id as iss', async () => {
    expect((await call(gh, 'GET', '/app/installations', { token: appJwt(app.clientId) })).status).toBe(200);
  });

  it.each([
    [
      'signed with another key',
      () => jwt({ iat: Math.floor(now / 1000) - 30, exp: Math.floor(now / 1000) + 500, iss: app.id }, gh.createApp().privateKey),
      'A JSON web token could not be decoded',
    ],
    ['an unknown issuer', () => appJwt(123), 'Integration not found'],
    [
      'expired',
      () => jwt({ iat: Math.floor(now / 1000) - 700, exp: Math.floor(now / 1000) - 1, iss: app.id }),
      "'Expiration time' claim ('exp') must be a numeric value",
    ],
    [
      'exp over 10 minutes ahead',
      () => jwt({ iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 600 + 61, iss: app.id }),
      "'Expiration time' claim ('exp') is too far in the future",
    ],
    [
      'iat in the future past the skew allowance',
      () => jwt({ iat: Math.floor(now / 1000) + 61, exp: Math.floor(now / 1000) + 300, iss: app.id }),
      "'Issued at' claim ('iat') must be an Integer",
    ],
    [
      'iat not an integer',
      () => jwt({ iat: 'yesterday', exp: Math.floor(now / 1000) + 300, iss: app.id }),
      "'Issued at' claim ('iat') must be an Integer",
    ],
    [
      'an algorithm other than RS256',
      () => jwt({ iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 300, iss: app.id }, app.privateKey, { alg: 'HS256' }),
      'A JSON web token could not be decoded',
    ],
    ['not JSON inside', () => 'bm90.anNvbg.c2ln', 'A JSON web token could not be decoded'],
  ])('answers 401 to a JWT %s, with GitHub message', async (_name, token, message) => {
    const reply = await call(gh, 'POST', `/app/installations/${orgInstallation.id}/access_tokens`, { token: token() });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toContain(message);
    expect(Date.parse(reply.headers.get('date')!)).toBe(now);
  });

  it('checks a JWT it accepted before again: refused once expired, and with another signature', async () => {
    const token = appJwt();
    expect((await call(gh, 'GET', '/app/installations', { token })).status).toBe(200);
    expect((await call(gh, 'GET', '/app/installations', { token })).status).toBe(200);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${jwt({ other: true }).split('.')[2]}`;
    expect((await call(gh, 'GET', '/app/installations', { token: forged })).status).toBe(401);
    now += 600_000;
    const expired = await call(gh, 'GET', '/app/installations', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toContain("'Expiration time' claim ('exp') must be a numeric value");
  });

  it('accepts iat up to 60 s ahead and exp up to 10 minutes (plus the allowance) ahead', async () => {
    const seconds = Math.floor(now / 1000);
    for (const claims of [
      { iat: seconds + 60, exp: seconds + 300 },
      { iat: seconds, exp: seconds + 660 },
    ]) {
      expect((await call(gh, 'GET', '/app/installations', { token: jwt({ ...claims, iss: app.id }) })).status).toBe(200);
    }
  });

  it('a JWT reaches no secrets, an installation token and a personal token no /app endpoint', async () => {
    expect((await call(gh, 'GET', '/repos/acme/web/actions/secrets', { token: appJwt() })).status).toBe(403);
    const { token } = (await mint()).body;
    const reply = await call(gh, 'GET', '/app/installations', { token });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('A JSON web token could not be decoded');
  });
});

describe('installations', () => {
  it('lists the app installations and finds them by repository, organization and user', async () => {
    const user = gh.installApp(app.id, { owner: 'alice', permissions: { secrets: 'write' } });
    const list = await call(gh, 'GET', '/app/installations', { token: appJwt() });
    expect(list.body.map((i: { id: number }) => i.id)).toEqual([orgInstallation.id, user.id]);
    expect(list.body[0]).toMatchObject({
      app_id: app.id,
      app_slug: 'keyturn-rotator',
      target_type: 'Organization',
      account: { login: 'acme' },
    });
    expect((await call(gh, 'GET', '/repos/acme/web/installation', { token: appJwt() })).body.id).toBe(orgInstallation.id);
    expect((await call(gh, 'GET', '/orgs/acme/installation', { token: appJwt() })).body.id).toBe(orgInstallation.id);
    const byUser = await call(gh, 'GET', '/users/alice/installation', { token: appJwt() });
    expect(byUser.body).toMatchObject({
      id: user.id,
      target_type: 'User',
      repository_selection: 'all',
      account: { login: 'alice', type: 'User' },
    });
  });

  it('answers 404 where the app is not installed, or not on that repository, or for another app', async () => {
    for (const path of [
      '/repos/acme/api/installation',
      '/repos/bob/site/installation',
      '/orgs/other/installation',
      '/users/bob/installation',
      '/users/acme/installation',
    ]) {
      expect((await call(gh, 'GET', path, { token: appJwt() })).status, path).toBe(404);
    }
    const other = gh.createApp();
    const token = jwt({ iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 300, iss: other.id }, other.privateKey);
    expect((await call(gh, 'POST', `/app/installations/${orgInstallation.id}/access_tokens`, { token })).status).toBe(404);
    expect((await call(gh, 'GET', '/orgs/acme/installation', { token })).status).toBe(404);
  });

  it('refuses bad installations programmatically', () => {
    expect(() => gh.installApp(app.id, { owner: 'acme', permissions: {} })).toThrow(/already installed/);
    expect(() => gh.installApp(app.id, { owner: 'bob', repositories: ['nothing'], permissions: {} })).toThrow(/no repository/);
    expect(() => gh.installApp(app.id, { owner: 'bob', permissions: { secrets: 'admin' as 'write' } })).toThrow(/read or write/);
    expect(() => gh.installApp(42, { owner: 'bob', permissions: {} })).toThrow(/no app/);
  });
});

describe('installation tokens', () => {
  it('write the secrets their permissions allow, on the repositories of their installation', async () => {
    const { token } = (await mint()).body;
    const key = await call(gh, 'GET', '/repos/acme/web/actions/secrets/public-key', { token });
    const encrypted_value = await seal('v1', key.body.key);
    const put = await call(gh, 'PUT', '/repos/acme/web/actions/secrets/DEPLOY_KEY', {
      token,
      body: { encrypted_value, key_id: key.body.key_id },
    });
    expect(put.status).toBe(201);
    expect(gh.secretValue('repo:acme/web', 'DEPLOY_KEY')).toBe('v1');
    expect((await call(gh, 'GET', '/repos/acme/web/environments/production/secrets', { token })).status).toBe(200);
    expect((await call(gh, 'GET', '/repos/acme/web', { token })).status).toBe(200);
    // Outside the installation's repositories and owner: not found, as GitHub hides them.
    for (const path of ['/repos/acme/api/actions/secrets', '/repos/alice/dotfiles/actions/secrets', '/repos/acme/api']) {
      expect((await call(gh, 'GET', path, { token })).status, path).toBe(404);
    }
  });

  it('answer 403 with the permission GitHub accepts when theirs is missing or too low', async () => {
    const { token } = (await mint({ permissions: { secrets: 'read', organization_secrets: 'read' } })).body;
    const put = await call(gh, 'PUT', '/repos/acme/web/actions/secrets/X', { token, body: { encrypted_value: 'AAAA', key_id: '1' } });
    expect(put.status).toBe(403);
    expect(put.headers.get('x-accepted-github-permissions')).toBe('secrets=write');
    expect((await call(gh, 'GET', '/orgs/acme/actions/secrets', { token })).status).toBe(200);
    const org = await call(gh, 'PUT', '/orgs/acme/actions/secrets/X', {
      token,
      body: { encrypted_value: 'AAAA', key_id: '1', visibility: 'all' },
    });
    expect(org.status).toBe(403);
    expect(org.headers.get('x-accepted-github-permissions')).toBe('organization_secrets=write');
    const env = await call(gh, 'GET', '/repos/acme/web/environments/production/secrets', { token });
    expect(env.headers.get('x-accepted-github-permissions')).toBe('environments=read');
    const dependabot = await call(gh, 'GET', '/repos/acme/web/dependabot/secrets', { token });
    expect([dependabot.status, dependabot.headers.get('x-accepted-github-permissions')]).toEqual([403, 'dependabot_secrets=read']);
    const variables = await call(gh, 'POST', '/repos/acme/web/actions/variables', { token, body: { name: 'A', value: 'b' } });
    expect([variables.status, variables.headers.get('x-accepted-github-permissions')]).toEqual([403, 'actions_variables=write']);
  });

  it('can be narrowed to named repositories (by name or id); a repository outside the installation is a 422', async () => {
    const all = gh.installApp(app.id, { owner: 'alice', permissions: { secrets: 'write' } });
    const dotfiles = gh.addRepo('alice/dotfiles').id;
    const byName = await mint({ repositories: ['dotfiles'] }, all.id);
    expect(byName.body.repository_selection).toBe('selected');
    const byId = await mint({ repository_ids: [dotfiles] }, all.id);
    expect(byId.status).toBe(201);
    gh.addRepo('alice/notes');
    expect((await call(gh, 'GET', '/repos/alice/notes/actions/secrets', { token: byName.body.token })).status).toBe(404);
    expect(
      (await call(gh, 'GET', '/repos/alice/notes/actions/secrets', { token: (await mint(undefined, all.id)).body.token })).status,
    ).toBe(200);
    for (const body of [{ repositories: ['api'] }, { repositories: ['nothing'] }, { repository_ids: [dotfiles] }]) {
      const refused = await mint(body);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toContain('not accessible to the parent installation');
    }
    expect((await mint({ repositories: 'web' })).status).toBe(422);
  });

  it('refuses permissions beyond the installation with a 422 and mints nothing', async () => {
    for (const permissions of [{ organization_secrets: 'write' }, { dependabot_secrets: 'read' }, { secrets: 'admin' }]) {
      const reply = await mint({ permissions });
      expect(reply.status).toBe(422);
      expect(reply.body.message).toBe('The permissions requested are not granted to this installation.');
    }
    const narrowed = await mint({ permissions: { environments: 'read' } });
    expect(narrowed.body.permissions).toEqual({ environments: 'read', metadata: 'read' });
  });

  it('expire after one hour', async () => {
    const { token } = (await mint()).body;
    now += 60 * 60 * 1000 - 1;
    expect((await call(gh, 'GET', '/repos/acme/web/actions/secrets', { token })).status).toBe(200);
    now += 1;
    const reply = await call(gh, 'GET', '/repos/acme/web/actions/secrets', { token });
    expect([reply.status, reply.body.message]).toEqual([401, 'Bad credentials']);
  });

  it('are revoked by DELETE /installation/token, which other credentials cannot use', async () => {
    const first = (await mint()).body.token;
    const second = (await mint()).body.token;
    expect((await call(gh, 'DELETE', '/installation/token', { token: first })).status).toBe(204);
    expect((await call(gh, 'GET', '/repos/acme/web/actions/secrets', { token: first })).status).toBe(401);
    expect((await call(gh, 'GET', '/repos/acme/web/actions/secrets', { token: second })).status).toBe(200);
    expect((await call(gh, 'DELETE', '/installation/token', { token: appJwt() })).status).toBe(403);
  });

  it('are listed to tests with their reach and whether they were revoked, never their value', async () => {
    const first = (await mint({ repositories: ['web'], permissions: { secrets: 'write' } })).body.token;
    await mint();
    await call(gh, 'DELETE', '/installation/token', { token: first });
    const minted = gh.installationTokens(app.id);
    expect(minted.map(({ owner, permissions, repositories, revoked }) => ({ owner, permissions, repositories, revoked }))).toEqual([
      { owner: 'acme', permissions: { secrets: 'write', metadata: 'read' }, repositories: ['acme/web'], revoked: true },
      { owner: 'acme', permissions: orgInstallation.permissions, repositories: ['acme/web'], revoked: false },
    ]);
    expect(minted[0]!.expiresAt).toBe('2025-03-01T13:00:00.000Z');
    expect(JSON.stringify(minted)).not.toContain(first);
  });

  it('never appear in the request log or the exchanges', async () => {
    const { token } = (await mint()).body;
    await call(gh, 'GET', '/repos/acme/web/actions/secrets', { token });
    expect(gh.log.entries().map((e) => e.actor)).toEqual([`app:${app.id}`, `installation:${orgInstallation.id}`]);
    const text = JSON.stringify(exchanges);
    expect(text).not.toContain(token);
    expect(text).not.toContain(appJwt().split('.')[2]);
    expect((exchanges[0]!.responseBody as { token: string }).token).toBe('[REDACTED]');
  });
});

describe('@octokit/auth-app against the emulator', () => {
  it('mints one installation token per owner (an organization and a user account) and writes a secret with each', async () => {
    now = Date.now();
    const user = gh.installApp(app.id, { owner: 'alice', repositories: ['dotfiles'], permissions: { secrets: 'write' } });
    const auth = createAppAuth({ appId: app.id, privateKey: app.privateKey, request: request.defaults({ baseUrl: gh.url }) });
    for (const [installationId, repo] of [
      [orgInstallation.id, 'acme/web'],
      [user.id, 'alice/dotfiles'],
    ] as const) {
      const minted = await auth({
        type: 'installation',
        installationId,
        repositoryNames: [repo.split('/')[1]!],
        permissions: { secrets: 'write' },
      });
      expect(minted.token).toMatch(/^ghs_/);
      expect(minted.permissions).toEqual({ secrets: 'write', metadata: 'read' });
      const headers = { authorization: `token ${minted.token}`, 'user-agent': 'test' };
      const key = await request('GET /repos/{owner}/{repo}/actions/secrets/public-key', {
        baseUrl: gh.url,
        headers,
        owner: repo.split('/')[0]!,
        repo: repo.split('/')[1]!,
      });
      await request('PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}', {
        baseUrl: gh.url,
        headers,
        owner: repo.split('/')[0]!,
        repo: repo.split('/')[1]!,
        secret_name: 'PLATFORM_API_KEY',
        encrypted_value: await seal(`value-for-${repo}`, key.data.key),
        key_id: key.data.key_id,
      });
      expect(gh.secretValue(`repo:${repo}`, 'PLATFORM_API_KEY')).toBe(`value-for-${repo}`);
    }
  });

  it('corrects its clock from the emulator date after a skew refusal', async () => {
    now = Date.now() + 15 * 60 * 1000; // the emulator runs 15 minutes ahead: this machine's JWT looks expired
    const auth = createAppAuth({
      appId: app.id,
      privateKey: app.privateKey,
      request: request.defaults({ baseUrl: gh.url }),
      log: { warn: () => {} },
    });
    const { data } = await auth.hook(request.defaults({ baseUrl: gh.url }), 'GET /app/installations');
    expect((data as { id: number }[]).map((i) => i.id)).toEqual([orgInstallation.id]);
    expect(gh.log.entries().map((e) => e.status)).toEqual([401, 200]);
  });
});
