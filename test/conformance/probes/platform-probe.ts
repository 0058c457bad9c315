// Asks the platform emulator every endpoint it serves, for every status it answers: successes in
// each operation state, and each refusal (400, 401, 403, 404, 409, 413, 423, 429, 503).

import { randomUUID } from 'node:crypto';
import type { PlatformEmulator } from '@keyturn/emulator';
import { send } from './http.js';

export async function probePlatform(platform: PlatformEmulator): Promise<void> {
  const { key } = platform.createKey('probe');
  const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
  const api = (method: string, path: string, body?: unknown, auth = headers) => send(`${platform.url}${path}`, method, auth, body);

  // API keys: made, listed (one never used, one used), revoked (used and never used), refused.
  const made = (await api('POST', '/api_keys', { key_name: 'probe-made' })).body as { id: number; key: string };
  const unused = platform.createKey('never-used');
  await api('GET', '/api_keys');
  await api('GET', '/api_keys', undefined, { ...headers, authorization: `Bearer ${made.key}` });
  await api('DELETE', `/api_keys/${made.id}`);
  await api('DELETE', `/api_keys/${unused.id}`);
  await api('DELETE', `/api_keys/${unused.id}`); // 404: revoked already
  await api('DELETE', '/api_keys/not-a-number'); // 400
  await api('POST', '/api_keys', { key_name: 'x'.repeat(65) }); // 400
  await api('POST', '/api_keys', 'x'.repeat(1024 * 1024 + 1)); // 413
  await api('GET', '/api_keys', undefined, { ...headers, authorization: 'Bearer not-a-key' }); // 401

  // Projects: paged, searched, refused.
  const projects = Array.from({ length: 3 }, (_, i) => platform.createProject({ name: `probe-${i}` }));
  const locked = platform.createProject({ name: 'locked', locked: true });
  const first = (await api('GET', '/projects?limit=2')).body as { pagination: { cursor: string } };
  await api('GET', `/projects?limit=400&cursor=${first.pagination.cursor}`);
  await api('GET', '/projects?search=probe-1');
  await api('GET', '/projects?limit=401');

  // Operations: each status, a retrying one, a list with a cursor, refusals.
  const project = projects[0]!;
  const ops = platform.startOperations(project.id, [
    { action: 'start_compute', schedulingMs: 60_000 },
    { action: 'apply_config', schedulingMs: 0, runningMs: 60_000 },
    { action: 'check_availability', schedulingMs: 0, runningMs: 0 },
    { action: 'suspend_compute', schedulingMs: 0, runningMs: 0, final: 'failed', error: 'no capacity' },
    { action: 'create_timeline', schedulingMs: 0, runningMs: 0, final: 'cancelled' },
    { action: 'tenant_attach', schedulingMs: 0, runningMs: 0, final: 'skipped' },
    { action: 'apply_storage_config', schedulingMs: 0, runningMs: 60_000, failures: 2, error: 'timeout', retryAt: '2030-01-01T00:00:00Z' },
  ]);
  for (const op of ops) await api('GET', `/projects/${project.id}/operations/${op.id}`);
  const page = (await api('GET', `/projects/${project.id}/operations?limit=3`)).body as { pagination: { cursor: string } };
  await api('GET', `/projects/${project.id}/operations?limit=1000&cursor=${encodeURIComponent(page.pagination.cursor)}`);
  await api('GET', `/projects/${project.id}/operations?cursor=yesterday`); // 400
  await api('GET', `/projects/${locked.id}/operations`); // none yet
  await api('GET', '/projects/no-such-project/operations'); // 404
  await api('GET', `/projects/${project.id}/operations/${randomUUID()}`); // 404

  // Branches: created (with a body and without), refused.
  await api('POST', `/projects/${project.id}/branches`, { branch: { name: 'preview' } });
  await api('POST', `/projects/${project.id}/branches`);
  await api('POST', `/projects/${project.id}/branches`, { branch: { name: 'preview' } }); // 409
  await api('POST', `/projects/${locked.id}/branches`); // 423
  await api('POST', `/projects/${project.id}/branches`, { branch: 'preview' }); // 400
  await api('POST', '/projects/no-such-project/branches'); // 404

  await probeOrganizations(platform, api);

  // Outside every operation: an unknown path, a method a path does not have.
  await api('GET', '/no_such_resource');
  await api('PUT', '/api_keys', {});

  // Faults answer in the platform's error shape too.
  platform.faults.add({ method: 'GET', path: '/api_keys', kind: 'status', status: 429, retryAfter: 1 });
  await api('GET', '/api_keys');
  platform.faults.add({ method: 'GET', path: '/projects', kind: 'status', status: 503 });
  await api('GET', '/projects');
}

