// Asks the GitHub emulator every endpoint it serves, for every status it answers: each secret
// scope, Codespaces' included (public key, list, get, create 201, update 204, delete 204, 404, 422),
// organization and user selections (204, 409), repositories, environments, organizations, and the refusals (400 for an
// API version, 401, 403 for permissions, a missing User-Agent and rate limits, 429).

import { createPrivateKey, sign } from 'node:crypto';
import type { GitHubEmulator } from '@keyturn/emulator';
import sodium from 'libsodium-wrappers';
import { send, sendWithoutUserAgent } from './http.js';

export const PROBE_TOKENS = { ghp_probeWriteToken0123456789abcdefABCD: 'write', ghp_probeReadToken01234567890abcdefABCD: 'read' } as const;
const [WRITE, READ] = Object.keys(PROBE_TOKENS) as [string, string];

export const PROBE_WORLD = {
  orgs: ['acme'],
  repos: ['acme/web', 'acme/api'],
  environments: { 'acme/web': ['production'] },
  tokens: PROBE_TOKENS,
};

const COLLECTIONS = [
  '/repos/acme/web/actions/secrets',
  '/repos/acme/web/environments/production/secrets',
  '/repos/acme/web/dependabot/secrets',
  '/orgs/acme/actions/secrets',
  '/repos/acme/web/codespaces/secrets',
  '/orgs/acme/codespaces/secrets',
  '/user/codespaces/secrets',
];

export async function probeGitHub(gh: GitHubEmulator): Promise<void> {
  await sodium.ready;
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'keyturn-conformance-probe',
  });
  const api = (method: string, path: string, body?: unknown, token = WRITE) => send(`${gh.url}${path}`, method, headers(token), body);
  const sealed = async (collection: string, value: string) => {
    const key = (await api('GET', `${collection}/public-key`)).body as { key: string; key_id: string };
    const box = sodium.crypto_box_seal(value, sodium.from_base64(key.key, sodium.base64_variants.ORIGINAL));
    return { encrypted_value: sodium.to_base64(box, sodium.base64_variants.ORIGINAL), key_id: key.key_id };
  };

  for (const collection of COLLECTIONS) {
    const org = collection.startsWith('/orgs/');
    const user = collection.startsWith('/user/');
    const extra = org ? { visibility: 'selected', selected_repository_ids: [] } : user ? { selected_repository_ids: [] } : {};
    await api('PUT', `${collection}/PROBE_SECRET`, { ...(await sealed(collection, 'one')), ...extra }); // 201
    await api('PUT', `${collection}/PROBE_SECRET`, { ...(await sealed(collection, 'two')), ...extra }); // 204
    await api('GET', `${collection}?per_page=1&page=1`);
    await api('GET', `${collection}/PROBE_SECRET`);
    await api('GET', `${collection}/NO_SUCH_SECRET`); // 404
    await api('PUT', `${collection}/PROBE_SECRET`, { encrypted_value: 'not base64!', key_id: 'x', ...extra }); // 422
    await api('PUT', `${collection}/PROBE_SECRET`, await sealed(collection, 'three'), READ); // 403
    if (org || user) await probeSelection(api, gh, collection);
    await api('DELETE', `${collection}/PROBE_SECRET`); // 204
    await api('DELETE', `${collection}/PROBE_SECRET`); // 404
  }

  await api('GET', '/repos/acme/web');
  await api('GET', '/repos/acme/nothing'); // 404
  await api('GET', '/repos/acme/web/environments?per_page=5');
  await api('GET', '/repos/acme/web/environments/production');
  await api('GET', '/repos/acme/web/environments/staging'); // 404
  await api('GET', '/orgs/acme');
  await api('GET', '/orgs/nobody'); // 404
  await api('GET', '/repos/acme/nothing/actions/secrets/public-key'); // 404

  await probeApps(gh, headers);
  await probeVariables(api);
  await probeSecretScanning(gh, api);

  // Outside every operation: an unknown path, a method a path does not have (GitHub: 404 too).
  await api('GET', '/no/such/resource');
  await api('POST', '/repos/acme/web');

  // Refusals before the operation: credentials, API version, User-Agent, rate limits.
  await api('GET', '/repos/acme/web/actions/secrets', undefined, 'ghp_unknownToken');
  await send(`${gh.url}/repos/acme/web/actions/secrets`, 'GET', { ...headers(WRITE), 'x-github-api-version': '2021-01-01' });
  await sendWithoutUserAgent(`${gh.url}/repos/acme/web/actions/secrets`, { authorization: `Bearer ${WRITE}` });
  gh.secondaryRateLimit({ times: 1, retryAfter: 1, method: 'GET' });
  await api('GET', '/repos/acme/web/actions/secrets');
  gh.secondaryRateLimit({ times: 1, retryAfter: 1, status: 429, method: 'GET' });
  await api('GET', '/repos/acme/web/actions/secrets');
  gh.primaryRateLimit({ resetInSeconds: 1, method: 'GET' });
  await api('GET', '/repos/acme/web/actions/secrets');
}

