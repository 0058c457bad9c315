// organizations.apiKeys against the platform emulator over real HTTP: both kinds of key (organization-
// wide and project-scoped), made with each kind of caller, the emulator's refusals as typed errors,
// and the same retry rules as the personal keys.
import { describe, expect, it } from 'vitest';
import { AuthenticationError, ConnectionError, NotFoundError, OptionError, PermissionDeniedError, ServerError } from '../src/errors.js';
import { errorTexts, fakeTime, recordEvents, usePlatform } from './fixture.js';

const ORG = 'org-acme-1234';
const platform = usePlatform({ organizations: [{ id: ORG, name: 'Acme' }] });

/** A project of the organization (the fixture's own project is the account user's, personal). */
const orgProject = () => platform.emulator.createProject({ name: 'shop', org_id: ORG }).id;

/** A personal key of a colleague who is a plain member of the organization. */
function memberKey(): string {
  const dana = platform.emulator.createUser('Dana');
  platform.emulator.setRole(ORG, dana.id, 'member');
  return platform.emulator.createKey('dana', { userId: dana.id }).key;
}

describe('organizations.apiKeys with an admin personal key', () => {
  it('creates an organization key and a project-scoped key, lists both, and revokes them', async () => {
    const client = platform.client();
    const projectId = orgProject();
    const org = await client.organizations.apiKeys.create(ORG, { key_name: 'ci' });
    expect(org).toMatchObject({ id: expect.any(Number), key: expect.any(String), name: 'ci', created_by: expect.any(String) });
    expect(org).not.toHaveProperty('project_id');
    const scoped = await client.organizations.apiKeys.create(ORG, { key_name: 'deploy', project_id: projectId });
    expect(scoped).toMatchObject({ name: 'deploy', project_id: projectId });
    expect(platform.emulator.isKeyValid(org.key) && platform.emulator.isKeyValid(scoped.key)).toBe(true);

    const listed = await client.organizations.apiKeys.list(ORG).toArray();
    expect(listed.map((k) => [k.id, k.project_id])).toEqual(
      expect.arrayContaining([
        [org.id, undefined],
        [scoped.id, projectId],
      ]),
    );
    expect(listed.find((k) => k.id === scoped.id)).toMatchObject({ name: 'deploy', created_by: { id: expect.any(String) } });
    for (const key of listed) expect(JSON.stringify(key)).not.toMatch(new RegExp(`${org.key}|${scoped.key}`));
    // an organization's keys are not the caller's personal keys
    expect((await client.apiKeys.list()).data.map((k) => k.id)).toEqual([platform.key.id]);

    await expect(client.organizations.apiKeys.revoke(ORG, scoped.id)).resolves.toMatchObject({
      id: scoped.id,
      revoked: true,
      project_id: projectId,
    });
    await expect(client.organizations.apiKeys.revoke(ORG, org.id)).resolves.toMatchObject({ id: org.id, revoked: true });
    expect(platform.emulator.isKeyValid(org.key) || platform.emulator.isKeyValid(scoped.key)).toBe(false);
    await expect(client.organizations.apiKeys.list(ORG)).resolves.toMatchObject({ data: [] });
    // revoked already: NotFoundError, not retried
    await expect(client.organizations.apiKeys.revoke(ORG, org.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(platform.requests({ method: 'DELETE' }).map((r) => r.status)).toEqual([200, 200, 404]);
  });

  it('refuses a project of another organization or none with NotFoundError, and a personal key id too', async () => {
    const client = platform.client();
    const create = client.organizations.apiKeys.create(ORG, { key_name: 'x', project_id: platform.projectId });
    await expect(create).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.organizations.apiKeys.revoke(ORG, platform.key.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(platform.emulator.isKeyValid(platform.key.key)).toBe(true);
  });
});

describe('organizations.apiKeys with an organization key', () => {
  it('manages the organization keys, the project-scoped key it made works on its project only', async () => {
    const projectId = orgProject();
    const orgKey = platform.emulator.createOrgKey(ORG, 'ci');
    const client = platform.client({ apiKey: orgKey.key });
    const scoped = await client.organizations.apiKeys.create(ORG, { key_name: 'deploy', project_id: projectId });
    expect(scoped.project_id).toBe(projectId);
    const listed = await client.organizations.apiKeys.list(ORG).toArray();
    expect(listed.map((k) => k.id).sort()).toEqual([orgKey.id, scoped.id].sort());

    const deploy = client.withApiKey(scoped.key);
    await expect(deploy.operations.list(projectId)).resolves.toMatchObject({ data: [] });
    await expect(client.organizations.apiKeys.revoke(ORG, scoped.id)).resolves.toMatchObject({ revoked: true });
    await expect(deploy.operations.list(projectId)).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('refusals of the permission model, as typed errors with advice', () => {
  it("a member's personal key may make a project-scoped key but not an organization-wide one", async () => {
    const projectId = orgProject();
    const member = platform.client({ apiKey: memberKey() });
    const error = await member.organizations.apiKeys.create(ORG, { key_name: 'ci' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({
      status: 403,
      method: 'POST',
      path: `/organizations/${ORG}/api_keys`,
      attempts: 1,
      mayHaveTakenEffect: false,
    });
    expect((error as Error).message).toMatch(/an organization-wide key needs an organization admin's personal key/);
    await expect(member.organizations.apiKeys.create(ORG, { key_name: 'deploy', project_id: projectId })).resolves.toMatchObject({
      project_id: projectId,
    });
    expect(platform.requests({ method: 'POST' }).map((r) => r.status)).toEqual([403, 200]);
  });

  it('a project-scoped key manages no keys: create, list and revoke are PermissionDeniedError', async () => {
    const projectId = orgProject();
    const scoped = platform.emulator.createOrgKey(ORG, 'deploy', { projectId });
    const client = platform.client({ apiKey: scoped.key });
    const keys = client.organizations.apiKeys;
    for (const call of [
      () => keys.create(ORG, { key_name: 'more', project_id: projectId }),
      () => keys.list(ORG),
      () => keys.revoke(ORG, scoped.id),
      () => client.apiKeys.list(),
    ]) {
      const error = await Promise.resolve(call()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect((error as Error).message).toMatch(/not allowed|may not manage/);
    }
    expect(platform.emulator.isKeyValid(scoped.key)).toBe(true);
  });

  it('a revoked or unknown key is AuthenticationError, a user outside the organization PermissionDeniedError', async () => {
    await expect(platform.client({ apiKey: 'f'.repeat(64) }).organizations.apiKeys.list(ORG)).rejects.toBeInstanceOf(AuthenticationError);
    const stranger = platform.emulator.createUser('Eve');
    const outsider = platform.client({ apiKey: platform.emulator.createKey('eve', { userId: stranger.id }).key });
    const error = await outsider.organizations.apiKeys.list(ORG).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as Error).message).toMatch(/may not manage this organization's keys/);
  });
});

describe('retries, as the personal keys', () => {
  it('create retries 503 (it did not take effect) and never 500 (it may have)', async () => {
    const client = platform.client({}, fakeTime());
    platform.emulator.faults.add({ method: 'POST', kind: 'status', status: 503, times: 2 });
    await expect(client.organizations.apiKeys.create(ORG, { key_name: 'again' })).resolves.toMatchObject({ name: 'again' });
    platform.emulator.faults.add({ method: 'POST', kind: 'status', status: 500 });
    const error = await client.organizations.apiKeys.create(ORG, { key_name: 'once' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ attempts: 1, mayHaveTakenEffect: true });
    expect(platform.requests({ method: 'POST' }).map((r) => r.status)).toEqual([503, 503, 200, 500]);
  });

  it('a lost create reply is not retried and says it may have taken effect', async () => {
    platform.emulator.faults.add({ method: 'POST', kind: 'reply-lost' });
    const error = await platform
      .client({}, fakeTime())
      .organizations.apiKeys.create(ORG, { key_name: 'lost' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/The request may have taken effect: check before repeating it\.$/);
    expect(platform.emulator.listKeys().filter((k) => k.name === 'lost' && k.org_id === ORG)).toHaveLength(1);
  });

  it('revoke is retried after a lost reply; the 404 that follows says an earlier attempt may have done it', async () => {
    const orgKey = platform.emulator.createOrgKey(ORG, 'old');
    platform.emulator.faults.add({ method: 'DELETE', kind: 'reply-lost' });
    const error = await platform
      .client({}, fakeTime())
      .organizations.apiKeys.revoke(ORG, orgKey.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ mayHaveTakenEffect: true });
    expect((error as Error).message).toMatch(/An earlier attempt got no answer and may have deleted it already\.$/);
    expect(platform.requests({ method: 'DELETE' }).map((r) => r.status)).toEqual([undefined, 404]);
    expect(platform.emulator.isKeyValid(orgKey.key)).toBe(false);
  });

  it('list is retried after a dropped connection', async () => {
    platform.emulator.faults.add({ method: 'GET', kind: 'drop', times: 2 });
    await expect(platform.client({}, fakeTime()).organizations.apiKeys.list(ORG).toArray()).resolves.toEqual([]);
    expect(platform.requests({ method: 'GET' }).map((r) => r.status)).toEqual([undefined, undefined, 200]);
  });
});

describe('arguments and secrets', () => {
  it('checks orgId, key_name, project_id and keyId before sending anything, and refuses unknown fields', async () => {
    const keys = platform.client().organizations.apiKeys;
    const mistakes: Array<[() => PromiseLike<unknown>, string, RegExp]> = [
      [() => keys.create('', { key_name: 'x' }), 'orgId', /orgId must be a non-empty string/],
      [() => keys.create(ORG, { key_name: '' }), 'key_name', /key_name must be a string of 1 to 64 characters \(got 0\)/],
      [() => keys.create(ORG, { key_name: 'x', projectId: 'p' } as never), 'projectId', /unknown option "projectId"/],
      [() => keys.create(ORG, { key_name: 'x', project_id: '' }), 'project_id', /project_id must be a non-empty string/],
      [() => keys.create(ORG, undefined as never), 'params', /params must be an object/],
      [() => keys.list(undefined as never), 'orgId', /orgId must be a non-empty string/],
      [() => keys.revoke(ORG, 0), 'keyId', /keyId must be an integer >= 1/],
      [() => keys.revoke('..', 1), 'id', /must not be empty, "\." or "\.\."/],
    ];
    for (const [call, option, message] of mistakes) {
      const error = await Promise.resolve(call()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OptionError);
      expect(error).toMatchObject({ option, message: expect.stringMatching(message) });
    }
    expect(platform.requests()).toHaveLength(0);
  });

  it('never puts a created key value in an error or a request event', async () => {
    const { events, onRequest } = recordEvents();
    const client = platform.client({ onRequest });
    const made = await client.organizations.apiKeys.create(ORG, { key_name: 'secret' });
    // an answer that echoes the value back where it is not expected still never shows it
    platform.emulator.faults.add({
      method: 'GET',
      kind: 'status',
      status: 403,
      body: { code: 'forbidden', message: `no: ${made.key}` },
      times: 2,
    });
    const errors = [
      await client
        .withApiKey(made.key)
        .organizations.apiKeys.list(ORG)
        .catch((e: unknown) => e),
      await client.organizations.apiKeys.list(ORG).catch((e: unknown) => e),
    ];
    for (const error of errors) expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(events.map((e) => e.outcome)).toEqual(['ok', 'error', 'error']);
    for (const text of [...errors.flatMap(errorTexts), JSON.stringify(events)]) expect(text).not.toContain(made.key);
  });
});
