// Every request keyturn sends, checked against the operation the published description has for it
// (path, parameters, body, headers), and every answer it got: @keyturn/api's methods, the rotation
// with all four GitHub target kinds (with a token and as a GitHub App) and the three Codespaces forms, and both Actions' committed bundles run as the runner runs them.

import { fileURLToPath } from 'node:url';
import { createClient } from '@keyturn/api';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { answerLeakAlerts, rotateKey } from '@keyturn/rotation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '@keyturn/action-runner';
import { checkExchanges, operationKey, tally, WireRecorder } from './contract/recorder.js';

const TOKEN = 'ghp_conformanceWriteToken0123456789abcd';
const TARGETS = ['repo:acme/web', 'env:acme/web:production', 'org:acme', 'dependabot:acme/web'];
/** Each with repositories to select, so their ids are looked up and the selection read back. */
const CODESPACES_TARGETS = ['codespaces:acme/web', 'codespaces-org:acme:selected:web', 'codespaces-user:acme/web'];
const actionDir = (name: string) => fileURLToPath(new URL(`../../actions/${name}`, import.meta.url));

let recorder: WireRecorder;
let platform: PlatformEmulator;
let github: GitHubEmulator;
let projectId: string;

beforeAll(async () => {
  recorder = new WireRecorder();
  platform = await startPlatformEmulator({ operationTimings: { schedulingMs: 0, runningMs: 150 }, onExchange: recorder.hook('platform') });
  github = await startGitHubEmulator({
    orgs: ['acme'],
    repos: ['acme/web'],
    environments: { 'acme/web': ['production'] },
    tokens: { [TOKEN]: 'write' },
    onExchange: recorder.hook('github'),
  });
  projectId = platform.createProject({ name: 'conformance' }).id;
});
afterAll(async () => {
  await Promise.all([platform.close(), github.close()]);
});

/** The requests and answers of one client: each of them must fit, and there must be some. */
function expectConformant(client: string, operations: string[]): void {
  const exchanges = recorder.of(client);
  const seen = new Set(exchanges.map((e) => operationKey(e).replace(/ \d+$/, '')));
  for (const operation of operations) expect(seen, `${client} never sent ${operation}`).toContain(operation);
  const mismatches = checkExchanges(exchanges);
  console.log(tally(client, exchanges, mismatches.length));
  expect(mismatches).toEqual([]);
}

