// Organization secrets: visibility, selected repositories, and their endpoints.
// https://docs.github.com/rest/actions/secrets#create-or-update-an-organization-secret

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, putSealed, READ_TOKEN, TOKENS } from './github-harness.js';

const ORG = '/orgs/acme/actions/secrets';
let gh: GitHubEmulator;
let api: number;
let web: number;
let foreign: number;

beforeAll(async () => {
  gh = await startGitHubEmulator({ orgs: ['acme'], repos: ['acme/api', 'acme/web', 'other/thing'], tokens: TOKENS });
  api = gh.addRepo('acme/api').id;
  web = gh.addRepo('acme/web').id;
  foreign = gh.addRepo('other/thing').id;
});
afterAll(() => gh.close());

const names = (reply: { body: { repositories: Array<{ full_name: string }> } }) => reply.body.repositories.map((r) => r.full_name);

describe('visibility', () => {
  it('requires visibility and accepts only all, private or selected', async () => {
    const missing = await putSealed(gh, ORG, 'NO_VISIBILITY', 'v');
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(`Invalid request.\n\n"visibility" wasn't supplied.`);
    expect((await putSealed(gh, ORG, 'BAD_VISIBILITY', 'v', { visibility: 'internal' })).status).toBe(422);
    for (const visibility of ['all', 'private', 'selected']) {
      expect((await putSealed(gh, ORG, `VIS_${visibility.toUpperCase()}`, 'v', { visibility })).status).toBe(201);
      expect(gh.secret('org:acme', `VIS_${visibility}`)?.visibility).toBe(visibility);
    }
  });

  it('answers visibility in get and list, and selected_repositories_url only for selected', async () => {
    await putSealed(gh, ORG, 'SHOWN_ALL', 'v', { visibility: 'all' });
    await putSealed(gh, ORG, 'SHOWN_SELECTED', 'v', { visibility: 'selected', selected_repository_ids: [api] });
    const all = await call(gh, 'GET', `${ORG}/SHOWN_ALL`);
    expect(all.body).toEqual({ name: 'SHOWN_ALL', created_at: expect.any(String), updated_at: expect.any(String), visibility: 'all' });
    const selected = await call(gh, 'GET', `${ORG}/SHOWN_SELECTED`);
    expect(selected.body.selected_repositories_url).toBe(`${gh.url}/orgs/acme/actions/secrets/SHOWN_SELECTED/repositories`);
    const list = await call(gh, 'GET', ORG);
    const listed = list.body.secrets.find((s: { name: string }) => s.name === 'SHOWN_SELECTED');
    expect(listed).toEqual(selected.body);
  });

  it('refuses selected_repository_ids unless visibility is selected', async () => {
    const reply = await putSealed(gh, ORG, 'IDS_WITHOUT_SELECTED', 'v', { visibility: 'all', selected_repository_ids: [api] });
    expect(reply.status).toBe(422);
    expect(gh.secret('org:acme', 'IDS_WITHOUT_SELECTED')).toBeUndefined();
  });

  it("refuses repository ids that are unknown or not the organization's", async () => {
    for (const ids of [[foreign], [999_999_999], ['not-a-number'], 'not-an-array']) {
      const reply = await putSealed(gh, ORG, 'BAD_IDS', 'v', { visibility: 'selected', selected_repository_ids: ids });
      expect(reply.status).toBe(422);
    }
    expect(gh.secret('org:acme', 'BAD_IDS')).toBeUndefined();
  });

  it('updates visibility alone without a new value (204), keeping the value', async () => {
    await putSealed(gh, ORG, 'META_ONLY', 'kept value', { visibility: 'private' });
    const reply = await call(gh, 'PUT', `${ORG}/META_ONLY`, { body: { visibility: 'selected', selected_repository_ids: [web] } });
    expect(reply.status).toBe(204);
    expect(gh.secretValue('org:acme', 'META_ONLY')).toBe('kept value');
    expect(gh.secret('org:acme', 'META_ONLY')).toMatchObject({ visibility: 'selected', selected_repository_ids: [web] });
    // Creating still needs a value.
    const create = await call(gh, 'PUT', `${ORG}/NO_VALUE_YET`, { body: { visibility: 'all' } });
    expect(create.status).toBe(422);
    expect(create.body.message).toMatch(/encrypted_value/);
  });

  it('keeps the selection when an update omits selected_repository_ids, and clears it when visibility leaves selected', async () => {
    await putSealed(gh, ORG, 'KEEP_SELECTION', 'v1', { visibility: 'selected', selected_repository_ids: [api, web] });
    expect((await putSealed(gh, ORG, 'KEEP_SELECTION', 'v2', { visibility: 'selected' })).status).toBe(204);
    expect(gh.secret('org:acme', 'KEEP_SELECTION')?.selected_repository_ids).toEqual([api, web]);
    expect((await putSealed(gh, ORG, 'KEEP_SELECTION', 'v3', { visibility: 'all' })).status).toBe(204);
    expect(gh.secret('org:acme', 'KEEP_SELECTION')?.selected_repository_ids).toEqual([]);
  });

  it('accepts repository ids as numeric strings, as the schema allows', async () => {
    const reply = await putSealed(gh, ORG, 'STRING_IDS', 'v', { visibility: 'selected', selected_repository_ids: [String(api)] });
    expect(reply.status).toBe(201);
    expect(gh.secret('org:acme', 'STRING_IDS')?.selected_repository_ids).toEqual([api]);
  });
});

