// Organization and project-scoped keys over HTTP: the routes of the published description and the
// permission model of access.ts (who makes, lists and revokes which kind; what each kind reaches).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformProject } from '../src/index.js';
import { expectPlatformError, startTestPlatform, type TestPlatform } from './platform-harness.js';

const ORG = 'org-acme-12345678';
const OTHER_ORG = 'org-other-87654321';

let platform: TestPlatform;
/** A project of ORG, one of OTHER_ORG and a personal one of the account user. */
let orgProject: PlatformProject;
let siblingProject: PlatformProject;
let otherOrgProject: PlatformProject;
let personalProject: PlatformProject;

beforeEach(async () => {
  platform = await startTestPlatform({
    organizations: [
      { id: ORG, name: 'Acme' },
      { id: OTHER_ORG, role: 'member' },
    ],
  });
  orgProject = platform.emulator.createProject({ name: 'shop', org_id: ORG });
  siblingProject = platform.emulator.createProject({ name: 'blog', org_id: ORG });
  otherOrgProject = platform.emulator.createProject({ name: 'elsewhere', org_id: OTHER_ORG });
  personalProject = platform.emulator.createProject({ name: 'mine' });
});
afterEach(() => platform.emulator.close());

/** A colleague with a personal key, in ORG as `role`. */
function colleague(role: 'admin' | 'member' | null) {
  const user = platform.emulator.createUser('Colleague');
  if (role) platform.emulator.setRole(ORG, user.id, role);
  return { user, key: platform.emulator.createKey('colleague-key', { userId: user.id }).key };
}

describe('POST /organizations/:org_id/api_keys', () => {
  it('makes an organization key with an admin personal key: created_by is the admin, no project_id', async () => {
    const reply = await platform.api('POST', `/organizations/${ORG}/api_keys`, { body: { key_name: 'org-ci' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: expect.any(Number),
      key: expect.stringMatching(/^napi_[A-Za-z0-9]{64}$/),
      name: 'org-ci',
      created_at: expect.any(String),
      created_by: platform.emulator.user.id,
    });
    expect(platform.emulator.isKeyValid(reply.body.key)).toBe(true);
    expect(platform.emulator.listKeys().find((k) => k.id === reply.body.id)).toMatchObject({ org_id: ORG });
  });

  it('makes a project-scoped key with project_id, answered back', async () => {
    const reply = await platform.api('POST', `/organizations/${ORG}/api_keys`, { body: { key_name: 'deploy', project_id: orgProject.id } });
    expect(reply.status).toBe(200);
    expect(reply.body.project_id).toBe(orgProject.id);
  });

  it('lets a member make a project-scoped key but not an organization key (documented)', async () => {
    const { key, user } = colleague('member');
    const scoped = await platform.api('POST', `/organizations/${ORG}/api_keys`, {
      key,
      body: { key_name: 'd', project_id: orgProject.id },
    });
    expect(scoped.status).toBe(200);
    expect(scoped.body.created_by).toBe(user.id);
    expectPlatformError(await platform.api('POST', `/organizations/${ORG}/api_keys`, { key, body: { key_name: 'o' } }), 403, 'forbidden');
  });

  it('refuses a user outside the organization, and a key of another organization', async () => {
    const { key } = colleague(null);
    expectPlatformError(
      await platform.api('POST', `/organizations/${ORG}/api_keys`, { key, body: { key_name: 'x', project_id: orgProject.id } }),
      403,
      'forbidden',
    );
    const otherOrgKey = platform.emulator.createOrgKey(OTHER_ORG, 'other', { createdBy: otherAdmin() }).key;
    expectPlatformError(
      await platform.api('POST', `/organizations/${ORG}/api_keys`, { key: otherOrgKey, body: { key_name: 'x' } }),
      403,
      'forbidden',
    );
  });

  it('lets an organization key make both kinds, credited to its maker (assumed)', async () => {
    const orgKey = platform.emulator.createOrgKey(ORG, 'org').key;
    const made = await platform.api('POST', `/organizations/${ORG}/api_keys`, { key: orgKey, body: { key_name: 'o2' } });
    expect(made.status).toBe(200);
    expect(made.body.created_by).toBe(platform.emulator.user.id);
    const scoped = await platform.api('POST', `/organizations/${ORG}/api_keys`, {
      key: orgKey,
      body: { key_name: 'p', project_id: orgProject.id },
    });
    expect(scoped.body.project_id).toBe(orgProject.id);
  });

  it('refuses a project-scoped key: it manages no keys (documented)', async () => {
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id }).key;
    for (const body of [{ key_name: 'x' }, { key_name: 'x', project_id: orgProject.id }]) {
      expectPlatformError(await platform.api('POST', `/organizations/${ORG}/api_keys`, { key: scoped, body }), 403, 'forbidden');
    }
    expect(platform.emulator.listKeys()).toHaveLength(2);
  });

  it('answers 400 to a bad key_name or project_id, 404 to a project outside the organization or an unknown organization', async () => {
    expectPlatformError(await platform.api('POST', `/organizations/${ORG}/api_keys`, { body: { key_name: '' } }), 400, 'bad_request');
    expectPlatformError(
      await platform.api('POST', `/organizations/${ORG}/api_keys`, { body: { key_name: 'x', project_id: 7 } }),
      400,
      'bad_request',
    );
    for (const project of [otherOrgProject, personalProject]) {
      const reply = await platform.api('POST', `/organizations/${ORG}/api_keys`, { body: { key_name: 'x', project_id: project.id } });
      expectPlatformError(reply, 404, 'not_found');
    }
    expectPlatformError(await platform.api('POST', '/organizations/org-nobody/api_keys', { body: { key_name: 'x' } }), 404, 'not_found');
  });
});