describe('requests keyturn sends fit the published operations', () => {
  it('@keyturn/api: every method of the client', async () => {
    const { key } = platform.createKey('api-client');
    const client = createClient({ apiKey: key, baseUrl: platform.url });
    await recorder.as('@keyturn/api', async () => {
      const made = await client.apiKeys.create({ key_name: 'conformance-made' });
      await client.apiKeys.list();
      await client.apiKeys.revoke(made.id);
      await client.auth.getDetails();
      for (let i = 0; i < 3; i++) platform.createProject({ name: `listed-${i}` });
      await client.projects.list();
      for await (const _ of client.projects.list({ limit: 2 })) void _;
      const { operations } = platform.createBranch(projectId, 'api-branch');
      await client.operations.list(projectId, { limit: 1 });
      for await (const _ of client.operations.list(projectId, { limit: 1 })) void _;
      await client.request('GET', `/projects/${projectId}/operations`, { query: { limit: 1 } });
      await client.operations.get(projectId, operations[0]!.id);
      await client.operations.wait(projectId, { ids: operations.map((o) => o.id), intervalMs: 100 });
    });
    expectConformant('@keyturn/api', [
      'POST /api_keys',
      'GET /api_keys',
      'DELETE /api_keys/{key_id}',
      'GET /auth',
      'GET /projects',
      'GET /projects/{project_id}/operations',
      'GET /projects/{project_id}/operations/{operation_id}',
    ]);
  });

  it("@keyturn/api: an organization's keys, organization-wide and project-scoped, with each kind of caller", async () => {
    const org = platform.createOrganization({ id: 'org-conformance-1', name: 'Conformance' });
    const orgProject = platform.createProject({ name: 'org-conformance', org_id: org.id }).id;
    const admin = createClient({ apiKey: platform.createKey('org-admin').key, baseUrl: platform.url });
    await recorder.as('@keyturn/api organizations', async () => {
      const wide = await admin.organizations.apiKeys.create(org.id, { key_name: 'conformance-org' });
      const scoped = await admin.organizations.apiKeys.create(org.id, { key_name: 'conformance-project', project_id: orgProject });
      const byOrgKey = admin.withApiKey(wide.key).organizations.apiKeys;
      const second = await byOrgKey.create(org.id, { key_name: 'made-by-org-key', project_id: orgProject });
      await admin.organizations.apiKeys.list(org.id);
      await byOrgKey.list(org.id).toArray();
      await byOrgKey.revoke(org.id, second.id);
      await admin.organizations.apiKeys.revoke(org.id, scoped.id);
      await admin.organizations.apiKeys.revoke(org.id, wide.id);
    });
    expectConformant('@keyturn/api organizations', [
      'POST /organizations/{org_id}/api_keys',
      'GET /organizations/{org_id}/api_keys',
      'DELETE /organizations/{org_id}/api_keys/{key_id}',
    ]);
  });

  it('the rotation, to all four kinds of GitHub target and every Codespaces form', async () => {
    const current = platform.createKey('rotation-current');
    // Existing secrets: their access is read before the write.
    github.putSecretValue('codespaces-org:acme', 'NEON_API_KEY', current.key, {
      visibility: 'selected',
      selected_repository_ids: [github.addRepo('acme/web').id],
    });
    github.putSecretValue('codespaces-user:octocat', 'NEON_API_KEY', current.key, {
      selected_repository_ids: [github.addRepo('acme/web').id],
    });
    const report = await recorder.as('@keyturn/rotation', () =>
      rotateKey({
        client: createClient({ apiKey: current.key, baseUrl: platform.url }),
        apiKey: current.key,
        github: { token: TOKEN, baseUrl: github.url, writeIntervalMs: 0 },
        targets: [...TARGETS, ...CODESPACES_TARGETS],
        secretName: 'NEON_API_KEY',
        // The record's store holds the lease too: its take, read and release are checked here.
        record: { repository: 'acme/web' },
        revokeKeyIds: [current.id],
      }),
    );
    expect(report.targets).toHaveLength(7);
    expectConformant('@keyturn/rotation', [
      'GET /api_keys',
      'POST /api_keys',
      'DELETE /api_keys/{key_id}',
      'GET /repos/{owner}/{repo}/actions/secrets/public-key',
      'PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}',
      'GET /repos/{owner}/{repo}/environments/{environment_name}/secrets/public-key',
      'PUT /repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}',
      'GET /orgs/{org}/actions/secrets/public-key',
      'PUT /orgs/{org}/actions/secrets/{secret_name}',
      'GET /repos/{owner}/{repo}/dependabot/secrets/public-key',
      'PUT /repos/{owner}/{repo}/dependabot/secrets/{secret_name}',
      'GET /repos/{owner}/{repo}',
      'GET /repos/{owner}/{repo}/codespaces/secrets/public-key',
      'PUT /repos/{owner}/{repo}/codespaces/secrets/{secret_name}',
      'GET /orgs/{org}/codespaces/secrets/public-key',
      'GET /orgs/{org}/codespaces/secrets/{secret_name}',
      'GET /orgs/{org}/codespaces/secrets/{secret_name}/repositories',
      'PUT /orgs/{org}/codespaces/secrets/{secret_name}',
      'GET /user/codespaces/secrets/public-key',
      'GET /user/codespaces/secrets/{secret_name}',
      'GET /user/codespaces/secrets/{secret_name}/repositories',
      'PUT /user/codespaces/secrets/{secret_name}',
      'POST /repos/{owner}/{repo}/actions/variables',
      'GET /repos/{owner}/{repo}/actions/variables/{name}',
      'DELETE /repos/{owner}/{repo}/actions/variables/{name}',
    ]);
  });

  it('the rotation as a GitHub App: the installation lookup, the token it mints and revokes', async () => {
    const app = github.createApp({ name: 'conformance rotator' });
    github.installApp(app.id, {
      owner: 'acme',
      permissions: {
        secrets: 'write',
        environments: 'write',
        organization_secrets: 'write',
        dependabot_secrets: 'write',
        actions_variables: 'write',
      },
    });
    const current = platform.createKey('rotation-app-current');
    const report = await recorder.as('@keyturn/rotation as a GitHub App', () =>
      rotateKey({
        platform: { apiKey: current.key, baseUrl: platform.url },
        github: { appId: app.id, privateKey: app.privateKey, baseUrl: github.url, writeIntervalMs: 0 },
        targets: TARGETS,
        secretName: 'APP_KEY',
        record: { repository: 'acme/web' },
        revokeKeyIds: [current.id],
      }),
    );
    expect(report.targets).toHaveLength(4);
    expectConformant('@keyturn/rotation as a GitHub App', [
      'GET /orgs/{org}/installation',
      'POST /app/installations/{installation_id}/access_tokens',
      'DELETE /installation/token',
      'GET /repos/{owner}/{repo}/actions/variables',
      'PUT /orgs/{org}/actions/secrets/{secret_name}',
    ]);
  });

  it('answering secret-scanning alerts as a GitHub App: the organization list, the emergency rotation, the resolution', async () => {
    const app = github.createApp({ name: 'conformance leak answerer' });
    github.installApp(app.id, {
      owner: 'acme',
      permissions: { secrets: 'write', actions_variables: 'write', secret_scanning_alerts: 'write' },
    });
    const appAccess = { appId: app.id, privateKey: app.privateKey, baseUrl: github.url, writeIntervalMs: 0 };
    const rotation = { github: appAccess, targets: ['repo:acme/web'], secretName: 'LEAK_KEY', record: { repository: 'acme/web' } };
    let leaked = '';
    const first = platform.createKey('leak-first');
    await rotateKey({
      ...rotation,
      platform: { apiKey: first.key, baseUrl: platform.url },
      revokeKeyIds: [first.id],
      onKeyCreated: (v) => {
        leaked = v;
      },
    });
    github.raiseSecretScanningAlert('acme/web', { secretType: 'custom_pattern_conformance', secret: leaked });
    const report = await recorder.as('@keyturn/rotation answering alerts', () =>
      answerLeakAlerts({
        rotation: { ...rotation, platform: { apiKey: leaked, baseUrl: platform.url } },
        secretType: 'custom_pattern_conformance',
        scope: 'org:acme',
      }),
    );
    expect(report.answered).toEqual([expect.objectContaining({ repository: 'acme/web', resolved: true })]);
    expectConformant('@keyturn/rotation answering alerts', [
      'GET /orgs/{org}/secret-scanning/alerts',
      'PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number}',
      'GET /auth',
      'POST /app/installations/{installation_id}/access_tokens',
    ]);
  });

  it('rotate-key: the bundled Action as a process', async () => {
    const current = platform.createKey('action-current');
    const run = await recorder.as('rotate-key', () =>
      runAction(actionDir('rotate-key'), {
        inputs: {
          'api-key': current.key,
          'api-url': platform.url,
          'github-token': TOKEN,
          'secret-name': 'ACTION_KEY',
          targets: TARGETS.join('\n'),
          'revoke-key-ids': String(current.id),
        },
        env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url },
        timeoutMs: 90_000,
      }),
    );
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expectConformant('rotate-key', [
      'GET /api_keys',
      'POST /api_keys',
      'DELETE /api_keys/{key_id}',
      'PUT /orgs/{org}/actions/secrets/{secret_name}',
    ]);
  });

  it('wait-for-operation: the bundled Action as a process, given ids and finding pending ones itself', async () => {
    const { key } = platform.createKey('wait-action');
    const inputs = { 'api-key': key, 'api-url': platform.url, 'project-id': projectId, interval: '100ms' };
    await recorder.as('wait-for-operation', async () => {
      const given = platform.createBranch(projectId, 'wait-given').operations;
      const byIds = await runAction(actionDir('wait-for-operation'), {
        inputs: { ...inputs, 'operation-ids': given.map((o) => o.id).join('\n') },
      });
      expect(byIds.exitCode, byIds.stdout).toBe(0);
      platform.createBranch(projectId, 'wait-pending');
      const pending = await runAction(actionDir('wait-for-operation'), { inputs });
      expect(pending.exitCode, pending.stdout).toBe(0);
    });
    // It reads the list (one request a round covers every awaited operation), not each operation.
    expectConformant('wait-for-operation', ['GET /projects/{project_id}/operations']);
  });
});
