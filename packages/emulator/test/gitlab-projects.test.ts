// A group's projects, which an inventory of CI/CD variables walks: direct ones, or with the
// subgroups' (include_subgroups), paged as every listing, only those the token has a role on.
// https://docs.gitlab.com/api/groups/#list-projects

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitLabEmulator, startGitLabEmulator } from '../src/index.js';

const OWNER = 'glpat-owner-token-0001';
const WEB_ONLY = 'glpat-web-maintainer-02';
let gitlab: GitLabEmulator;

beforeAll(async () => {
  gitlab = await startGitLabEmulator({
    projects: ['acme/web', 'acme/platform/api', 'acme/platform/db', 'other/x'],
    tokens: { [OWNER]: { roles: { acme: 'owner' } }, [WEB_ONLY]: { roles: { 'acme/web': 'maintainer' } } },
  });
});
afterAll(() => gitlab.close());

async function list(token: string, path: string) {
  const response = await fetch(`${gitlab.url}${path}`, { headers: { 'private-token': token } });
  const body = await response.json();
  return {
    status: response.status,
    headers: response.headers,
    paths: Array.isArray(body) ? body.map((p: { path_with_namespace: string }) => p.path_with_namespace) : body,
  };
}

describe('GET /groups/:id/projects', () => {
  it("lists the group's own projects, or with include_subgroups its subgroups' too, paged", async () => {
    expect((await list(OWNER, '/groups/acme/projects')).paths).toEqual(['acme/web']);
    const all = await list(OWNER, '/groups/acme/projects?include_subgroups=true&per_page=2');
    expect(all.paths).toEqual(['acme/web', 'acme/platform/api']);
    expect(all.headers.get('x-next-page')).toBe('2');
    const second = await list(OWNER, '/groups/acme/projects?include_subgroups=true&per_page=2&page=2');
    expect(second.paths).toEqual(['acme/platform/db']);
    expect(second.headers.get('x-next-page')).toBe('');
    expect((await list(OWNER, `/groups/${encodeURIComponent('acme/platform')}/projects`)).paths).toEqual([
      'acme/platform/api',
      'acme/platform/db',
    ]);
  });

  it('shows a token only the projects it has a role on, and hides a group it cannot see', async () => {
    expect((await list(WEB_ONLY, '/groups/acme/projects?include_subgroups=true')).paths).toEqual(['acme/web']);
    expect((await list(WEB_ONLY, '/groups/other/projects')).status).toBe(404);
  });
});