type Api = (
  method: string,
  path: string,
  body?: unknown,
  auth?: { authorization: string; accept: string },
) => Promise<{ status: number; body: unknown }>;

/**
 * Organization and project-scoped keys (made, listed with and without `project_id`, revoked, refused),
 * who is asking (`/users/me`, its organizations, an organization), and a scoped key's 403s.
 */
async function probeOrganizations(platform: PlatformEmulator, api: Api): Promise<void> {
  const org = platform.createOrganization({ id: 'org-probe-12345678', name: 'Probe' }).id;
  const project = platform.createProject({ name: 'org-project', org_id: org });
  const elsewhere = platform.createProject({ name: 'personal' });
  const as = (key: string) => ({ authorization: `Bearer ${key}`, accept: 'application/json' });

  const orgKey = (await api('POST', `/organizations/${org}/api_keys`, { key_name: 'probe-org' })).body as { id: number; key: string };
  const scoped = (await api('POST', `/organizations/${org}/api_keys`, { key_name: 'probe-deploy', project_id: project.id })).body as {
    id: number;
    key: string;
  };
  platform.createOrgKey(org, 'never-used', { projectId: project.id });
  await api('GET', `/projects/${project.id}/operations`, undefined, as(scoped.key)); // used, so last_used_at is set
  await api('GET', '/projects?limit=400'); // personal projects and one with org_id
  await api('GET', `/organizations/${org}/api_keys`);
  await api('GET', `/organizations/${org}/api_keys`, undefined, as(scoped.key)); // 403
  await api('POST', `/organizations/${org}/api_keys`, { key_name: '' }); // 400
  await api('POST', `/organizations/${org}/api_keys`, { key_name: 'x' }, as(scoped.key)); // 403
  await api('POST', '/organizations/org-nobody/api_keys', { key_name: 'x' }); // 404
  await api('DELETE', `/organizations/${org}/api_keys/${scoped.id}`, undefined, as(scoped.key)); // 403
  await api('DELETE', `/organizations/${org}/api_keys/${scoped.id}`, undefined, as(orgKey.key));
  await api('DELETE', `/organizations/${org}/api_keys/${orgKey.id}`);
  await api('DELETE', `/organizations/${org}/api_keys/${orgKey.id}`); // 404: revoked already

  const deploy = platform.createOrgKey(org, 'deploy', { projectId: project.id }).key;
  await api('GET', `/projects/${project.id}`, undefined, as(deploy));
  await api('GET', `/projects/${elsewhere.id}`); // a personal project: no org_id
  await api('GET', `/projects/${elsewhere.id}`, undefined, as(deploy)); // 403
  await api('GET', '/projects/no-such-project'); // 404
  await api('GET', `/projects/${elsewhere.id}/operations`, undefined, as(deploy)); // 403
  await api('POST', `/projects/${elsewhere.id}/branches`, undefined, as(deploy)); // 403
  await api('GET', '/users/me');
  await api('GET', '/users/me', undefined, as(deploy)); // 403
  await api('GET', '/users/me/organizations');
  await api('GET', '/users/me/organizations', undefined, as(deploy));
  await api('GET', '/auth');
  await api('GET', '/auth', undefined, as(deploy)); // api_key_org, the organization's account
  await api('GET', '/auth', undefined, as(orgKey.key)); // 401: revoked above
  await api('GET', `/organizations/${org}`);
  await api('GET', `/organizations/${org}`, undefined, as(deploy)); // 403
  await api('GET', '/organizations/org-nobody'); // 404
  await api('GET', '/projects/shared'); // none shared with the account (listSharedProjects)
  await api('GET', '/projects/shared?limit=5&cursor=x', undefined, as(deploy));
  await api('GET', '/projects/shared?limit=401'); // 400
}
