// The sparse shape: only what the published descriptions require, null where they allow it, and a
// field they do not know; a never-used key comes without last_used_at. Also the onExchange hook.

import { afterEach, describe, expect, it } from 'vitest';
import {
  type Exchange,
  type GitHubEmulator,
  type PlatformEmulator,
  SHAPE_ENV,
  startGitHubEmulator,
  startPlatformEmulator,
  UNKNOWN_FIELD,
} from '../src/index.js';
import { call, TOKENS } from './github-harness.js';
import { send } from './platform-harness.js';

let platform: PlatformEmulator | undefined;
let gh: GitHubEmulator | undefined;
afterEach(async () => {
  await platform?.close();
  await gh?.close();
  platform = gh = undefined;
});

async function sparsePlatform() {
  platform = await startPlatformEmulator({ shape: 'sparse' });
  const { key } = platform.createKey('first');
  const api = (method: string, path: string, body?: unknown) =>
    send(`${platform!.url}${path}`, method, { authorization: `Bearer ${key}` }, body);
  return { platform, api };
}

describe('sparse shape, platform', () => {
  it('sends a never-used key without last_used_at, a used one with it, and an unknown field on each', async () => {
    const { platform, api } = await sparsePlatform();
    const unused = platform.createKey('unused');
    const keys = (await api('GET', '/api_keys')).body;
    expect(keys[0]).toMatchObject({ name: 'first', last_used_at: expect.any(String), [UNKNOWN_FIELD]: expect.any(String) });
    expect(keys[1]).toEqual({
      id: unused.id,
      name: 'unused',
      created_at: expect.any(String),
      created_by: { id: expect.any(String), name: expect.any(String), image: '', [UNKNOWN_FIELD]: expect.any(String) },
      last_used_from_addr: '',
      [UNKNOWN_FIELD]: expect.any(String),
    });
  });

  it('sends operations without branch_id, endpoint_id or error, projects with null where allowed', async () => {
    const { platform, api } = await sparsePlatform();
    const project = platform.createProject();
    const [op] = platform.startOperations(project.id, [{ action: 'start_compute', final: 'failed', schedulingMs: 0, runningMs: 0 }]);
    const read = (await api('GET', `/projects/${project.id}/operations/${op!.id}`)).body.operation;
    expect(Object.keys(read).sort()).toEqual(
      ['action', 'created_at', 'failures_count', 'id', 'project_id', 'status', 'total_duration_ms', 'updated_at', UNKNOWN_FIELD].sort(),
    );
    const listed = (await api('GET', '/projects')).body.projects[0];
    expect(listed).not.toHaveProperty('history_retention_seconds');
    expect(listed).not.toHaveProperty('locked');
    const branch = (await api('POST', `/projects/${project.id}/branches`)).body;
    expect(branch).not.toHaveProperty('connection_uris');
    expect(branch.roles[0]).not.toHaveProperty('password');
  });

  it('is the default when KEYTURN_EMULATOR_SHAPE says so; anything else is refused', async () => {
    process.env[SHAPE_ENV] = 'sparse';
    try {
      platform = await startPlatformEmulator();
      expect(platform.shape).toBe('sparse');
      process.env[SHAPE_ENV] = 'thin';
      await expect(startPlatformEmulator()).rejects.toThrow(/shape must be one of full, sparse/);
    } finally {
      delete process.env[SHAPE_ENV];
    }
  });
});

describe('sparse shape, GitHub', () => {
  it('sends secrets, environments and repositories with only their required fields, null where allowed', async () => {
    gh = await startGitHubEmulator({
      shape: 'sparse',
      orgs: ['acme'],
      repos: ['acme/app'],
      environments: { 'acme/app': ['prod'] },
      tokens: TOKENS,
    });
    gh.putSecretValue('org:acme', 'TOKEN', 'v', { visibility: 'all' });
    const org = (await call(gh, 'GET', '/orgs/acme/actions/secrets')).body.secrets[0];
    expect(Object.keys(org).sort()).toEqual(['created_at', 'name', 'updated_at', 'visibility', UNKNOWN_FIELD].sort());
    const env = (await call(gh, 'GET', '/repos/acme/app/environments/prod')).body;
    expect(env).not.toHaveProperty('protection_rules');
    const repo = (await call(gh, 'GET', '/repos/acme/app')).body;
    expect(repo).toMatchObject({ description: null, license: null, homepage: null, owner: { gravatar_id: null } });
    expect(repo).not.toHaveProperty('visibility');
  });
});

describe('onExchange', () => {
  it('hands out each request and answer with the credential and a new key redacted', async () => {
    const seen: Exchange[] = [];
    platform = await startPlatformEmulator({ onExchange: (e) => seen.push(e) });
    const { key } = platform.createKey('first');
    const made = await send(`${platform.url}/api_keys`, 'POST', { authorization: `Bearer ${key}` }, { key_name: 'new' });
    expect(seen).toHaveLength(1);
    const [exchange] = seen;
    expect(exchange).toMatchObject({ method: 'POST', path: '/api_keys', status: 200, requestBody: { key_name: 'new' } });
    expect(exchange!.requestHeaders.authorization).toBe('Bearer [REDACTED]');
    expect(exchange!.responseBody).toMatchObject({ key: '[REDACTED]', id: made.body.id });
    expect(JSON.stringify(seen)).not.toContain(key);
    expect(JSON.stringify(seen)).not.toContain(made.body.key);
  });
});
