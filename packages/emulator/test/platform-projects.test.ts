// Projects (spec 2.2, 4.2) and the branch-creation endpoint (CONTRACTS.md), which starts
// create_branch (running) and start_compute (scheduling) as spec 4.3 rule 5 describes.

import { afterEach, describe, expect, it } from 'vitest';
import { expectPlatformError, manualClock, startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;
afterEach(() => platform.emulator.close());

describe('GET /projects', () => {
  it('answers { projects, applications, integrations } with every field the published description requires', async () => {
    platform = await startTestPlatform();
    const made = platform.emulator.createProject({ name: 'shop', pg_version: 16 });
    const reply = await platform.api('GET', '/projects');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      projects: [
        {
          id: made.id,
          name: 'shop',
          platform_id: expect.any(String),
          region_id: expect.any(String),
          provisioner: expect.any(String),
          pg_version: 16,
          cpu_used_sec: 0,
          active_time: 0,
          branch_logical_size_limit: expect.any(Number),
          branch_logical_size_limit_bytes: expect.any(Number),
          store_passwords: true,
          creation_source: expect.any(String),
          owner_id: expect.any(String),
          history_retention_seconds: expect.any(Number),
          proxy_host: expect.any(String),
          created_at: expect.stringMatching(/Z$/),
          updated_at: expect.stringMatching(/Z$/),
        },
      ],
      pagination: { cursor: made.id },
      applications: {},
      integrations: {},
    });
  });

  it('serves GET /projects/shared (listSharedProjects): nothing is shared, limit checked, not a project id', async () => {
    platform = await startTestPlatform();
    platform.emulator.createProject({ name: 'own' });
    expect((await platform.api('GET', '/projects/shared')).body).toEqual({ projects: [], applications: {}, integrations: {} });
    expect((await platform.api('GET', '/projects/shared?limit=401')).status).toBe(400);
  });

  it('answers an empty list before any project exists', async () => {
    platform = await startTestPlatform();
    expect((await platform.api('GET', '/projects')).body).toEqual({ projects: [], applications: {}, integrations: {} });
  });

  it('pages as the published description says: limit 1..400, 10 by default, and a cursor', async () => {
    platform = await startTestPlatform();
    const ids = Array.from({ length: 12 }, (_, i) => platform.emulator.createProject({ name: `p${i}` }).id);
    const first = (await platform.api('GET', '/projects')).body;
    expect(first.projects.map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 10));
    expect(first.pagination).toEqual({ cursor: ids[9] });
    const second = (await platform.api('GET', `/projects?limit=400&cursor=${first.pagination.cursor}`)).body;
    expect(second.projects.map((p: { id: string }) => p.id)).toEqual(ids.slice(10));
    const past = (await platform.api('GET', `/projects?cursor=${ids[11]}`)).body;
    expect(past).toMatchObject({ projects: [], pagination: { cursor: ids[11] } });
    expect((await platform.api('GET', '/projects?limit=1&search=p1')).body.projects.map((p: { name: string }) => p.name)).toEqual(['p1']);
    for (const bad of ['limit=0', 'limit=401', 'limit=x', 'cursor=no-such-project']) {
      expectPlatformError(await platform.api('GET', `/projects?${bad}`), 400, 'bad_request');
    }
  });

  it('refuses unknown fields, wrong types and duplicate ids', async () => {
    platform = await startTestPlatform();
    platform.emulator.createProject({ id: 'fixed-id' });
    expect(() => platform.emulator.createProject({ id: 'fixed-id' })).toThrow(/already exists/);
    expect(() => platform.emulator.createProject({ colour: 'red' } as never)).toThrow(/unknown project field/);
    expect(() => platform.emulator.createProject({ pg_version: '17' } as never)).toThrow(/pg_version/);
    expect(() => platform.emulator.createProject({ id: 'a/b' })).toThrow(/project id/);
  });
});

