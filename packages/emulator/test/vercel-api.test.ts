// The Vercel half over real HTTP, as Vercel's API reference describes it: upsert replaces a variable
// of the same key and branch sharing an environment, a sensitive value is never read back and cannot
// target development, deployments build on the emulator's clock (QUEUED, BUILDING, READY or ERROR on
// demand), a team is reached with teamId or slug, roles and scopes refuse with 403, unknown teams and
// projects are 404s, and the rate limit answers 429 with X-RateLimit-*.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startVercelEmulator, type VercelEmulator } from '../src/index.js';

let now = Date.parse('2026-07-01T12:00:00Z');
let vercel: VercelEmulator;

beforeEach(async () => {
  now = Date.parse('2026-07-01T12:00:00Z');
  vercel = await startVercelEmulator({
    projects: ['acme/web', 'solo'],
    teams: ['other'],
    runtime: { now: () => now, sleep: async () => {} },
    tokens: {
      member: { teams: { acme: 'member' } },
      developer: { teams: { acme: 'developer' } },
      viewer: { teams: { acme: 'viewer' } },
      teamOnly: { teams: { acme: 'owner' }, personal: false },
    },
  });
});
afterEach(async () => {
  await vercel.close();
});

async function api(method: string, path: string, body?: unknown, token = 'member') {
  const response = await fetch(`${vercel.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

const WEB = { project: 'web', team: 'acme' };

describe('project environment variables', () => {
  it('upserts: the variable of a shared environment is replaced, others left; sensitive never read back', async () => {
    vercel.setEnv(WEB, { key: 'K', value: 'old', type: 'encrypted', target: ['production', 'preview'], comment: 'c' });
    vercel.setEnv(WEB, { key: 'K', value: 'dev', type: 'plain', target: ['development'] });
    const written = await api('POST', '/v10/projects/web/env?slug=acme&upsert=true', {
      key: 'K',
      value: 'new',
      type: 'sensitive',
      target: ['production'],
    });
    expect(written.status).toBe(201);
    expect(vercel.envs(WEB).map((v) => [v.value, v.type, v.target, v.comment])).toEqual([
      ['new', 'sensitive', ['production'], undefined],
      ['dev', 'plain', ['development'], undefined],
    ]);
    const listed = await api('GET', '/v9/projects/web/env?slug=acme&decrypt=true');
    expect(listed.body.envs.map((v: { value: string }) => v.value)).toEqual(['', 'dev']);
    // Without upsert, a clash is refused.
    const clash = await api('POST', '/v10/projects/web/env?slug=acme', { key: 'K', value: 'x', type: 'encrypted', target: ['production'] });
    expect(clash).toMatchObject({ status: 400, body: { error: { code: 'ENV_CONFLICT' } } });
  });

  it('refuses a sensitive development variable, and an encrypted value is shown only decrypted', async () => {
    const refused = await api('POST', '/v10/projects/web/env?slug=acme&upsert=true', {
      key: 'K',
      value: 'v',
      type: 'sensitive',
      target: ['development'],
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'bad_request', message: expect.stringMatching(/Development/) } } });
    await api('POST', '/v10/projects/web/env?slug=acme&upsert=true', { key: 'K', value: 'v', type: 'encrypted', target: ['development'] });
    expect((await api('GET', '/v9/projects/web/env?slug=acme')).body.envs[0].value).not.toBe('v');
    expect((await api('GET', '/v9/projects/web/env?slug=acme&decrypt=true')).body.envs[0].value).toBe('v');
  });
});

describe('deployments', () => {
  it('a redeploy builds with the variables as they are, on the clock; production serves the newest READY one', async () => {
    vercel.setEnv(WEB, { key: 'K', value: 'one', type: 'sensitive', target: ['production'] });
    const first = vercel.deploy(WEB);
    now += 31_000;
    vercel.setEnv(WEB, { key: 'K', value: 'two', type: 'sensitive', target: ['production'] });
    // A team's project is asked for with its team.
    expect((await api('GET', `/v6/deployments?projectId=${first.projectId}`)).status).toBe(404);
    const listed = await api('GET', `/v6/deployments?projectId=${first.projectId}&target=production&state=READY&limit=1&slug=acme`);
    expect(listed.body.deployments.map((d: { uid: string }) => d.uid)).toEqual([first.id]);
    const made = await api('POST', '/v13/deployments?slug=acme', { name: 'web', deploymentId: first.id, target: 'production' });
    expect(made.body.readyState).toBe('QUEUED');
    now += 1_000;
    expect((await api('GET', `/v13/deployments/${made.body.id}?slug=acme`)).body.readyState).toBe('BUILDING');
    expect(vercel.servedValue(WEB, 'K')).toBe('one');
    now += 30_000;
    expect((await api('GET', `/v13/deployments/${made.body.id}?slug=acme`)).body.readyState).toBe('READY');
    expect(vercel.servedValue(WEB, 'K')).toBe('two');
  });

  it('a failing build ends in ERROR with its message, and production stays where it was', async () => {
    const first = vercel.deploy(WEB);
    now += 31_000;
    vercel.failBuilds(WEB);
    const made = await api('POST', '/v13/deployments?slug=acme', { name: 'web', deploymentId: first.id, target: 'production' });
    now += 31_000;
    const read = await api('GET', `/v13/deployments/${made.body.url}?slug=acme`);
    expect(read.body).toMatchObject({ readyState: 'ERROR', errorCode: 'BUILD_FAILED' });
    expect(vercel.deployments(WEB).map((d) => d.readyState)).toEqual(['ERROR', 'READY']);
  });
});

describe('who may', () => {
  it('401 without a token, 403 invalidToken for an unknown one', async () => {
    const none = await fetch(`${vercel.url}/v9/projects/solo`);
    expect(none.status).toBe(401);
    expect(await api('GET', '/v9/projects/solo', undefined, 'nobody')).toMatchObject({
      status: 403,
      body: { error: { invalidToken: true } },
    });
  });

  it("403 outside the token's scope or role; 404 for an unknown team or project", async () => {
    expect((await api('GET', '/v9/projects/web?slug=other')).status).toBe(403);
    expect((await api('GET', '/v9/projects/solo', undefined, 'teamOnly')).status).toBe(403);
    expect((await api('GET', '/v9/projects/web?slug=nowhere')).body.error.message).toMatch(/Team not found/);
    expect((await api('GET', '/v9/projects/nope?slug=acme')).status).toBe(404);
    const body = { key: 'K', value: 'v', type: 'sensitive', target: ['production'] };
    expect((await api('POST', '/v10/projects/web/env?slug=acme&upsert=true', body, 'developer')).body.error.message).toMatch(/Developer/);
    expect((await api('POST', '/v10/projects/web/env?slug=acme&upsert=true', { ...body, target: ['preview'] }, 'developer')).status).toBe(
      201,
    );
    expect((await api('POST', '/v10/projects/web/env?slug=acme&upsert=true', { ...body, target: ['preview'] }, 'viewer')).status).toBe(403);
    expect((await api('GET', '/v9/projects/web?slug=acme', undefined, 'viewer')).status).toBe(200);
  });

  it('429 with X-RateLimit-Limit, -Remaining and -Reset', async () => {
    vercel.rateLimit({ resetIn: 3, path: '/v9/projects/*' });
    const limited = await api('GET', '/v9/projects/solo');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(Math.ceil(now / 1000) + 3);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.body.error.code).toBe('rate_limited');
    expect((await api('GET', '/v9/projects/solo')).status).toBe(200);
  });
});
