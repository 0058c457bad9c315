// Authentication and permissions as GitHub answers them (401, 403, 404), the request log's actor,
// and the headers on every response.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, NONE_TOKEN, putSealed, READ_TOKEN, TOKENS, WRITE_TOKEN } from './github-harness.js';

const REPO = '/repos/acme/app/actions/secrets';
let gh: GitHubEmulator;

beforeAll(async () => {
  gh = await startGitHubEmulator({ environments: { 'acme/app': ['prod'] }, orgs: ['acme'], tokens: TOKENS });
  gh.putSecretValue('repo:acme/app', 'EXISTING', 'seeded');
});
afterAll(() => gh.close());

describe('authentication', () => {
  it('answers 401 "Requires authentication" without an Authorization header', async () => {
    const reply = await call(gh, 'GET', `${REPO}/public-key`, { token: null });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest', status: '401' });
  });

  it.each([
    ['an unknown token', 'Bearer ghp_unknown'],
    ['an unknown scheme', `Basic ${WRITE_TOKEN}`],
    ['a bare token', WRITE_TOKEN],
  ])('answers 401 "Bad credentials" for %s', async (_label, authorization) => {
    const reply = await call(gh, 'GET', `${REPO}/public-key`, { authorization });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('Bad credentials');
  });

  it('accepts both `token X` and `Bearer X`, case-insensitively', async () => {
    for (const authorization of [`token ${WRITE_TOKEN}`, `Bearer ${WRITE_TOKEN}`, `bearer ${WRITE_TOKEN}`]) {
      expect((await call(gh, 'GET', `${REPO}/public-key`, { authorization })).status).toBe(200);
    }
  });

  it('names callers by token index in the request log and never logs a token', async () => {
    gh.log.clear();
    await call(gh, 'GET', `${REPO}/public-key`, { token: WRITE_TOKEN });
    await call(gh, 'GET', `${REPO}/public-key`, { token: READ_TOKEN });
    await call(gh, 'GET', `${REPO}/public-key`, { token: 'ghp_unknown' });
    const entries = gh.log.entries();
    expect(entries.map((e) => [e.actor, e.status])).toEqual([
      ['token:1', 200],
      ['token:2', 200],
      [undefined, 401],
    ]);
    const logged = JSON.stringify(entries) + JSON.stringify(await (await fetch(`${gh.controlUrl}/requests`)).json());
    for (const token of [WRITE_TOKEN, READ_TOKEN, 'ghp_unknown']) expect(logged).not.toContain(token);
  });
});

describe('permissions', () => {
  it("lets a 'read' token read keys, lists and secrets, and refuses its writes with 403", async () => {
    expect((await call(gh, 'GET', `${REPO}/public-key`, { token: READ_TOKEN })).status).toBe(200);
    expect((await call(gh, 'GET', REPO, { token: READ_TOKEN })).status).toBe(200);
    expect((await call(gh, 'GET', `${REPO}/EXISTING`, { token: READ_TOKEN })).status).toBe(200);

    const key = await call(gh, 'GET', `${REPO}/public-key`);
    const put = await call(gh, 'PUT', `${REPO}/EXISTING`, {
      token: READ_TOKEN,
      body: { encrypted_value: 'c2VjcmV0', key_id: key.body.key_id },
    });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ message: 'Resource not accessible by integration', status: '403' });
    expect(put.headers.get('x-accepted-github-permissions')).toBe('secrets=write');
    expect((await call(gh, 'DELETE', `${REPO}/EXISTING`, { token: READ_TOKEN })).status).toBe(403);
    expect(gh.secretValue('repo:acme/app', 'EXISTING')).toBe('seeded');
  });

  it.each([
    ['GET', `${REPO}/public-key`, 'secrets=read'],
    ['GET', REPO, 'secrets=read'],
    ['GET', `${REPO}/EXISTING`, 'secrets=read'],
    ['DELETE', `${REPO}/EXISTING`, 'secrets=write'],
    ['GET', '/repos/acme/app/environments/prod/secrets/public-key', 'environments=read'],
    ['GET', '/repos/acme/app/dependabot/secrets', 'dependabot_secrets=read'],
    ['GET', '/orgs/acme/actions/secrets', 'organization_secrets=read'],
  ])("refuses a 'none' token on %s %s with 403", async (method, path, accepted) => {
    const reply = await call(gh, method, path, { token: NONE_TOKEN });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('x-accepted-github-permissions')).toBe(accepted);
  });

  it("lets a 'none' token read repository metadata", async () => {
    expect((await call(gh, 'GET', '/repos/acme/app', { token: NONE_TOKEN })).status).toBe(200);
  });

  it('changes a known token permission in place, keeping its actor', async () => {
    const token = 'ghp_changing0000000000000000000000000000';
    const first = gh.addToken(token, 'read');
    expect((await call(gh, 'DELETE', `${REPO}/NOPE`, { token })).status).toBe(403);
    expect(gh.addToken(token, 'write')).toEqual(first);
    expect((await call(gh, 'DELETE', `${REPO}/NOPE`, { token })).status).toBe(404);
  });
});

