// Secret-scanning alerts: raised through the state and control APIs, listed for a repository and an
// organization (paged, filtered by state and secret type), read, resolved by the resolution rules,
// and who may (a token's "Secret scanning alerts", an installation's secret_scanning_alerts).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, NONE_TOKEN, READ_TOKEN, WRITE_TOKEN } from './github-harness.js';

const ALERTS_READ = 'ghp_alertsREADread0123456789abcdefABCDEF';
const TYPE = 'custom_pattern_platform_key';
const OTHER_TYPE = 'custom_pattern_other';
const value = (n: number) => `napi_${String(n).padStart(64, 'a')}`;
let gh: GitHubEmulator;

beforeAll(async () => {
  gh = await startGitHubEmulator({ orgs: ['acme'], repos: ['acme/web', 'acme/api', 'acme/quiet', 'bob/site'] });
  gh.addToken(WRITE_TOKEN, 'write', { secretScanningAlerts: 'write' });
  gh.addToken(READ_TOKEN, 'read');
  gh.addToken(NONE_TOKEN, 'none');
  gh.addToken(ALERTS_READ, 'none', { secretScanningAlerts: 'read' });
  gh.raiseSecretScanningAlert('acme/web', { secretType: TYPE, secret: value(1) });
  gh.raiseSecretScanningAlert('acme/web', { secretType: OTHER_TYPE, secret: 'other-value' });
  gh.raiseSecretScanningAlert('acme/api', { secretType: TYPE, secret: value(2) });
});
afterAll(() => gh.close());

