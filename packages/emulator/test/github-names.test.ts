// GitHub's secret naming rules, over HTTP, for every target kind.
// https://docs.github.com/actions/security-guides/using-secrets-in-github-actions#naming-your-secrets

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, putSealed, TOKENS } from './github-harness.js';

let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator({ environments: { 'acme/app': ['prod'] }, orgs: ['acme'], tokens: TOKENS });
});
afterAll(() => gh.close());

const collections = [
  ['repository', '/repos/acme/app/actions/secrets', {}],
  ['environment', '/repos/acme/app/environments/prod/secrets', {}],
  ['Dependabot', '/repos/acme/app/dependabot/secrets', {}],
  ['organization', '/orgs/acme/actions/secrets', { visibility: 'private' }],
] as const;

const names: Array<[name: string, stored: string | number]> = [
  ['NEON_API_KEY', 'NEON_API_KEY'],
  ['lower_case', 'LOWER_CASE'],
  ['_LEADING_UNDERSCORE', '_LEADING_UNDERSCORE'],
  ['WITH_DIGITS_123', 'WITH_DIGITS_123'],
  ['MY_GITHUB_TOKEN', 'MY_GITHUB_TOKEN'],
  ['1_STARTS_WITH_DIGIT', 422],
  ['GITHUB_TOKEN', 422],
  ['github_lower', 422],
  ['HAS-DASH', 422],
  ['HAS%20SPACE', 422],
  ['DOT.TED', 422],
];

describe.each(collections)('%s secret names', (_label, collection, extra) => {
  it.each(names)('PUT %s -> %s', async (name, stored) => {
    const reply = await putSealed(gh, collection, name, 'value', extra);
    if (stored === 422) {
      expect(reply.status).toBe(422);
      expect(reply.body.message).toMatch(/Secret names/);
      return;
    }
    expect(reply.status).toBe(201);
    const list = await call(gh, 'GET', collection);
    expect(list.body.secrets.map((s: { name: string }) => s.name)).toContain(stored);
  });
});