describe('not found', () => {
  it.each([
    ['an unknown repository', '/repos/acme/nope/actions/secrets/public-key', '#get-a-repository-public-key'],
    ['an unknown owner', '/repos/nobody/app/actions/secrets', '#list-repository-secrets'],
    ['an unknown environment', '/repos/acme/app/environments/qa/secrets/X', '#get-an-environment-secret'],
    ['an unknown organization', '/orgs/nope/actions/secrets/public-key', '#get-an-organization-public-key'],
    ['an unknown secret', `${REPO}/NOT_THERE`, '#get-a-repository-secret'],
    ['an unknown Dependabot secret', '/repos/acme/app/dependabot/secrets/NOT_THERE', 'dependabot/secrets#get-a-repository-secret'],
  ])('answers 404 Not Found for %s, linking the endpoint docs', async (_label, path, anchor) => {
    const reply = await call(gh, 'GET', path);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Not Found');
    expect(reply.body.status).toBe('404');
    expect(reply.body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\/rest\//);
    expect(reply.body.documentation_url.endsWith(anchor)).toBe(true);
  });

  it('answers 404 for a write to an unknown target before checking the body', async () => {
    expect((await call(gh, 'PUT', '/repos/acme/nope/actions/secrets/X', { body: {} })).status).toBe(404);
    expect((await call(gh, 'GET', '/no/such/endpoint')).body.message).toBe('Not Found');
    expect((await call(gh, 'GET', '/repos/acme/nope')).status).toBe(404);
  });

  it('answers 404 Not Found, not 405, to a method an endpoint does not have', async () => {
    for (const [method, path] of [
      ['POST', `${REPO}/EXISTING`],
      ['DELETE', `${REPO}/public-key`],
      ['PATCH', '/repos/acme/app'],
    ] as const) {
      const reply = await call(gh, method, path, { body: method === 'DELETE' ? undefined : {} });
      expect({ method, path, status: reply.status, message: reply.body.message }).toEqual({
        method,
        path,
        status: 404,
        message: 'Not Found',
      });
      expect(reply.headers.get('x-github-request-id')).toBeTruthy();
    }
    expect(gh.secretValue('repo:acme/app', 'EXISTING')).toBe('seeded');
  });

  it('answers 404 to a path with an empty segment, and never reads //host as a host', async () => {
    expect((await call(gh, 'GET', `${REPO}/public-key`)).status).toBe(200);
    for (const path of [`${REPO}/public-key/`, '/repos/acme//app/actions/secrets/public-key', `//evil.example${REPO}/public-key`]) {
      const reply = await call(gh, 'GET', path);
      expect({ path, status: reply.status, message: reply.body.message }).toEqual({ path, status: 404, message: 'Not Found' });
    }
  });

  it('answers 401 before anything else to a request without a known token', async () => {
    for (const [method, path, body] of [
      ['GET', '/no/such/endpoint', undefined],
      ['POST', `${REPO}/EXISTING`, '{}'],
      ['PUT', `${REPO}/NEW_ONE`, '{"encrypted_value": '],
      ['PUT', `${REPO}/NEW_ONE`, JSON.stringify({ encrypted_value: 'A'.repeat(2 * 1024 * 1024), key_id: '1' })],
    ] as const) {
      for (const token of [null, 'ghp_unknown']) {
        const reply = await call(gh, method, path, { token, rawBody: body });
        expect({ method, path, status: reply.status }).toEqual({ method, path, status: 401 });
        expect(reply.body.message).toBe(token === null ? 'Requires authentication' : 'Bad credentials');
      }
    }
    expect(gh.secret('repo:acme/app', 'NEW_ONE')).toBeUndefined();
  });
});

describe('response headers', () => {
  it('carries x-github-request-id and x-ratelimit-* on successes and errors', async () => {
    const ok = await putSealed(gh, REPO, 'HEADERS', 'v');
    const err = await call(gh, 'GET', `${REPO}/public-key`, { token: 'ghp_unknown' });
    const missing = await call(gh, 'GET', '/nothing/here');
    for (const reply of [ok, err, missing]) {
      expect(reply.headers.get('x-github-request-id')).toMatch(/^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{6}:[0-9A-F]{8}$/);
      expect(reply.headers.get('x-ratelimit-limit')).toBe('5000');
      expect(Number(reply.headers.get('x-ratelimit-remaining'))).toBeLessThan(5000);
      expect(Number(reply.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      expect(reply.headers.get('x-ratelimit-resource')).toBe('core');
    }
    expect(ok.headers.get('x-github-request-id')).not.toBe(err.headers.get('x-github-request-id'));
  });

  it('counts requests down and answers 403 with remaining 0 once the budget is spent', async () => {
    const small = await startGitHubEmulator({ repos: ['acme/app'], tokens: TOKENS, rateLimit: 3 });
    try {
      const remaining: Array<string | null> = [];
      for (let i = 0; i < 3; i++) {
        const reply = await call(small, 'GET', `${REPO}/public-key`);
        expect(reply.status).toBe(200);
        remaining.push(reply.headers.get('x-ratelimit-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await call(small, 'GET', `${REPO}/public-key`);
      expect(limited.status).toBe(403);
      expect(limited.body.message).toMatch(/^API rate limit exceeded/);
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    } finally {
      await small.close();
    }
  });
});
