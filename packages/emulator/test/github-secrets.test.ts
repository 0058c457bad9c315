// Every target kind over real HTTP: public key, create (201), update (204), get, list with pages,
// delete; values sealed by the test with the fetched key and opened by the emulator.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, type GitHubTargetRef, startGitHubEmulator } from '../src/index.js';
import { call, putSealed, TOKENS } from './github-harness.js';

let gh: GitHubEmulator;

beforeAll(async () => {
  gh = await startGitHubEmulator({
    repos: ['acme/app'],
    environments: { 'acme/app': ['production', 'Staging Env'] },
    orgs: ['acme'],
    tokens: TOKENS,
  });
});
afterAll(() => gh.close());

const targets: Array<{ label: string; collection: string; ref: GitHubTargetRef; extra?: Record<string, unknown> }> = [
  { label: 'repository', collection: '/repos/acme/app/actions/secrets', ref: { kind: 'repo', owner: 'acme', repo: 'app' } },
  {
    label: 'environment',
    collection: '/repos/acme/app/environments/production/secrets',
    ref: { kind: 'env', owner: 'acme', repo: 'app', environment: 'production' },
  },
  {
    label: 'environment with a space in its name',
    collection: `/repos/acme/app/environments/${encodeURIComponent('Staging Env')}/secrets`,
    ref: { kind: 'env', owner: 'acme', repo: 'app', environment: 'Staging Env' },
  },
  { label: 'Dependabot', collection: '/repos/acme/app/dependabot/secrets', ref: { kind: 'dependabot', owner: 'acme', repo: 'app' } },
  { label: 'organization', collection: '/orgs/acme/actions/secrets', ref: { kind: 'org', org: 'acme' }, extra: { visibility: 'all' } },
];