describe('secret-scanning alerts of a repository', () => {
  it('lists them newest first with the value, filters by state and secret type, gets one by number', async () => {
    const all = await call(gh, 'GET', '/repos/acme/web/secret-scanning/alerts');
    expect(all.status).toBe(200);
    expect(all.body.map((a: { number: number }) => a.number)).toEqual([2, 1]);
    const mine = await call(gh, 'GET', `/repos/acme/web/secret-scanning/alerts?state=open&secret_type=${TYPE}`);
    expect(mine.body).toEqual([
      expect.objectContaining({
        number: 1,
        state: 'open',
        resolution: null,
        secret_type: TYPE,
        secret: value(1),
        url: expect.stringMatching(/\/repos\/acme\/web\/secret-scanning\/alerts\/1$/),
      }),
    ]);
    const both = await call(gh, 'GET', `/repos/acme/web/secret-scanning/alerts?secret_type=${TYPE},${OTHER_TYPE}`);
    expect(both.body).toHaveLength(2);
    expect((await call(gh, 'GET', '/repos/acme/web/secret-scanning/alerts?state=resolved')).body).toEqual([]);
    expect((await call(gh, 'GET', '/repos/acme/web/secret-scanning/alerts?state=closed')).status).toBe(422);
    const one = await call(gh, 'GET', '/repos/acme/web/secret-scanning/alerts/1?hide_secret=true');
    expect(one.body).toMatchObject({ number: 1, state: 'open' });
    expect(one.body).not.toHaveProperty('secret');
    expect((await call(gh, 'GET', '/repos/acme/web/secret-scanning/alerts/9')).status).toBe(404);
    expect((await call(gh, 'GET', '/repos/acme/none/secret-scanning/alerts')).status).toBe(404);
  });

  it('resolves an alert once: resolved needs a resolution, the same resolution again is refused (400)', async () => {
    const path = '/repos/acme/api/secret-scanning/alerts/1';
    expect((await call(gh, 'PATCH', path, { body: { state: 'resolved' } })).status).toBe(422);
    expect((await call(gh, 'PATCH', path, { body: { state: 'resolved', resolution: 'leaked' } })).status).toBe(422);
    expect((await call(gh, 'PATCH', path, { body: { state: 'open', resolution: 'revoked' } })).status).toBe(422);
    expect((await call(gh, 'PATCH', path, { body: {} })).status).toBe(422);
    expect((await call(gh, 'PATCH', path, { body: { state: 'resolved', resolution: 'revoked', resolution_comment: 7 } })).status).toBe(400);
    expect(gh.secretScanningAlerts('acme/api')[0]).toMatchObject({ state: 'open', history: [] });

    const resolved = await call(gh, 'PATCH', path, {
      body: { state: 'resolved', resolution: 'revoked', resolution_comment: 'revoked by run 1' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      number: 1,
      state: 'resolved',
      resolution: 'revoked',
      resolution_comment: 'revoked by run 1',
      resolved_at: expect.any(String),
    });
    expect((await call(gh, 'PATCH', path, { body: { state: 'resolved', resolution: 'revoked' } })).status).toBe(400);
    expect(gh.secretScanningAlerts('acme/api')[0]).toMatchObject({
      state: 'resolved',
      resolution: 'revoked',
      history: [{ state: 'resolved', resolution: 'revoked', comment: 'revoked by run 1' }],
    });
    expect((await call(gh, 'GET', '/repos/acme/api/secret-scanning/alerts?state=open')).body).toEqual([]);
  });

  it('needs "Secret scanning alerts": read to list and get, write to update; the secrets permission is not it', async () => {
    const list = '/repos/acme/web/secret-scanning/alerts';
    for (const token of [READ_TOKEN, NONE_TOKEN]) {
      const refused = await call(gh, 'GET', list, { token });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-accepted-github-permissions')).toBe('secret_scanning_alerts=read');
    }
    expect((await call(gh, 'GET', list, { token: ALERTS_READ })).status).toBe(200);
    expect((await call(gh, 'GET', `${list}/1`, { token: ALERTS_READ })).status).toBe(200);
    const patch = await call(gh, 'PATCH', `${list}/1`, { token: ALERTS_READ, body: { state: 'resolved', resolution: 'wont_fix' } });
    expect(patch.status).toBe(403);
    expect(patch.headers.get('x-accepted-github-permissions')).toBe('secret_scanning_alerts=write');
    expect(gh.secretScanningAlerts('acme/web')[0]!.state).toBe('open');
  });
});

describe('secret-scanning alerts of an organization', () => {
  it('lists every repository of the organization, each alert with its repository, paged with Link and the filters kept', async () => {
    for (let i = 0; i < 4; i++) gh.raiseSecretScanningAlert('acme/quiet', { secretType: TYPE, secret: value(10 + i) });
    gh.raiseSecretScanningAlert('bob/site', { secretType: TYPE, secret: value(99) });
    const first = await call(gh, 'GET', `/orgs/acme/secret-scanning/alerts?state=open&secret_type=${TYPE}&per_page=2`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.body[0]).toMatchObject({ secret_type: TYPE, state: 'open', repository: { full_name: 'acme/quiet' } });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toContain(`state=open&secret_type=${TYPE}&per_page=2&page=2`);
    const seen = [...first.body];
    for (let url = next; url; ) {
      const page = await call(gh, 'GET', url.slice(gh.url.length));
      seen.push(...page.body);
      url = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    // acme/web's alert 1 and acme/quiet's four; acme/api's is resolved, bob's is another owner's.
    expect(seen.map((a) => `${a.repository.full_name}#${a.number}`).sort()).toEqual([
      'acme/quiet#1',
      'acme/quiet#2',
      'acme/quiet#3',
      'acme/quiet#4',
      'acme/web#1',
    ]);
    expect((await call(gh, 'GET', '/orgs/nobody/secret-scanning/alerts')).status).toBe(404);
    expect((await call(gh, 'GET', '/orgs/acme/secret-scanning/alerts', { token: READ_TOKEN })).status).toBe(403);
  });

  it('an installation token needs secret_scanning_alerts and sees only the repositories it reaches', async () => {
    const app = gh.createApp({ name: 'alert reader' });
    const installation = gh.installApp(app.id, {
      owner: 'acme',
      repositories: ['web'],
      permissions: { secrets: 'write', secret_scanning_alerts: 'write' },
    });
    const bareApp = gh.createApp({ name: 'secrets only' });
    const bare = gh.installApp(bareApp.id, { owner: 'acme', permissions: { secrets: 'write' } });
    const mint = async (appId: number, privateKey: string, id: number) => {
      const { createAppAuth } = await import('@octokit/auth-app');
      const auth = createAppAuth({
        appId,
        privateKey,
        installationId: id,
        request: (await import('@octokit/request')).request.defaults({ baseUrl: gh.url }),
      });
      return (await auth({ type: 'installation' })).token;
    };
    const token = await mint(app.id, app.privateKey, installation.id);
    const listed = await call(gh, 'GET', '/orgs/acme/secret-scanning/alerts', { token });
    expect(new Set(listed.body.map((a: { repository: { full_name: string } }) => a.repository.full_name))).toEqual(new Set(['acme/web']));
    expect((await call(gh, 'GET', '/repos/acme/quiet/secret-scanning/alerts', { token })).status).toBe(404);
    const secretsOnly = await mint(bareApp.id, bareApp.privateKey, bare.id);
    const refused = await call(gh, 'GET', '/orgs/acme/secret-scanning/alerts', { token: secretsOnly });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-github-permissions')).toBe('secret_scanning_alerts=read');
  });
});

describe('the control API', () => {
  it('raises an alert (the answer never holds the value) and lists a repository alerts; tokens take secret_scanning_alerts', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${gh.url}${CONTROL_PREFIX}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const raised = await post('/secret-scanning/alerts', { repo: 'bob/site', secret_type: TYPE, secret: value(42) });
    expect(raised.status).toBe(201);
    const text = await raised.text();
    expect(text).not.toContain(value(42));
    expect(JSON.parse(text)).toMatchObject({ number: 2, repository: 'bob/site', state: 'open' });
    expect((await post('/secret-scanning/alerts', { repo: 'bob/none', secret_type: TYPE, secret: 'x' })).status).toBe(404);
    expect((await post('/secret-scanning/alerts', { repo: 'bob/site', secret_type: TYPE })).status).toBe(400);
    const listed = (await (await fetch(`${gh.url}${CONTROL_PREFIX}/secret-scanning/alerts?repo=bob/site`)).json()) as Array<{
      number: number;
    }>;
    expect(listed.map((a) => a.number)).toEqual([1, 2]);
    const made = await post('/tokens', {
      token: 'ghp_controlALERTS0123456789abcdefABCDEFG',
      permission: 'none',
      secret_scanning_alerts: 'read',
    });
    expect(await made.json()).toMatchObject({ permission: 'none', secret_scanning_alerts: 'read' });
    expect(
      (await call(gh, 'GET', '/repos/bob/site/secret-scanning/alerts', { token: 'ghp_controlALERTS0123456789abcdefABCDEFG' })).status,
    ).toBe(200);
  });
});