/**
 * The selected repositories of an organization or user secret: listed, set, added, removed; 409 for
 * an organization secret of another visibility (a user secret's is always `selected`).
 */
async function probeSelection(
  api: (method: string, path: string, body?: unknown) => Promise<unknown>,
  gh: GitHubEmulator,
  collection: string,
): Promise<void> {
  const base = `${collection}/PROBE_SECRET/repositories`;
  const web = gh.addRepo('acme/web').id;
  const other = gh.addRepo('acme/api').id;
  await api('PUT', base, { selected_repository_ids: [web] });
  await api('PUT', `${base}/${other}`);
  await api('GET', base);
  await api('DELETE', `${base}/${other}`);
  await api('PUT', base, { selected_repository_ids: 'all' }); // 422
  if (collection.startsWith('/user/')) return;
  await api('PUT', `${collection}/OPEN_SECRET`, { visibility: 'all' }); // 422: no value on create
  gh.putSecretValue(collection.includes('/codespaces/') ? 'codespaces-org:acme' : 'org:acme', 'OPEN_SECRET', 'v', { visibility: 'all' });
  await api('PUT', `${collection}/OPEN_SECRET/repositories/${web}`); // 409
  await api('DELETE', `${collection}/OPEN_SECRET/repositories/${web}`); // 409
}

/**
 * Repository variables: made (201, 409, 422), listed a page at a time (10 by default, 30 at most,
 * with Link), read (200, 404), updated by value, by name (a rename) and by nothing (204, 404, 409),
 * refused to a read token (403) and deleted (204, 404).
 */
async function probeVariables(
  api: (method: string, path: string, body?: unknown, token?: string) => Promise<{ status: number; body: unknown }>,
): Promise<void> {
  const base = '/repos/acme/web/actions/variables';
  for (let i = 1; i <= 12; i++) await api('POST', base, { name: `PROBE_${String(i).padStart(2, '0')}`, value: `v${i}` });
  await api('POST', base, { name: 'PROBE_01', value: 'again' }); // 409
  await api('POST', base, { name: 'GITHUB_NOT_ALLOWED', value: 'x' }); // 422
  await api('POST', base, { name: 'NO_VALUE' }); // 422
  await api('GET', base);
  await api('GET', `${base}?per_page=100&page=1`);
  await api('GET', `${base}?per_page=5&page=3`);
  await api('GET', `${base}/PROBE_01`);
  await api('GET', `${base}/NOTHING`); // 404
  await api('PATCH', `${base}/PROBE_01`, { value: 'changed' });
  await api('PATCH', `${base}/PROBE_02`, { name: 'PROBE_RENAMED' });
  await api('PATCH', `${base}/PROBE_03`, {});
  await api('PATCH', `${base}/PROBE_04`, { name: 'PROBE_05' }); // 409
  await api('PATCH', `${base}/NOTHING`, { value: 'x' }); // 404
  await api('PATCH', `${base}/PROBE_04`, { value: 'x' }, READ); // 403
  await api('DELETE', `${base}/PROBE_RENAMED`);
  await api('DELETE', `${base}/PROBE_RENAMED`); // 404
}