describe.each(targets)('$label secrets', ({ collection, ref, extra }) => {
  it('answers a public key: a numeric key_id and a 32-byte X25519 key in base64', async () => {
    const reply = await call(gh, 'GET', `${collection}/public-key`);
    expect(reply.status).toBe(200);
    expect(reply.body.key_id).toMatch(/^\d{10,}$/);
    expect(Buffer.from(reply.body.key, 'base64')).toHaveLength(32);
    expect(reply.body.key).toMatch(/=$/);
  });

  it('creates with 201 {}, updates with 204, and the emulator opens every value', async () => {
    const created = await putSealed(gh, collection, 'DEPLOY_KEY', 'first value', extra);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({});
    expect(gh.secretValue(ref, 'DEPLOY_KEY')).toBe('first value');

    const updated = await putSealed(gh, collection, 'DEPLOY_KEY', 'second välue ✓', extra);
    expect(updated.status).toBe(204);
    expect(updated.body).toBeUndefined();
    expect(gh.secretValue(ref, 'DEPLOY_KEY')).toBe('second välue ✓');
  });

  it('treats names case-insensitively and answers them upper-case', async () => {
    expect((await putSealed(gh, collection, 'mixed_Case', 'v1', extra)).status).toBe(201);
    expect((await putSealed(gh, collection, 'MIXED_CASE', 'v2', extra)).status).toBe(204);
    const got = await call(gh, 'GET', `${collection}/Mixed_case`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe('MIXED_CASE');
    expect(gh.secretValue(ref, 'mixed_case')).toBe('v2');
  });

  it('gets a secret as {name, created_at, updated_at} and never its value', async () => {
    await putSealed(gh, collection, 'META_CHECK', 'do-not-echo-this', extra);
    const got = await call(gh, 'GET', `${collection}/META_CHECK`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ name: 'META_CHECK' });
    expect(got.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(got.body.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(JSON.stringify(got.body)).not.toContain('do-not-echo-this');
    expect(gh.secret(ref, 'META_CHECK')).toMatchObject({ name: 'META_CHECK', created_at: got.body.created_at });
  });

  it('seeds a secret dated as written earlier, and a later write dates it now', async () => {
    const yesterday = new Date('2026-01-02T03:04:05.678Z');
    gh.putSecretValue(ref, 'SEEDED_EARLIER', 'old', { writtenAt: yesterday });
    const seeded = await call(gh, 'GET', `${collection}/SEEDED_EARLIER`);
    expect(seeded.body).toMatchObject({ created_at: '2026-01-02T03:04:05Z', updated_at: '2026-01-02T03:04:05Z' });
    await putSealed(gh, collection, 'SEEDED_EARLIER', 'new', extra);
    const written = await call(gh, 'GET', `${collection}/SEEDED_EARLIER`);
    expect(written.body.created_at).toBe('2026-01-02T03:04:05Z');
    expect(Date.parse(written.body.updated_at)).toBeGreaterThan(yesterday.getTime());
  });

  it('deletes with 204, then answers 404 for the secret', async () => {
    await putSealed(gh, collection, 'TO_DELETE', 'x', extra);
    expect((await call(gh, 'DELETE', `${collection}/TO_DELETE`)).status).toBe(204);
    expect(gh.secretValue(ref, 'TO_DELETE')).toBeUndefined();
    const again = await call(gh, 'DELETE', `${collection}/TO_DELETE`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Not Found');
    expect((await call(gh, 'GET', `${collection}/TO_DELETE`)).status).toBe(404);
  });
});

describe('listing', () => {
  const collection = '/repos/acme/paged/actions/secrets';
  beforeAll(() => {
    gh.addRepo('acme/paged');
    // Seeded out of order: GitHub lists by name.
    for (const n of [5, 1, 4, 2, 3]) gh.putSecretValue('repo:acme/paged', `SECRET_${n}`, `value ${n}`);
  });

  it('answers {total_count, secrets} sorted by name, 30 a page by default', async () => {
    const reply = await call(gh, 'GET', collection);
    expect(reply.status).toBe(200);
    expect(reply.body.total_count).toBe(5);
    expect(reply.body.secrets.map((s: { name: string }) => s.name)).toEqual([1, 2, 3, 4, 5].map((n) => `SECRET_${n}`));
    expect(reply.headers.get('link')).toBeNull();
  });

  it('pages with per_page and page, and links the next and last pages', async () => {
    const first = await call(gh, 'GET', `${collection}?per_page=2`);
    expect(first.body.total_count).toBe(5);
    expect(first.body.secrets.map((s: { name: string }) => s.name)).toEqual(['SECRET_1', 'SECRET_2']);
    expect(first.headers.get('link')).toBe(
      `<${gh.url}${collection}?per_page=2&page=2>; rel="next", <${gh.url}${collection}?per_page=2&page=3>; rel="last"`,
    );

    const last = await call(gh, 'GET', `${collection}?per_page=2&page=3`);
    expect(last.body.secrets.map((s: { name: string }) => s.name)).toEqual(['SECRET_5']);
    expect(last.headers.get('link')).toContain('rel="prev"');
    expect(last.headers.get('link')).not.toContain('rel="next"');

    const beyond = await call(gh, 'GET', `${collection}?per_page=2&page=9`);
    expect(beyond.body).toEqual({ total_count: 5, secrets: [] });
  });

  it('caps per_page at 100', async () => {
    gh.addRepo('acme/many');
    for (let i = 0; i < 105; i++) gh.putSecretValue('repo:acme/many', `S_${String(i).padStart(3, '0')}`, 'v');
    const reply = await call(gh, 'GET', '/repos/acme/many/actions/secrets?per_page=500');
    expect(reply.body.secrets).toHaveLength(100);
    expect(reply.body.total_count).toBe(105);
  });
});

describe('repositories and environments', () => {
  it('answers GET /repos/{owner}/{repo} with its id, names and owner', async () => {
    const { id } = gh.addRepo('acme/ids');
    const reply = await call(gh, 'GET', '/repos/ACME/IDS');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id,
      name: 'ids',
      full_name: 'acme/ids',
      private: true,
      owner: { login: 'acme', type: 'Organization' },
    });
  });

  it('gives every repository its own id and every target its own key', async () => {
    const a = gh.addRepo('solo/one');
    const b = gh.addRepo('solo/two');
    expect(a.id).not.toBe(b.id);
    expect(gh.addRepo('solo/one').id).toBe(a.id);
    gh.addEnvironment('solo/one', 'prod');
    const paths = [
      '/repos/solo/one/actions/secrets',
      '/repos/solo/two/actions/secrets',
      '/repos/solo/one/dependabot/secrets',
      '/repos/solo/one/environments/prod/secrets',
      '/orgs/acme/actions/secrets',
    ];
    const keys = await Promise.all(paths.map((p) => call(gh, 'GET', `${p}/public-key`)));
    expect(new Set(keys.map((k) => k.body.key_id)).size).toBe(paths.length);
    expect(new Set(keys.map((k) => k.body.key)).size).toBe(paths.length);
  });

  it('lists and gets environments, case-insensitively', async () => {
    const list = await call(gh, 'GET', '/repos/acme/app/environments');
    expect(list.body.environments.map((e: { name: string }) => e.name)).toEqual(['production', 'Staging Env']);
    const one = await call(gh, 'GET', '/repos/acme/app/environments/PRODUCTION');
    expect(one.body.name).toBe('production');
    const key = await call(gh, 'GET', '/repos/acme/app/environments/PRODUCTION/secrets/public-key');
    expect(key.status).toBe(200);
  });

  it('answers 404 on the older /repositories/{id}/environments path, which the published description no longer has', async () => {
    const { id } = gh.addRepo('acme/app');
    expect((await call(gh, 'GET', `/repositories/${id}/environments/production/secrets/public-key`)).status).toBe(404);
  });
});