describe('selected repositories endpoints', () => {
  const repos = (name: string) => `${ORG}/${name}/repositories`;

  it('lists, sets, adds and removes selected repositories', async () => {
    await putSealed(gh, ORG, 'PICKED', 'v', { visibility: 'selected', selected_repository_ids: [api] });
    const listed = await call(gh, 'GET', repos('PICKED'), { token: READ_TOKEN });
    expect(listed.status).toBe(200);
    expect(listed.body.total_count).toBe(1);
    expect(names(listed)).toEqual(['acme/api']);
    expect(listed.body.repositories[0]).toMatchObject({ id: api, name: 'api', owner: { login: 'acme' } });

    expect((await call(gh, 'PUT', repos('PICKED'), { body: { selected_repository_ids: [web, api] } })).status).toBe(204);
    expect(names(await call(gh, 'GET', repos('PICKED')))).toEqual(['acme/web', 'acme/api']);

    expect((await call(gh, 'DELETE', `${repos('PICKED')}/${web}`)).status).toBe(204);
    expect(gh.secret('org:acme', 'PICKED')?.selected_repository_ids).toEqual([api]);
    expect((await call(gh, 'PUT', `${repos('PICKED')}/${web}`)).status).toBe(204);
    expect((await call(gh, 'PUT', `${repos('PICKED')}/${web}`)).status).toBe(204);
    expect(gh.secret('org:acme', 'PICKED')?.selected_repository_ids).toEqual([api, web]);
  });

  it('answers 409 when the secret is not visible to selected repositories', async () => {
    await putSealed(gh, ORG, 'EVERYONE', 'v', { visibility: 'all' });
    expect((await call(gh, 'PUT', `${repos('EVERYONE')}/${api}`)).status).toBe(409);
    expect((await call(gh, 'DELETE', `${repos('EVERYONE')}/${api}`)).status).toBe(409);
    expect((await call(gh, 'PUT', repos('EVERYONE'), { body: { selected_repository_ids: [api] } })).status).toBe(409);
    expect(gh.secret('org:acme', 'EVERYONE')?.selected_repository_ids).toEqual([]);
  });

  it('answers 404 for an unknown secret or repository and 422 for a bad selection', async () => {
    await putSealed(gh, ORG, 'SELECTIVE', 'v', { visibility: 'selected' });
    expect((await call(gh, 'GET', repos('UNKNOWN'))).status).toBe(404);
    expect((await call(gh, 'PUT', `${repos('SELECTIVE')}/${foreign}`)).status).toBe(404);
    expect((await call(gh, 'PUT', `${repos('SELECTIVE')}/12345`)).status).toBe(404);
    expect((await call(gh, 'PUT', repos('SELECTIVE'), { body: {} })).status).toBe(422);
    expect((await call(gh, 'PUT', repos('SELECTIVE'), { body: { selected_repository_ids: [foreign] } })).status).toBe(422);
  });

  it("refuses changes from a 'read' token", async () => {
    await putSealed(gh, ORG, 'READONLY', 'v', { visibility: 'selected' });
    const reply = await call(gh, 'PUT', `${repos('READONLY')}/${api}`, { token: READ_TOKEN });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('x-accepted-github-permissions')).toBe('organization_secrets=write');
  });
});

describe('seeding organization secrets', () => {
  it('defaults to private, and takes a visibility and selection', () => {
    expect(gh.putSecretValue('org:acme', 'SEEDED', 'v')).toBe('created');
    expect(gh.secret('org:acme', 'SEEDED')).toMatchObject({ visibility: 'private', selected_repository_ids: [] });
    gh.putSecretValue({ kind: 'org', org: 'acme' }, 'SEEDED', 'v2', { visibility: 'selected', selected_repository_ids: [api] });
    expect(gh.secret('org:acme', 'SEEDED')).toMatchObject({ visibility: 'selected', selected_repository_ids: [api] });
    expect(() => gh.putSecretValue('org:acme', 'SEEDED', 'v', { visibility: 'selected', selected_repository_ids: [foreign] })).toThrow(
      TypeError,
    );
    expect(() => gh.putSecretValue('org:acme', 'SEEDED', 'v', { visibility: 'all', selected_repository_ids: [api] })).toThrow(TypeError);
    expect(() => gh.putSecretValue('org:acme', 'SEEDED', 'v', { visibility: 'public' as 'all' })).toThrow(TypeError);
    expect(() => gh.putSecretValue('repo:acme/api', 'SEEDED', 'v', { visibility: 'all' })).toThrow(TypeError);
    expect(gh.secret('org:acme', 'SEEDED')).toMatchObject({ visibility: 'selected', selected_repository_ids: [api] });
  });
});