describe('POST /projects/{project_id}/branches', () => {
  it('answers 201 with the branch, its compute, and create_branch running then start_compute scheduling', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now, operationTimings: { schedulingMs: 100, runningMs: 200 } });
    const project = platform.emulator.createProject();
    const reply = await platform.api('POST', `/projects/${project.id}/branches`, { body: { branch: { name: 'preview-42' } } });
    expect(reply.status).toBe(201);
    const { branch, endpoints, operations } = reply.body;
    expect(branch).toMatchObject({ id: expect.stringMatching(/^br-/), project_id: project.id, name: 'preview-42' });
    expect(endpoints).toEqual([expect.objectContaining({ id: expect.stringMatching(/^ep-/), branch_id: branch.id })]);
    expect(operations).toEqual([
      expect.objectContaining({ action: 'create_branch', status: 'running', branch_id: branch.id }),
      expect.objectContaining({ action: 'start_compute', status: 'scheduling', branch_id: branch.id, endpoint_id: endpoints[0].id }),
    ]);
    expect(operations[0].endpoint_id).toBeUndefined();
    // Like the platform's answer: the owner role, its database, and connection URIs holding a password.
    const [role] = reply.body.roles;
    expect(role).toMatchObject({ branch_id: branch.id, name: expect.any(String), password: expect.stringMatching(/^npg_/) });
    expect(reply.body.databases).toEqual([expect.objectContaining({ branch_id: branch.id, owner_name: role.name })]);
    expect(reply.body.connection_uris).toEqual([
      {
        connection_uri: `postgresql://${role.name}:${role.password}@${endpoints[0].host}/neondb?sslmode=require`,
        connection_parameters: expect.objectContaining({ password: role.password, role: role.name, host: endpoints[0].host }),
      },
    ]);

    const read = async (i: number) =>
      (await platform.api('GET', `/projects/${project.id}/operations/${operations[i].id}`)).body.operation.status;
    clock.advance(200);
    expect([await read(0), await read(1)]).toEqual(['finished', 'scheduling']);
    clock.advance(100);
    expect(await read(1)).toBe('running');
    clock.advance(200);
    expect(await read(1)).toBe('finished');
    const listed = (await platform.api('GET', `/projects/${project.id}/operations`)).body.operations;
    expect(listed.map((o: { action: string }) => o.action)).toEqual(['start_compute', 'create_branch']);
  });

  it('works without a body, and names the branch itself', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    const reply = await platform.api('POST', `/projects/${project.id}/branches`);
    expect(reply.status).toBe(201);
    expect(reply.body.branch.name).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown project, 409 for a taken name, 400 for a bad name', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject();
    expectPlatformError(await platform.api('POST', '/projects/nope/branches', { body: {} }), 404, 'not_found');
    const path = `/projects/${project.id}/branches`;
    expect((await platform.api('POST', path, { body: { branch: { name: 'dev' } } })).status).toBe(201);
    expectPlatformError(await platform.api('POST', path, { body: { branch: { name: 'dev' } } }), 409, 'conflict');
    expectPlatformError(await platform.api('POST', path, { body: { branch: { name: 7 } } }), 400, 'bad_request');
    expectPlatformError(await platform.api('POST', path, { body: { branch: 'dev' } }), 400, 'bad_request');
  });

  it('answers 423 on a locked project, and starts nothing', async () => {
    platform = await startTestPlatform();
    const project = platform.emulator.createProject({ locked: true });
    expectPlatformError(await platform.api('POST', `/projects/${project.id}/branches`), 423, 'locked');
    expect((await platform.api('GET', `/projects/${project.id}/operations`)).body.operations).toEqual([]);
  });

  it('with lockWhileOperationsRun, answers 423 until the pending operations end', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({
      clock: clock.now,
      lockWhileOperationsRun: true,
      operationTimings: { schedulingMs: 0, runningMs: 50 },
    });
    const project = platform.emulator.createProject();
    const path = `/projects/${project.id}/branches`;
    expect((await platform.api('POST', path)).status).toBe(201);
    const locked = await platform.api('POST', path);
    expectPlatformError(locked, 423, 'locked');
    expect(locked.body.message).toMatch(/running operations/);
    clock.advance(100);
    expect((await platform.api('POST', path)).status).toBe(201);
  });
});
