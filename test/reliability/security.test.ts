// Security at the process level: credentials go to the configured origins only, redirects off the
// platform API origin are refused, plain http is refused off loopback before any request, and no
// key or token is ever shown, with debug logging on and when the services refuse them.

import { startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { describe, expect, it, type TestContext } from 'vitest';
import { type ProbedRun, ROTATE_KEY, runProbed, WAIT_FOR_OPERATION } from './harness/action-process.js';
import { errorsOf, expectNoLeaks } from './harness/invariants.js';
import { notFound, type RecordingServer, redirectTo, startRecordingServer } from './harness/recording-server.js';
import { WRITE_TOKEN } from './harness/rotation-rig.js';

const ELSEWHERE_HOST = '127.0.0.2'; // another host on loopback: a different origin than 127.0.0.1
type Finished = TestContext['onTestFinished'];

async function emulators(onTestFinished: Finished) {
  const platform = await startPlatformEmulator();
  const github = await startGitHubEmulator({ repos: ['acme/web'], tokens: { [WRITE_TOKEN]: 'write' } });
  onTestFinished(() => Promise.all([platform.close(), github.close()]).then(() => undefined));
  const key = platform.createKey('ci');
  github.putSecretValue('repo:acme/web', 'NEON_API_KEY', key.key);
  const project = platform.createProject({ name: 'shop' });
  return { platform, github, key, project };
}

async function server(onTestFinished: Finished, host: string, reply: Parameters<typeof startRecordingServer>[1]): Promise<RecordingServer> {
  const started = await startRecordingServer(host, reply);
  onTestFinished(() => started.close());
  return started;
}

/** A redirecting API origin on 127.0.0.1, and the other host it points at, which records. */
async function redirectingOrigin(onTestFinished: Finished, status: number) {
  const elsewhere = await server(onTestFinished, ELSEWHERE_HOST, notFound);
  const origin = await server(onTestFinished, '127.0.0.1', redirectTo(elsewhere.origin, status));
  return { origin, elsewhere };
}

function expectRequestsOnlyTo(run: ProbedRun, origins: string[]): void {
  const authorized = run.probe.requests.filter((r) => r.headers.includes('authorization'));
  expect(authorized.length).toBeGreaterThan(0);
  expect([...new Set(authorized.map((r) => r.origin))].filter((o) => !origins.includes(o))).toEqual([]);
}

describe.concurrent('security', () => {
  it.for([301, 302, 307, 308])(
    'rotate-key refuses a %i redirect off the API origin; the key never reaches the other host',
    async (status, { onTestFinished }) => {
      const { github, key } = await emulators(onTestFinished);
      const { origin, elsewhere } = await redirectingOrigin(onTestFinished, status);
      const run = await runProbed(ROTATE_KEY, {
        inputs: { 'api-key': key.key, 'api-url': `${origin.origin}/api/v2`, 'github-token': WRITE_TOKEN },
        env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url },
      });
      expect(run.exitCode).toBe(1);
      expect(errorsOf(run)).toEqual([expect.stringMatching(/redirect/i)]);
      expect(origin.requests.length).toBeGreaterThan(0);
      expect(elsewhere.requests).toEqual([]);
      expect(github.log.entries().filter((e) => e.method !== 'GET')).toEqual([]);
      expectNoLeaks(run, [key.key, WRITE_TOKEN]);
    },
  );

  it('wait-for-operation refuses a 307 redirect off the API origin', async ({ onTestFinished }) => {
    const { key } = await emulators(onTestFinished);
    const { origin, elsewhere } = await redirectingOrigin(onTestFinished, 307);
    const run = await runProbed(WAIT_FOR_OPERATION, {
      inputs: { 'api-key': key.key, 'api-url': `${origin.origin}/api/v2`, 'project-id': 'shop-1', interval: '100ms', timeout: '10s' },
    });
    expect(run.exitCode).toBe(1);
    expect(errorsOf(run)).toEqual([expect.stringMatching(/redirect/i)]);
    expect(origin.requests.length).toBeGreaterThan(0);
    expect(elsewhere.requests).toEqual([]);
    expectNoLeaks(run, [key.key]);
  });

  it('the GitHub token does not follow a redirect of the GitHub API to another host', async ({ onTestFinished }) => {
    const { platform, key } = await emulators(onTestFinished);
    const { origin, elsewhere } = await redirectingOrigin(onTestFinished, 307);
    const run = await runProbed(ROTATE_KEY, {
      inputs: { 'api-key': key.key, 'api-url': platform.url, 'github-token': WRITE_TOKEN },
      env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: origin.origin },
    });
    expect(run.exitCode).toBe(1);
    expect(origin.requests.every((r) => r.authorization)).toBe(true);
    expect(elsewhere.requests.filter((r) => r.authorization)).toEqual([]);
    // Preflight failed on the target: nothing was created.
    expect(platform.log.entries().filter((e) => e.method !== 'GET')).toEqual([]);
    expectNoLeaks(run, [key.key, WRITE_TOKEN]);
  });

  it.for<[action: string, url: string]>([
    ['rotate-key', 'http://example.com/api/v2'],
    ['wait-for-operation', 'http://example.com/api/v2'],
    ['rotate-key', 'http://localhost.example.com/api/v2'],
    ['wait-for-operation', 'http://127.0.0.1.example.com/api/v2'],
  ])('%s refuses plain http off loopback (%s) before any request', async ([action, url], { onTestFinished }) => {
    const { github, key } = await emulators(onTestFinished);
    const run = await runProbed(action === 'rotate-key' ? ROTATE_KEY : WAIT_FOR_OPERATION, {
      inputs:
        action === 'rotate-key'
          ? { 'api-key': key.key, 'api-url': url, 'github-token': WRITE_TOKEN }
          : { 'api-key': key.key, 'api-url': url, 'project-id': 'shop-1' },
      env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url },
    });
    expect(run.exitCode).toBe(1);
    expect(errorsOf(run)).toEqual([
      expect.stringMatching(/Input 'api-url' is invalid: it must use https: .*plain http: is allowed only for loopback hosts/),
    ]);
    expect(run.probe.requests).toEqual([]);
    expect(run.probe.connections).toEqual([]);
    expectNoLeaks(run, [key.key, WRITE_TOKEN]);
  });

  it('sends credentials to the configured origins only, and shows none even with debug logging on', async ({ onTestFinished }) => {
    const { platform, github, key, project } = await emulators(onTestFinished);
    platform.startOperations(project.id, [{ action: 'create_branch', schedulingMs: 50, runningMs: 100 }]);
    const env = { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url, RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' };
    const rotation = await runProbed(ROTATE_KEY, {
      inputs: { 'api-key': key.key, 'api-url': platform.url, 'github-token': WRITE_TOKEN, 'revoke-key-ids': String(key.id) },
      env,
    });
    expect(rotation.exitCode).toBe(0);
    const newKey = github.secretValue('repo:acme/web', 'NEON_API_KEY')!;
    expect(rotation.masks).toContain(newKey);
    expectRequestsOnlyTo(rotation, [platform.origin, github.origin]);

    const wait = await runProbed(WAIT_FOR_OPERATION, {
      inputs: { 'api-key': newKey, 'api-url': platform.url, 'project-id': project.id, interval: '100ms', timeout: '30s' },
      env,
    });
    expect(wait.exitCode).toBe(0);
    expectRequestsOnlyTo(wait, [platform.origin]);
    for (const run of [rotation, wait]) expectNoLeaks(run, [key.key, newKey, WRITE_TOKEN]);
  });

  it('never shows a token or key that the services refuse', async ({ onTestFinished }) => {
    const { platform, github, key, project } = await emulators(onTestFinished);
    const unknownToken = 'ghp_notKnownToGitHub0123456789abcdef';
    const refusedByGitHub = await runProbed(ROTATE_KEY, {
      inputs: { 'api-key': key.key, 'api-url': platform.url, 'github-token': unknownToken },
      env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url, RUNNER_DEBUG: '1' },
    });
    expect(refusedByGitHub.exitCode).toBe(1);
    expect(errorsOf(refusedByGitHub)).toEqual([expect.stringMatching(/repo:acme\/web.*401/)]);

    const deadKey = platform.createKey('revoked');
    await fetch(`${platform.controlUrl}/keys/${deadKey.id}`, { method: 'DELETE' });
    const refusedByPlatform = await runProbed(WAIT_FOR_OPERATION, {
      inputs: { 'api-key': deadKey.key, 'api-url': platform.url, 'project-id': project.id },
      env: { RUNNER_DEBUG: '1' },
    });
    expect(refusedByPlatform.exitCode).toBe(1);
    expect(errorsOf(refusedByPlatform)).toEqual([expect.stringMatching(/401.*api-key/)]);
    for (const run of [refusedByGitHub, refusedByPlatform]) expectNoLeaks(run, [key.key, deadKey.key, unknownToken, WRITE_TOKEN]);
  });
});
