// The listings an inventory of copies walks: an organization's repositories (paged, sorted, an
// installation seeing its own) and Dependabot's organization secrets, as GitHub answers them.
// https://docs.github.com/rest/repos/repos#list-organization-repositories
// https://docs.github.com/rest/dependabot/secrets#list-organization-secrets

import { createPrivateKey, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, putSealed, READ_TOKEN, TOKENS } from './github-harness.js';

let gh: GitHubEmulator;
const repos = Array.from({ length: 5 }, (_, i) => `acme/svc-${i + 1}`);

beforeAll(async () => {
  gh = await startGitHubEmulator({ orgs: ['acme'], repos: [...repos, 'other/thing'], tokens: TOKENS });
});
afterAll(() => gh.close());

describe('GET /orgs/{org}/repos', () => {
  it("lists the organization's repositories newest first, paged with a Link, and by name when asked", async () => {
    const first = await call(gh, 'GET', '/orgs/acme/repos?per_page=2', { token: READ_TOKEN });
    expect(first.status).toBe(200);
    expect(first.body.map((r: { full_name: string }) => r.full_name)).toEqual(['acme/svc-5', 'acme/svc-4']);
    expect(first.body[0]).toMatchObject({ name: 'svc-5', owner: { login: 'acme', type: 'Organization' } });
    expect(first.headers.get('link')).toContain(`<${gh.url}/orgs/acme/repos?per_page=2&page=2>; rel="next"`);
    const last = await call(gh, 'GET', '/orgs/acme/repos?per_page=2&page=3', { token: READ_TOKEN });
    expect(last.body.map((r: { full_name: string }) => r.full_name)).toEqual(['acme/svc-1']);
    expect(last.headers.get('link')).not.toContain('rel="next"');
    const byName = await call(gh, 'GET', '/orgs/acme/repos?sort=full_name&per_page=100', { token: READ_TOKEN });
    expect(byName.body.map((r: { full_name: string }) => r.full_name)).toEqual(repos);
    expect((await call(gh, 'GET', '/orgs/nobody/repos')).status).toBe(404);
  });

  it('shows an installation token only the repositories its installation reaches', async () => {
    const app = gh.createApp();
    const installation = gh.installApp(app.id, { owner: 'acme', repositories: ['svc-2'], permissions: { secrets: 'read' } });
    const minted = await call(gh, 'POST', `/app/installations/${installation.id}/access_tokens`, { token: appJwt(app.id, app.privateKey) });
    expect(minted.status).toBe(201);
    const listed = await call(gh, 'GET', '/orgs/acme/repos', { token: minted.body.token });
    expect(listed.body.map((r: { full_name: string }) => r.full_name)).toEqual(['acme/svc-2']);
  });
});

/** An app's JWT, as @octokit/auth-app signs it (RS256, issued 30 s ago). */
function appJwt(iss: number, privateKey: string): string {
  const iat = Math.floor(Date.now() / 1000) - 30;
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iat, exp: iat + 600, iss })}`;
  return `${signed}.${sign('RSA-SHA256', Buffer.from(signed), createPrivateKey(privateKey)).toString('base64url')}`;
}

describe('Dependabot organization secrets', () => {
  it('are written, listed and read as the Actions ones, with a visibility', async () => {
    const path = '/orgs/acme/dependabot/secrets';
    expect((await putSealed(gh, path, 'NEON_API_KEY', 'a-dependabot-value', { visibility: 'private' })).status).toBe(201);
    gh.putSecretValue('dependabot-org:acme', 'SEEDED', 'seeded-value');
    const list = await call(gh, 'GET', path, { token: READ_TOKEN });
    expect(list.body).toMatchObject({
      total_count: 2,
      secrets: [
        { name: 'NEON_API_KEY', visibility: 'private' },
        { name: 'SEEDED', visibility: 'private' },
      ],
    });
    expect(list.body.secrets[0]).toEqual({
      name: 'NEON_API_KEY',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      visibility: 'private',
    });
    expect(gh.secretValue('dependabot-org:acme', 'NEON_API_KEY')).toBe('a-dependabot-value');
  });
});
