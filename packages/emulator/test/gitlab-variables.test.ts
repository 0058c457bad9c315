// The GitLab half: project and group CI/CD variables as GitLab's API documentation describes them,
// over real HTTP: flags, scopes, roles and scopes of tokens, the masking rule, pagination, rate limits.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GitLabEmulator, startGitLabEmulator } from '../src/index.js';

const OWNER = 'glpat-owner-token-0001';
const MAINTAINER = 'glpat-maintainer-0002';
const DEVELOPER = 'glpat-developer-0003';
const READ_ONLY = 'glpat-read-api-0004';
let gitlab: GitLabEmulator;

beforeEach(async () => {
  gitlab = await startGitLabEmulator({
    projects: ['acme/web', 'acme/platform/api'],
    tokens: {
      [OWNER]: { roles: { acme: 'owner' } },
      [MAINTAINER]: { roles: { 'acme/web': 'maintainer' } },
      [DEVELOPER]: { roles: { acme: 'developer' } },
      [READ_ONLY]: { scopes: ['read_api'], roles: { acme: 'owner' } },
    },
  });
});
afterEach(async () => {
  await gitlab.close();
});

async function call(token: string | undefined, method: string, path: string, body?: unknown) {
  const response = await fetch(`${gitlab.url}${path}`, {
    method,
    headers: { ...(token && { 'private-token': token }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const WEB = `/projects/${encodeURIComponent('acme/web')}/variables`;

describe('GitLab project and group variables', () => {
  it('creates a variable with its flags, by path or by numeric id, and answers it as GitLab does', async () => {
    const created = await call(MAINTAINER, 'POST', WEB, {
      key: 'NEON_API_KEY',
      value: 'a1b2c3d4e5f6a7b8',
      masked: true,
      protected: true,
      environment_scope: 'production',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      key: 'NEON_API_KEY',
      masked: true,
      protected: true,
      environment_scope: 'production',
      variable_type: 'env_var',
      raw: false,
    });
    const { id } = gitlab.addProject('acme/web');
    const read = await call(MAINTAINER, 'GET', `/projects/${id}/variables/NEON_API_KEY`, undefined);
    expect(read.body.value).toBe('a1b2c3d4e5f6a7b8');
  });

  it('keys a variable by name and environment scope: two scopes are two variables, and a read must say which', async () => {
    await call(MAINTAINER, 'POST', WEB, { key: 'K', value: 'value-for-all-1', environment_scope: '*' });
    await call(MAINTAINER, 'POST', WEB, { key: 'K', value: 'value-for-prod-2', environment_scope: 'production' });
    expect((await call(MAINTAINER, 'POST', WEB, { key: 'K', value: 'again-for-prod-3', environment_scope: 'production' })).body).toEqual({
      message: { key: ['(K) has already been taken'] },
    });
    expect((await call(MAINTAINER, 'GET', `${WEB}/K`)).status).toBe(409);
    expect((await call(MAINTAINER, 'GET', `${WEB}/K?filter[environment_scope]=production`)).body.value).toBe('value-for-prod-2');
    const updated = await call(MAINTAINER, 'PUT', `${WEB}/K?filter[environment_scope]=*`, { value: 'new-value-for-all' });
    expect(updated.body).toMatchObject({ value: 'new-value-for-all', environment_scope: '*' });
    expect(gitlab.variable({ project: 'acme/web' }, 'K', 'production')?.value).toBe('value-for-prod-2');
  });

  it("enforces GitLab's masking rule of its current documentation on create and update", async () => {
    await call(MAINTAINER, 'POST', WEB, { key: 'OTHER_NAME', value: 'plain-value-1' });
    // Too short, a space, a line break, a `$` (a masked variable cannot expand), a variable's name, a predefined one's.
    for (const value of ['short', 'has a space in it', 'line\nbreak-here', 'pay$HOME_dir', 'OTHER_NAME', 'CI_COMMIT_SHA']) {
      expect((await call(MAINTAINER, 'POST', WEB, { key: 'M', value, masked: true })).body).toEqual({ message: { value: ['is invalid'] } });
    }
    // Characters outside the Base64 alphabet may be masked now.
    expect((await call(MAINTAINER, 'POST', WEB, { key: 'M', value: 'pipe|and!more#chars', masked: true })).status).toBe(201);
    expect((await call(MAINTAINER, 'POST', WEB, { key: 'M2', value: 'aZ09+/=_-@:.~xyz', masked: true })).status).toBe(201);
    expect((await call(MAINTAINER, 'PUT', `${WEB}/M`, { value: 'no good!' })).status).toBe(400);
    expect((await call(MAINTAINER, 'POST', WEB, { key: 'LONG', value: 'x'.repeat(10_001) })).body.message.value[0]).toMatch(/too long/);
  });

  it('refuses a variable_type other than env_var or file with 400, on create and update', async () => {
    expect(await call(MAINTAINER, 'POST', WEB, { key: 'T', value: 'some-value-1', variable_type: 'secret' })).toMatchObject({
      status: 400,
      body: { error: 'variable_type does not have a valid value' },
    });
    expect(gitlab.variable({ project: 'acme/web' }, 'T')).toBeUndefined();
    expect((await call(MAINTAINER, 'POST', WEB, { key: 'T', value: 'some-value-1', variable_type: 'file' })).body).toMatchObject({
      variable_type: 'file',
    });
    expect((await call(MAINTAINER, 'PUT', `${WEB}/T`, { variable_type: 'env' })).status).toBe(400);
    expect(gitlab.variable({ project: 'acme/web' }, 'T')?.variable_type).toBe('file');
  });

  it('honours filter[environment_scope] in a PUT body, as in the query', async () => {
    await call(MAINTAINER, 'POST', WEB, { key: 'K', value: 'value-for-all-1', environment_scope: '*' });
    await call(MAINTAINER, 'POST', WEB, { key: 'K', value: 'value-for-prod-2', environment_scope: 'production' });
    const nested = await call(MAINTAINER, 'PUT', `${WEB}/K`, { value: 'new-value-for-prod', filter: { environment_scope: 'production' } });
    expect(nested.body).toMatchObject({ value: 'new-value-for-prod', environment_scope: 'production' });
    const flat = await call(MAINTAINER, 'PUT', `${WEB}/K`, { value: 'new-value-for-all', 'filter[environment_scope]': '*' });
    expect(flat.body).toMatchObject({ value: 'new-value-for-all', environment_scope: '*' });
    expect(gitlab.variable({ project: 'acme/web' }, 'K', 'production')?.value).toBe('new-value-for-prod');
  });

  it('hides a variable created masked_and_hidden (17.4+): its value is never answered, and it stays masked', async () => {
    const created = await call(MAINTAINER, 'POST', WEB, { key: 'H', value: 'hidden-value-123', masked: true, masked_and_hidden: true });
    expect(created.body).toMatchObject({ masked: true, hidden: true, value: null });
    expect((await call(MAINTAINER, 'GET', `${WEB}/H`)).body.value).toBeNull();
    expect((await call(MAINTAINER, 'PUT', `${WEB}/H`, { masked: false })).status).toBe(400);
    expect(gitlab.variable({ project: 'acme/web' }, 'H')?.value).toBe('hidden-value-123');
  });

  it('ignores masked_and_hidden before GitLab 17.4: the variable is masked only', async () => {
    const old = await startGitLabEmulator({ version: '17.3.2', projects: ['acme/web'], tokens: { [OWNER]: { roles: { acme: 'owner' } } } });
    try {
      const response = await fetch(`${old.url}${WEB}`, {
        method: 'POST',
        headers: { 'private-token': OWNER, 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'H', value: 'hidden-value-123', masked: true, masked_and_hidden: true }),
      });
      expect(await response.json()).toMatchObject({ masked: true, hidden: false, value: 'hidden-value-123' });
    } finally {
      await old.close();
    }
  });

  it('answers 401 to an unknown token, 404 where the token sees nothing, 403 below the role and without the api scope', async () => {
    expect(await call('glpat-unknown-token', 'GET', WEB)).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    expect(await call(undefined, 'GET', WEB)).toMatchObject({ status: 401 });
    expect(await call(MAINTAINER, 'GET', `/projects/${encodeURIComponent('acme/platform/api')}/variables`)).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect(await call(MAINTAINER, 'GET', `/projects/${encodeURIComponent('acme/nope')}/variables`)).toMatchObject({ status: 404 });
    expect(await call(DEVELOPER, 'GET', WEB)).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    // A group's variables need its Owner: a project Maintainer cannot, the group's Owner can.
    expect(await call(MAINTAINER, 'GET', '/groups/acme/variables')).toMatchObject({ status: 404 });
    expect(await call(OWNER, 'POST', '/groups/acme/variables', { key: 'G', value: 'group-value-1' })).toMatchObject({ status: 201 });
    expect(await call(READ_ONLY, 'GET', '/groups/acme/variables')).toMatchObject({ status: 200 });
    expect(await call(READ_ONLY, 'PUT', '/groups/acme/variables/G', { value: 'changed-value-2' })).toMatchObject({
      status: 403,
      body: { error: 'insufficient_scope' },
    });
    expect(await call(OWNER, 'GET', `${WEB}/MISSING`)).toMatchObject({ status: 404, body: { message: '404 Variable Not Found' } });
  });

  it('paginates a listing with X-Total, X-Next-Page and Link', async () => {
    for (let i = 0; i < 45; i++) gitlab.setVariable({ project: 'acme/web' }, { key: `V${i}`, value: `value-${i}` });
    const first = await call(OWNER, 'GET', WEB);
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('x-total')).toBe('45');
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('link')).toContain('rel="next"');
    const last = await call(OWNER, 'GET', `${WEB}?page=3&per_page=20`);
    expect(last.body).toHaveLength(5);
    expect(last.headers.get('x-next-page')).toBe('');
    expect((await call(OWNER, 'GET', `${WEB}?per_page=500`)).body).toHaveLength(45);
  });

  it("answers 429 with Retry-After, RateLimit-* headers and GitLab's plain-text body: past the minute's budget, and as a fault", async () => {
    const limited = await startGitLabEmulator({
      projects: ['acme/web'],
      tokens: { [OWNER]: { roles: { acme: 'owner' } } },
      rateLimitPerMinute: 2,
    });
    try {
      const get = () => fetch(`${limited.url}${WEB}`, { headers: { 'private-token': OWNER } });
      // Every answer says where the budget stands, not only the refusal.
      const first = await get();
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-limit')).toBe('2');
      expect(first.headers.get('ratelimit-observed')).toBe('1');
      expect(first.headers.get('ratelimit-remaining')).toBe('1');
      expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect((await get()).headers.get('ratelimit-remaining')).toBe('0');
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toBe('text/plain');
      expect(await refused.text()).toBe('Retry later\n');
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
    expect((await call(OWNER, 'GET', WEB)).headers.get('ratelimit-limit')).toBeNull();
    gitlab.rateLimit({ retryAfter: 7, method: 'GET', path: '/projects/*/variables' });
    const faulted = await fetch(`${gitlab.url}${WEB}`, { headers: { 'private-token': OWNER } });
    expect(faulted.status).toBe(429);
    expect(faulted.headers.get('retry-after')).toBe('7');
    expect(await faulted.text()).toBe('Retry later\n');
    expect((await call(OWNER, 'GET', WEB)).status).toBe(200);
  });
});