/**
 * Secret-scanning alerts: listed for a repository and an organization (filtered, a page at a time),
 * read (200, 404), resolved (422 without a resolution, 200, 400 when nothing changes), refused
 * without the "Secret scanning alerts" permission (403), and unknown owners (404).
 */
async function probeSecretScanning(
  gh: GitHubEmulator,
  api: (method: string, path: string, body?: unknown, token?: string) => Promise<unknown>,
): Promise<void> {
  gh.addToken(WRITE, 'write', { secretScanningAlerts: 'write' });
  const type = 'custom_pattern_probe';
  gh.raiseSecretScanningAlert('acme/web', { secretType: type, secret: `napi_${'a'.repeat(64)}` });
  gh.raiseSecretScanningAlert('acme/web', { secretType: type, secret: `napi_${'b'.repeat(64)}` });
  gh.raiseSecretScanningAlert('acme/api', { secretType: 'custom_pattern_other', secret: 'other' });
  const alerts = '/repos/acme/web/secret-scanning/alerts';
  await api('GET', `${alerts}?state=open&secret_type=${type}&per_page=1&page=1`);
  await api('GET', `/orgs/acme/secret-scanning/alerts?state=open&secret_type=${type}&per_page=1&page=2`);
  await api('GET', `${alerts}/1`);
  await api('GET', `${alerts}/99`); // 404
  await api('PATCH', `${alerts}/1`, { state: 'resolved' }); // 422: no resolution
  await api('PATCH', `${alerts}/1`, { state: 'resolved', resolution: 'revoked', resolution_comment: 'revoked by the probe' });
  await api('PATCH', `${alerts}/1`, { state: 'resolved', resolution: 'revoked' }); // 400: not changed
  await api('PATCH', `${alerts}/2`, { state: 'resolved', resolution: 'revoked' }, READ); // 403
  await api('GET', alerts, undefined, READ); // 403
  await api('GET', '/repos/acme/nothing/secret-scanning/alerts'); // 404
  await api('GET', '/orgs/nobody/secret-scanning/alerts'); // 404
}

/**
 * GitHub Apps: installations listed and found (repository, organization, user), an installation
 * token minted (narrowed and not), refused (401 bad JWT, 404, 422) and revoked.
 */
async function probeApps(gh: GitHubEmulator, headers: (token: string) => Record<string, string>): Promise<void> {
  gh.addRepo('octocat/hello');
  const app = gh.createApp({ name: 'probe app' });
  const org = gh.installApp(app.id, {
    owner: 'acme',
    repositories: ['web'],
    permissions: { secrets: 'write', organization_secrets: 'read' },
  });
  gh.installApp(app.id, { owner: 'octocat', permissions: { secrets: 'write' } });
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000) - 30;
  const signed = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iat, exp: iat + 600, iss: app.id })}`;
  const jwt = `${signed}.${sign('RSA-SHA256', Buffer.from(signed), createPrivateKey(app.privateKey)).toString('base64url')}`;
  const api = (method: string, path: string, token: string, body?: unknown) => send(`${gh.url}${path}`, method, headers(token), body);

  await api('GET', '/app', jwt);
  await api('GET', '/app', WRITE); // 401: not a JWT
  await api('GET', '/app/installations', jwt);
  await api('GET', '/repos/acme/web/installation', jwt);
  await api('GET', '/repos/acme/api/installation', jwt); // 404: not among the selected repositories
  await api('GET', '/orgs/acme/installation', jwt);
  await api('GET', '/users/octocat/installation', jwt);
  const tokens = `/app/installations/${org.id}/access_tokens`;
  const minted = (await api('POST', tokens, jwt)).body as { token: string };
  await api('POST', tokens, jwt, { repositories: ['web'], permissions: { secrets: 'write' } });
  await api('POST', tokens, jwt, { permissions: { organization_secrets: 'write' } }); // 422
  await api('POST', '/app/installations/1/access_tokens', jwt); // 404
  await api('POST', tokens, `${signed}.${Buffer.from('forged').toString('base64url')}`); // 401
  await api('GET', '/app/installations', minted.token); // 401: not a JWT
  await api('DELETE', '/installation/token', minted.token);
}
