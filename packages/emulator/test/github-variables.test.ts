// Repository variables of GitHub Actions: create, update, read, list, delete, and who may.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, READ_TOKEN, TOKENS } from './github-harness.js';

const VARIABLES = '/repos/acme/app/actions/variables';
let gh: GitHubEmulator;

beforeAll(async () => {
  gh = await startGitHubEmulator({ repos: ['acme/app'], tokens: TOKENS });
});
afterAll(() => gh.close());

describe('repository variables', () => {
  it('creates (201), refuses a second create (409), updates (204), reads and lists it upper-cased, deletes (204)', async () => {
    expect((await call(gh, 'POST', VARIABLES, { body: { name: 'kt_one', value: 'first' } })).status).toBe(201);
    expect((await call(gh, 'POST', VARIABLES, { body: { name: 'KT_ONE', value: 'again' } })).status).toBe(409);
    expect((await call(gh, 'PATCH', `${VARIABLES}/Kt_One`, { body: { name: 'KT_ONE', value: 'second' } })).status).toBe(204);
    expect((await call(gh, 'GET', `${VARIABLES}/KT_ONE`)).body).toMatchObject({ name: 'KT_ONE', value: 'second' });
    expect((await call(gh, 'GET', VARIABLES)).body).toMatchObject({ total_count: 1, variables: [{ name: 'KT_ONE', value: 'second' }] });
    expect((await call(gh, 'DELETE', `${VARIABLES}/KT_ONE`)).status).toBe(204);
    expect((await call(gh, 'GET', `${VARIABLES}/KT_ONE`)).status).toBe(404);
    expect((await call(gh, 'PATCH', `${VARIABLES}/KT_ONE`, { body: { value: 'x' } })).status).toBe(404);
  });

  it('lets a read token read but not write, names the permission, and applies the secret name rules', async () => {
    const refused = await call(gh, 'POST', VARIABLES, { token: READ_TOKEN, body: { name: 'KT_TWO', value: 'v' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-github-permissions')).toBe('actions_variables=write');
    expect((await call(gh, 'GET', VARIABLES, { token: READ_TOKEN })).status).toBe(200);
    expect((await call(gh, 'POST', VARIABLES, { body: { name: 'GITHUB_X', value: 'v' } })).status).toBe(422);
    expect((await call(gh, 'POST', VARIABLES, { body: { name: 'KT_THREE' } })).status).toBe(422);
    expect((await call(gh, 'GET', '/repos/acme/none/actions/variables')).status).toBe(404);
  });

  it('pages the list as GitHub documents: 10 by default, 30 at most, with Link', async () => {
    gh.addRepo('acme/many');
    const base = '/repos/acme/many/actions/variables';
    for (let i = 0; i < 35; i++) await call(gh, 'POST', base, { body: { name: `V_${String(i).padStart(2, '0')}`, value: `${i}` } });
    const first = await call(gh, 'GET', base);
    expect(first.body).toMatchObject({ total_count: 35 });
    expect(first.body.variables).toHaveLength(10);
    expect(first.headers.get('link')).toContain('per_page=10&page=2>; rel="next"');
    expect(first.headers.get('link')).toContain('per_page=10&page=4>; rel="last"');
    const most = await call(gh, 'GET', `${base}?per_page=100`);
    expect(most.body.variables).toHaveLength(30);
    expect(most.headers.get('link')).toContain('per_page=30&page=2>; rel="next"');
    const rest = await call(gh, 'GET', `${base}?per_page=30&page=2`);
    expect(rest.body.variables.map((v: { name: string }) => v.name)).toEqual(['V_30', 'V_31', 'V_32', 'V_33', 'V_34']);
  });

  it('updates as GitHub documents: no field required, `name` renames, a taken name is a 409', async () => {
    await call(gh, 'POST', VARIABLES, { body: { name: 'KT_OLD', value: 'kept' } });
    await call(gh, 'POST', VARIABLES, { body: { name: 'KT_TAKEN', value: 'other' } });
    expect((await call(gh, 'PATCH', `${VARIABLES}/KT_OLD`, { body: {} })).status).toBe(204);
    expect((await call(gh, 'PATCH', `${VARIABLES}/KT_OLD`, { body: { name: 'kt_new' } })).status).toBe(204);
    expect((await call(gh, 'GET', `${VARIABLES}/KT_OLD`)).status).toBe(404);
    expect((await call(gh, 'GET', `${VARIABLES}/KT_NEW`)).body).toMatchObject({ name: 'KT_NEW', value: 'kept' });
    const taken = await call(gh, 'PATCH', `${VARIABLES}/KT_NEW`, { body: { name: 'KT_TAKEN' } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      message: expect.any(String),
      documentation_url: expect.stringContaining('docs.github.com'),
      status: '409',
    });
    expect((await call(gh, 'PATCH', `${VARIABLES}/KT_NEW`, { body: { value: 7 } })).status).toBe(422);
    expect((await call(gh, 'GET', `${VARIABLES}/KT_NEW`)).body).toMatchObject({ value: 'kept' });
  });

  it('are read by the state API as stored, sorted by name, without a request', async () => {
    gh.addRepo('acme/state');
    const base = '/repos/acme/state/actions/variables';
    await call(gh, 'POST', base, { body: { name: 'kt_b', value: 'two' } });
    await call(gh, 'POST', base, { body: { name: 'KT_A', value: 'one' } });
    const requests = gh.log.entries().length;
    expect(gh.variables('acme/state')).toEqual([
      { name: 'KT_A', value: 'one' },
      { name: 'KT_B', value: 'two' },
    ]);
    expect(gh.log.entries()).toHaveLength(requests);
    expect(() => gh.variables('acme/none')).toThrow(/no such repository: acme\/none/);
  });
});
