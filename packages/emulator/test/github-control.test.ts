// The control API under /__emulator, as another process drives a CLI-started emulator.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, putSealed, seal, WRITE_TOKEN } from './github-harness.js';

let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator();
});
afterAll(() => gh.close());

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${gh.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('control API', () => {
  it('adds a token without echoing it, and the token then works', async () => {
    const token = 'ghp_fromControl000000000000000000000000';
    expect((await call(gh, 'GET', '/repos/ctl/app', { token })).status).toBe(401);
    const added = await control('POST', '/tokens', { token, permission: 'write' });
    expect(added).toEqual({ status: 201, body: { actor: 'token:1', permission: 'write', secret_scanning_alerts: 'none' } });
    expect(JSON.stringify(added.body)).not.toContain(token);
    expect((await call(gh, 'GET', '/repos/ctl/app', { token })).status).toBe(404);
    expect((await control('POST', '/tokens', { token, permission: 'admin' })).status).toBe(400);
    expect((await control('POST', '/tokens', {})).status).toBe(400);
  });

  it("adds a token acting for a named user, whose Codespaces secrets are that user's", async () => {
    const token = 'ghp_monaFromControl00000000000000000000';
    expect((await control('POST', '/tokens', { token, permission: 'write', user: 'mona' })).status).toBe(201);
    expect((await control('POST', '/tokens', { token: 'ghp_other0000000000000000000000000000000', user: 'bad/login' })).status).toBe(400);
    expect((await control('POST', '/tokens', { token: 'ghp_other0000000000000000000000000000000', user: 7 })).status).toBe(400);
    const key = await call(gh, 'GET', '/user/codespaces/secrets/public-key', { token });
    expect(key.status).toBe(200);
    const body = { encrypted_value: await seal('hers', key.body.key), key_id: key.body.key_id };
    expect((await call(gh, 'PUT', '/user/codespaces/secrets/MONA_KEY', { token, body })).status).toBe(201);
    expect(gh.secretValue('codespaces-user:mona', 'MONA_KEY')).toBe('hers');
    expect(gh.secretValue('codespaces-user:octocat', 'MONA_KEY')).toBeUndefined();
  });

  it('adds repositories, environments and organizations', async () => {
    const repo = await control('POST', '/repos', { full_name: 'ctl/app' });
    expect(repo.status).toBe(201);
    expect(repo.body).toMatchObject({ id: expect.any(Number), full_name: 'ctl/app' });
    expect((await call(gh, 'GET', '/repos/ctl/app', { token: 'ghp_fromControl000000000000000000000000' })).body.id).toBe(repo.body.id);

    expect((await control('POST', '/environments', { full_name: 'ctl/app', environment: 'prod' })).status).toBe(201);
    expect((await control('POST', '/orgs', { org: 'ctl' })).status).toBe(201);
    expect(gh.secret('env:ctl/app:prod', 'ANY')).toBeUndefined();
    expect((await control('POST', '/repos', { full_name: 'no-slash' })).status).toBe(400);
    expect((await control('POST', '/orgs', { org: 'bad/org' })).status).toBe(400);
  });

  it('seeds a secret with PUT (201, then 204) and reads it back decrypted with GET', async () => {
    const target = encodeURIComponent('env:ctl/app:prod');
    expect((await control('PUT', `/secrets?target=${target}&name=seeded`, { value: 's3cret' })).status).toBe(201);
    expect((await control('PUT', `/secrets?target=${target}&name=SEEDED`, { value: 's3cret-2' })).status).toBe(204);
    const read = await control('GET', `/secrets?target=${target}&name=seeded`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'SEEDED', value: 's3cret-2' });
    expect(gh.secretValue({ kind: 'env', owner: 'ctl', repo: 'app', environment: 'prod' }, 'SEEDED')).toBe('s3cret-2');
  });

  it('reads back what a client wrote over the API', async () => {
    gh.addToken(WRITE_TOKEN, 'write');
    expect((await putSealed(gh, '/repos/ctl/app/dependabot/secrets', 'FROM_CLIENT', 'over the wire')).status).toBe(201);
    const read = await control('GET', `/secrets?target=${encodeURIComponent('dependabot:ctl/app')}&name=FROM_CLIENT`);
    expect(read.body.value).toBe('over the wire');
  });

  it('seeds organization secrets with visibility and a selection', async () => {
    const { id } = gh.addRepo('ctl/lib');
    const put = await control('PUT', '/secrets?target=org:ctl&name=ORG_SEED', {
      value: 'v',
      visibility: 'selected',
      selected_repository_ids: [id],
    });
    expect(put.status).toBe(201);
    const read = await control('GET', '/secrets?target=org:ctl&name=ORG_SEED');
    expect(read.body).toMatchObject({ visibility: 'selected', selected_repository_ids: [id], value: 'v' });
    expect(
      (await control('PUT', '/secrets?target=org:ctl&name=ORG_SEED', { value: 'v', visibility: 'selected', selected_repository_ids: [1] }))
        .status,
    ).toBe(400);
  });

  it('rotates a public key', async () => {
    const before = await call(gh, 'GET', '/repos/ctl/app/actions/secrets/public-key');
    const rotated = await control('POST', '/public-keys/rotate', { target: 'repo:ctl/app' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key_id).not.toBe(before.body.key_id);
    expect((await call(gh, 'GET', '/repos/ctl/app/actions/secrets/public-key')).body).toEqual(rotated.body);
  });

  it('answers 400 for a bad target or name and 404 for an unknown target or secret', async () => {
    expect((await control('GET', '/secrets?target=repo:ctl/app')).status).toBe(400);
    expect((await control('GET', '/secrets?target=nonsense&name=X')).status).toBe(400);
    expect((await control('GET', '/secrets?target=repo:ctl/app&name=MISSING')).status).toBe(404);
    expect((await control('PUT', '/secrets?target=repo:ctl/nope&name=X', { value: 'v' })).status).toBe(404);
    expect((await control('PUT', '/secrets?target=repo:ctl/app&name=GITHUB_X', { value: 'v' })).status).toBe(400);
    expect((await control('PUT', '/secrets?target=repo:ctl/app&name=X', {})).status).toBe(400);
    expect((await control('POST', '/public-keys/rotate', { target: 'org:unknown' })).status).toBe(404);
  });

  it('is not logged and not subject to faults', async () => {
    gh.log.clear();
    gh.faults.add({ kind: 'status', status: 500, times: 'always' });
    try {
      expect((await control('GET', '/secrets?target=repo:ctl/app&name=MISSING')).status).toBe(404);
      expect(gh.log.entries()).toEqual([]);
    } finally {
      gh.faults.clear();
    }
  });
});