/** An admin of OTHER_ORG (the account user is only a member there). */
function otherAdmin(): string {
  const user = platform.emulator.createUser('Other admin');
  platform.emulator.setRole(OTHER_ORG, user.id, 'admin');
  return user.id;
}

describe('GET and DELETE /organizations/:org_id/api_keys', () => {
  it('lists the organization keys of both kinds, never personal keys nor other organizations, never values', async () => {
    const org = platform.emulator.createOrgKey(ORG, 'org');
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id });
    platform.emulator.createOrgKey(OTHER_ORG, 'other', { createdBy: otherAdmin() });
    const reply = await platform.api('GET', `/organizations/${ORG}/api_keys`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((k: { id: number }) => k.id)).toEqual([org.id, scoped.id]);
    expect(reply.body[0]).not.toHaveProperty('project_id');
    expect(reply.body[1]).toMatchObject({ name: 'deploy', project_id: orgProject.id, created_by: { id: platform.emulator.user.id } });
    expect(JSON.stringify(reply.body)).not.toContain(org.key);
  });

  it('lets a member list (assumed) and an organization key list; refuses a project-scoped key and outsiders', async () => {
    platform.emulator.createOrgKey(ORG, 'org');
    expect((await platform.api('GET', `/organizations/${ORG}/api_keys`, { key: colleague('member').key })).status).toBe(200);
    expect(
      (await platform.api('GET', `/organizations/${ORG}/api_keys`, { key: platform.emulator.createOrgKey(ORG, 'o').key })).status,
    ).toBe(200);
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id }).key;
    expectPlatformError(await platform.api('GET', `/organizations/${ORG}/api_keys`, { key: scoped }), 403, 'forbidden');
    expectPlatformError(await platform.api('GET', `/organizations/${ORG}/api_keys`, { key: colleague(null).key }), 403, 'forbidden');
  });

  it('revokes with an admin key: the answer carries project_id and revoked, the key stops working at once', async () => {
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id });
    expect((await platform.api('GET', `/projects/${orgProject.id}/operations`, { key: scoped.key })).status).toBe(200);
    const reply = await platform.api('DELETE', `/organizations/${ORG}/api_keys/${scoped.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: scoped.id,
      name: 'deploy',
      revoked: true,
      project_id: orgProject.id,
      created_by: platform.emulator.user.id,
    });
    expectPlatformError(await platform.api('GET', `/projects/${orgProject.id}/operations`, { key: scoped.key }), 401, 'unauthorized');
    expectPlatformError(await platform.api('DELETE', `/organizations/${ORG}/api_keys/${scoped.id}`), 404, 'not_found');
  });

  it('lets an organization key revoke any key of its organization, itself included', async () => {
    const org = platform.emulator.createOrgKey(ORG, 'org');
    const other = platform.emulator.createOrgKey(ORG, 'org-2');
    expect((await platform.api('DELETE', `/organizations/${ORG}/api_keys/${other.id}`, { key: org.key })).status).toBe(200);
    expect((await platform.api('DELETE', `/organizations/${ORG}/api_keys/${org.id}`, { key: org.key })).status).toBe(200);
    expect(platform.emulator.isKeyValid(org.key)).toBe(false);
  });

  it('lets a member revoke project-scoped keys only (assumed)', async () => {
    const { key } = colleague('member');
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id });
    const org = platform.emulator.createOrgKey(ORG, 'org');
    expectPlatformError(await platform.api('DELETE', `/organizations/${ORG}/api_keys/${org.id}`, { key }), 403, 'forbidden');
    expect((await platform.api('DELETE', `/organizations/${ORG}/api_keys/${scoped.id}`, { key })).status).toBe(200);
  });

  it('refuses a project-scoped key, even revoking itself; 404 for a personal key or another organization key', async () => {
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id });
    expectPlatformError(await platform.api('DELETE', `/organizations/${ORG}/api_keys/${scoped.id}`, { key: scoped.key }), 403, 'forbidden');
    const otherKey = platform.emulator.createOrgKey(OTHER_ORG, 'other', { createdBy: otherAdmin() });
    expectPlatformError(await platform.api('DELETE', `/organizations/${ORG}/api_keys/${otherKey.id}`), 404, 'not_found');
    expectPlatformError(await platform.api('DELETE', `/organizations/${ORG}/api_keys/${platform.keyId}`), 404, 'not_found');
    expectPlatformError(await platform.api('DELETE', `/organizations/${ORG}/api_keys/x1`), 400, 'bad_request');
    expect(platform.emulator.isKeyValid(platform.key)).toBe(true);
  });
});

describe('what each kind of key reaches', () => {
  it('a personal key: its own projects and those of its organizations; leaving one ends that at once (documented)', async () => {
    const { user, key } = colleague('member');
    const listed = await platform.api('GET', '/projects', { key });
    expect(listed.body.projects.map((p: { id: string }) => p.id)).toEqual([orgProject.id, siblingProject.id]);
    expect(listed.body.projects[0].org_id).toBe(ORG);
    expect((await platform.api('GET', `/projects/${orgProject.id}/operations`, { key })).status).toBe(200);
    expectPlatformError(await platform.api('GET', `/projects/${personalProject.id}/operations`, { key }), 403, 'forbidden');
    platform.emulator.setRole(ORG, user.id, null);
    expectPlatformError(await platform.api('GET', `/projects/${orgProject.id}/operations`, { key }), 403, 'forbidden');
    // The account user reaches all four: its own project and its two organizations'.
    expect((await platform.api('GET', '/projects')).body.projects).toHaveLength(4);
  });

  it('an organization key: every project of its organization, nothing else (documented)', async () => {
    const key = platform.emulator.createOrgKey(ORG, 'org').key;
    const listed = await platform.api('GET', '/projects', { key });
    expect(listed.body.projects.map((p: { id: string }) => p.id)).toEqual([orgProject.id, siblingProject.id]);
    expect((await platform.api('POST', `/projects/${siblingProject.id}/branches`, { key })).status).toBe(201);
    for (const project of [otherOrgProject, personalProject]) {
      expectPlatformError(await platform.api('GET', `/projects/${project.id}/operations`, { key }), 403, 'forbidden');
    }
  });

  it('a project-scoped key: its project only, member access there (documented); 403 elsewhere (status assumed)', async () => {
    const key = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id }).key;
    const listed = await platform.api('GET', '/projects', { key });
    expect(listed.body.projects.map((p: { id: string }) => p.id)).toEqual([orgProject.id]);
    const one = await platform.api('GET', `/projects/${orgProject.id}`, { key });
    expect([one.status, one.body.project.id, one.body.project.org_id]).toEqual([200, orgProject.id, ORG]);
    const branch = await platform.api('POST', `/projects/${orgProject.id}/branches`, { key });
    expect(branch.status).toBe(201);
    const operation = branch.body.operations[0].id;
    expect((await platform.api('GET', `/projects/${orgProject.id}/operations/${operation}`, { key })).status).toBe(200);
    for (const project of [siblingProject, otherOrgProject, personalProject]) {
      expectPlatformError(await platform.api('GET', `/projects/${project.id}`, { key }), 403, 'forbidden');
      expectPlatformError(await platform.api('GET', `/projects/${project.id}/operations`, { key }), 403, 'forbidden');
      expectPlatformError(await platform.api('POST', `/projects/${project.id}/branches`, { key }), 403, 'forbidden');
    }
    expectPlatformError(await platform.api('GET', '/projects/no-such-project/operations', { key }), 404, 'not_found');
    expectPlatformError(await platform.api('GET', '/projects/no-such-project', { key }), 404, 'not_found');
  });

  it('personal key routes and /users/me need a personal key (project keys documented, organization keys assumed)', async () => {
    const keys = [platform.emulator.createOrgKey(ORG, 'org'), platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id })];
    for (const { key, id } of keys) {
      expectPlatformError(await platform.api('GET', '/api_keys', { key }), 403, 'forbidden');
      expectPlatformError(await platform.api('POST', '/api_keys', { key, body: { key_name: 'x' } }), 403, 'forbidden');
      expectPlatformError(await platform.api('DELETE', `/api_keys/${platform.keyId}`, { key }), 403, 'forbidden');
      expectPlatformError(await platform.api('GET', '/users/me', { key }), 403, 'forbidden');
      // The personal route never revokes an organization's key, even with the admin's key.
      expectPlatformError(await platform.api('DELETE', `/api_keys/${id}`), 404, 'not_found');
    }
    expect(platform.emulator.isKeyValid(platform.key)).toBe(true);
  });

  it("personal /api_keys hold one user's keys only", async () => {
    const { key } = colleague('admin');
    platform.emulator.createOrgKey(ORG, 'org');
    const mine = await platform.api('GET', '/api_keys');
    expect(mine.body.map((k: { id: number }) => k.id)).toEqual([platform.keyId]);
    const theirs = await platform.api('GET', '/api_keys', { key });
    expect(theirs.body.map((k: { name: string }) => k.name)).toEqual(['colleague-key']);
    expectPlatformError(await platform.api('DELETE', `/api_keys/${platform.keyId}`, { key }), 404, 'not_found');
  });
});

describe('who is asking', () => {
  it("/users/me describes a personal key's user", async () => {
    const reply = await platform.api('GET', '/users/me');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: platform.emulator.user.id, name: platform.emulator.user.name, auth_accounts: [] });
  });

  it("/users/me/organizations: a user's organizations, or the one owning an organization or project key (documented)", async () => {
    const mine = await platform.api('GET', '/users/me/organizations');
    expect(mine.body.organizations.map((o: { id: string }) => o.id)).toEqual([ORG, OTHER_ORG]);
    expect(mine.body.organizations[0]).toMatchObject({ id: ORG, name: 'Acme', handle: ORG });
    for (const options of [{}, { projectId: orgProject.id }]) {
      const key = platform.emulator.createOrgKey(ORG, 'k', options).key;
      const reply = await platform.api('GET', '/users/me/organizations', { key });
      expect(reply.body.organizations.map((o: { id: string }) => o.id)).toEqual([ORG]);
    }
  });

  it('/organizations/:org_id answers members and its own key, refuses project keys and outsiders', async () => {
    expect((await platform.api('GET', `/organizations/${ORG}`)).body).toMatchObject({ id: ORG, name: 'Acme' });
    expect((await platform.api('GET', `/organizations/${ORG}`, { key: platform.emulator.createOrgKey(ORG, 'o').key })).status).toBe(200);
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id }).key;
    expectPlatformError(await platform.api('GET', `/organizations/${ORG}`, { key: scoped }), 403, 'forbidden');
    expectPlatformError(await platform.api('GET', `/organizations/${ORG}`, { key: colleague(null).key }), 403, 'forbidden');
    expectPlatformError(await platform.api('GET', '/organizations/org-nobody'), 404, 'not_found');
  });
});

it('guards every new endpoint with the key: 401 before anything else', async () => {
  const org = platform.emulator.createOrgKey(ORG, 'org');
  const endpoints: Array<[string, string]> = [
    ['POST', `/organizations/${ORG}/api_keys`],
    ['GET', `/organizations/${ORG}/api_keys`],
    ['DELETE', `/organizations/${ORG}/api_keys/${org.id}`],
    ['GET', '/users/me'],
    ['GET', '/users/me/organizations'],
    ['GET', `/organizations/${ORG}`],
    ['GET', `/projects/${orgProject.id}`],
  ];
  for (const [method, path] of endpoints) {
    expectPlatformError(
      await platform.api(method, path, { key: null, body: method === 'POST' ? { key_name: 'x' } : undefined }),
      401,
      'unauthorized',
    );
  }
  expect(platform.emulator.isKeyValid(org.key)).toBe(true);
});

describe('the permission matrix: each kind of key on each route', () => {
  type Kind = 'admin' | 'member' | 'outsider' | 'organization' | 'project';
  const keyOf = (kind: Kind): string => {
    if (kind === 'organization') return platform.emulator.createOrgKey(ORG, 'org').key;
    if (kind === 'project') return platform.emulator.createOrgKey(ORG, 'deploy', { projectId: orgProject.id }).key;
    return kind === 'admin' ? platform.key : colleague(kind === 'member' ? 'member' : null).key;
  };
  /** Route -> the status each kind gets: admin, member, outsider, organization, project-scoped. */
  const MATRIX: Array<[string, () => [string, string, unknown?], [number, number, number, number, number]]> = [
    ['create an organization key', () => ['POST', `/organizations/${ORG}/api_keys`, { key_name: 'k' }], [200, 403, 403, 200, 403]],
    [
      'create a project-scoped key',
      () => ['POST', `/organizations/${ORG}/api_keys`, { key_name: 'k', project_id: orgProject.id }],
      [200, 200, 403, 200, 403],
    ],
    ['list the organization keys', () => ['GET', `/organizations/${ORG}/api_keys`], [200, 200, 403, 200, 403]],
    [
      'revoke an organization key',
      () => ['DELETE', `/organizations/${ORG}/api_keys/${platform.emulator.createOrgKey(ORG, 'victim').id}`],
      [200, 403, 403, 200, 403],
    ],
    [
      'revoke a project-scoped key',
      () => [
        'DELETE',
        `/organizations/${ORG}/api_keys/${platform.emulator.createOrgKey(ORG, 'victim', { projectId: siblingProject.id }).id}`,
      ],
      [200, 200, 403, 200, 403],
    ],
    ['list personal keys', () => ['GET', '/api_keys'], [200, 200, 200, 403, 403]],
    ['create a personal key', () => ['POST', '/api_keys', { key_name: 'k' }], [200, 200, 200, 403, 403]],
    ['read /users/me', () => ['GET', '/users/me'], [200, 200, 200, 403, 403]],
    ['read the organization', () => ['GET', `/organizations/${ORG}`], [200, 200, 403, 200, 403]],
    ['read its project', () => ['GET', `/projects/${orgProject.id}`], [200, 200, 403, 200, 200]],
    [
      'list operations of another project of the organization',
      () => ['GET', `/projects/${siblingProject.id}/operations`],
      [200, 200, 403, 200, 403],
    ],
    ['make a branch in another organization', () => ['POST', `/projects/${otherOrgProject.id}/branches`], [201, 403, 403, 403, 403]],
    ['read a personal project', () => ['GET', `/projects/${personalProject.id}`], [200, 403, 403, 403, 403]],
  ];
  const KINDS: Kind[] = ['admin', 'member', 'outsider', 'organization', 'project'];

  it.each(MATRIX)('%s', async (_name, route, expected) => {
    const statuses: number[] = [];
    for (const kind of KINDS) {
      const key = keyOf(kind);
      const [method, path, body] = route();
      statuses.push((await platform.api(method, path, { key, body })).status);
    }
    expect(statuses).toEqual(expected);
  });
});

describe('seeding', () => {
  it('refuses bad seeds and console keys the maker may not make', async () => {
    const { user } = colleague('member');
    expect(() => platform.emulator.createOrganization({ id: 'Not Valid' })).toThrow(/organization id/);
    expect(() => platform.emulator.createOrganization({ id: ORG })).toThrow(/already exists/);
    expect(() => platform.emulator.createOrgKey(ORG, 'o', { createdBy: user.id })).toThrow(/admin/);
    expect(() => platform.emulator.createOrgKey(OTHER_ORG, 'o')).toThrow(/admin/);
    expect(() => platform.emulator.createOrgKey(ORG, 'o', { createdBy: platform.emulator.createUser().id })).toThrow(/not a member/);
    expect(() => platform.emulator.createOrgKey('org-nobody', 'o')).toThrow(/no organization/);
    expect(() => platform.emulator.createProject({ org_id: 'org-nobody' })).toThrow(/no organization/);
    expect(platform.emulator.createOrgKey(ORG, 'p', { createdBy: user.id, projectId: orgProject.id }).project_id).toBe(orgProject.id);
  });

  it('the control API makes users, organizations, members and organization keys', async () => {
    const user = (await platform.control('POST', '/users', { name: 'Dana' })).body;
    const org = await platform.control('POST', '/organizations', { id: 'org-ctl-1', name: 'Ctl' });
    expect(org.status).toBe(201);
    expect((await platform.control('PUT', `/organizations/org-ctl-1/members/${user.id}`, { role: 'member' })).status).toBe(200);
    const project = (await platform.control('POST', '/projects', { name: 'ctl', org_id: 'org-ctl-1' })).body;
    const personal = (await platform.control('POST', '/keys', { name: 'dana', user_id: user.id })).body;
    const scoped = await platform.control('POST', '/organizations/org-ctl-1/keys', {
      name: 'd',
      project_id: project.id,
      created_by: user.id,
    });
    expect(scoped.status).toBe(201);
    expect(scoped.body).toMatchObject({ org_id: 'org-ctl-1', project_id: project.id });
    expect((await platform.api('GET', `/projects/${project.id}/operations`, { key: personal.key })).status).toBe(200);
    expect((await platform.control('DELETE', `/organizations/org-ctl-1/members/${user.id}`)).status).toBe(204);
    expectPlatformError(await platform.api('GET', `/projects/${project.id}/operations`, { key: personal.key }), 403, 'forbidden');
    expect((await platform.control('PUT', `/organizations/org-ctl-1/members/${user.id}`, { role: 'owner' })).status).toBe(400);
    expect((await platform.control('POST', '/organizations/org-ctl-1/keys', { name: 'o', created_by: user.id })).status).toBe(403);
  });
});
