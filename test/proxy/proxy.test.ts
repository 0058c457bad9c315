// Both bundled Actions, run as the runner runs them, reach the platform and GitHub through the
// runner's proxy variables. The services are named https://<name>.keyturn.test:<port>, names only
// the proxy resolves, so a run that succeeds went through the proxy; the proxy's own log shows what
// it saw, and the TLS front behind it shows which credential went to which origin.

import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { type ActionRun, findLeaks, locateAction, runAction } from '@keyturn/action-runner';
import { HOSTS, type ProxiedWorld, removeCertificates, startProxiedWorld, TOKEN } from './support/proxied-world.js';

const ROTATE_KEY = locateAction('@keyturn/action-rotate-key', import.meta.url);
const WAIT_FOR_OPERATION = locateAction('@keyturn/action-wait-for-operation', import.meta.url);
const TEST_HOSTS = pathToFileURL(fileURLToPath(new URL('./support/test-hosts.mjs', import.meta.url))).href;
const REPO = 'repo:acme/web';
const PROXY_PASSWORD = 'proxy-password-0123456789';

/** One test's world (each test its own, so the tests run side by side), its console key, and its secrets. */
interface Proxied {
  world: ProxiedWorld;
  consoleKey: { id: number; key: string };
  /** Every key and token of the test: none may show in a run or in the proxy's log. */
  secrets: string[];
}

afterAll(removeCertificates);

/** Starts the test's world, closed when the test ends. */
async function setUp(test: TestContext, proxyOptions?: Parameters<typeof startProxiedWorld>[0]): Promise<Proxied> {
  const world = await startProxiedWorld(proxyOptions);
  test.onTestFinished(() => world.close());
  const consoleKey = world.platform.createKey('made in the console');
  world.github.putSecretValue(REPO, 'NEON_API_KEY', consoleKey.key);
  return { world, consoleKey, secrets: [consoleKey.key, TOKEN] };
}

async function rotate({ world, consoleKey, secrets }: Proxied, env: Record<string, string>): Promise<ActionRun> {
  const run = await runAction(ROTATE_KEY, {
    inputs: { 'api-key': consoleKey.key, 'api-url': world.apiUrl, 'github-token': TOKEN },
    env,
  });
  const stored = world.github.secretValue(REPO, 'NEON_API_KEY');
  if (stored && !secrets.includes(stored)) secrets.push(stored);
  expect(findLeaks(run, secrets)).toEqual([]);
  return run;
}

const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error').map((a) => a.message);
const proxied = ({ world }: Proxied) => world.proxy.requests.map((r) => `${r.method} ${r.target} ${r.status}`);
const tunnel = ({ world }: Proxied, host: string) => `CONNECT ${host}:${world.front.port} 200`;
/** The Authorization each origin received, as which credential: never a value in a message. */
function credentialsBy({ world, secrets }: Proxied, host: string): string[] {
  const names = new Map<string, string>([[TOKEN, 'token']]);
  for (const [index, secret] of secrets.entries()) if (secret !== TOKEN) names.set(secret, `key#${index}`);
  const received = world.front.received.filter((r) => r.host === host);
  return [
    ...new Set(
      received.map((r) => {
        if (r.authorization === undefined) return 'none';
        const value = r.authorization.replace(/^(Bearer|token) /, '');
        return names.get(value) ?? 'unknown';
      }),
    ),
  ];
}

function expectProxyLogClean({ world, secrets }: Proxied): void {
  const log = world.proxy.logText();
  for (const [index, secret] of secrets.entries()) expect(log.includes(secret), `secret #${index} in the proxy log`).toBe(false);
  // The proxy saw tunnels only: no request head carried an Authorization header.
  for (const request of world.proxy.requests) expect(request.headerNames).not.toContain('authorization');
}

describe.concurrent('behind a proxy (HTTPS_PROXY)', () => {
  it('rotate-key reaches both services through CONNECT tunnels; each credential only to its own origin', async (test) => {
    const t = await setUp(test);
    const { world, consoleKey } = t;
    const run = await rotate(t, world.env({ HTTPS_PROXY: world.proxy.url }));

    expect(errors(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    const stored = world.github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(stored).not.toBe(consoleKey.key);
    expect(world.platform.isKeyValid(stored)).toBe(true);

    expect(new Set(proxied(t))).toEqual(new Set([tunnel(t, HOSTS.platform), tunnel(t, HOSTS.github)]));
    expectProxyLogClean(t);
    // Behind the tunnels: the platform got platform keys only, GitHub the token only.
    expect(credentialsBy(t, HOSTS.platform).sort()).toEqual(['key#0', 'key#2']);
    expect(credentialsBy(t, HOSTS.github)).toEqual(['token']);
    expect(run.visibleStdout).toContain(`Route to ${world.apiUrl}: through the proxy 127.0.0.1:`);
    expect(run.visibleStdout).toContain(`Route to ${world.githubUrl}: through the proxy 127.0.0.1:`);
  });

  it('wait-for-operation reaches the platform through the proxy', async (test) => {
    const t = await setUp(test);
    const { world, consoleKey, secrets } = t;
    const project = world.platform.createProject({ name: 'shop' });
    const [operation] = world.platform.startOperations(project.id, [{ action: 'create_branch' }]);
    const run = await runAction(WAIT_FOR_OPERATION, {
      inputs: {
        'api-key': consoleKey.key,
        'api-url': world.apiUrl,
        'project-id': project.id,
        'operation-ids': operation!.id,
        interval: '100ms',
      },
      env: world.env({ HTTPS_PROXY: world.proxy.url }),
    });

    expect(errors(run)).toEqual([]);
    expect(run.outputs.status).toBe('finished');
    expect(new Set(proxied(t))).toEqual(new Set([tunnel(t, HOSTS.platform)]));
    expectProxyLogClean(t);
    expect(credentialsBy(t, HOSTS.platform)).toEqual(['key#0']);
    expect(findLeaks(run, secrets)).toEqual([]);
  });

  it('no Authorization leaves for another origin: a platform redirect is refused, a GitHub one goes without it', async (test) => {
    const t = await setUp(test);
    const { world, consoleKey } = t;
    // The platform answers its first request with a redirect elsewhere: the client refuses to follow.
    world.platform.faults.add({
      method: 'GET',
      path: '/api_keys',
      kind: 'status',
      status: 307,
      headers: { location: `${world.elsewhereUrl}/api/v2/api_keys` },
    });
    const refused = await rotate(t, world.env({ HTTPS_PROXY: world.proxy.url }));
    expect(refused.exitCode).toBe(1);
    expect(errors(refused).join('\n')).toContain(`redirected (HTTP 307) to ${HOSTS.elsewhere}`);
    // The stuck check reads the record first (issue 33, item 3): a tunnel to GitHub too, never one elsewhere.
    expect(new Set(proxied(t))).toEqual(new Set([tunnel(t, HOSTS.platform), tunnel(t, HOSTS.github)]));

    // GitHub redirects a public-key read elsewhere: if the client follows, the token stays behind.
    world.github.faults.add({
      method: 'GET',
      path: '/repos/acme/web/actions/secrets/public-key',
      kind: 'status',
      status: 307,
      headers: { location: `${world.elsewhereUrl}/repos/acme/web/actions/secrets/public-key` },
    });
    const redirected = await rotate(t, world.env({ HTTPS_PROXY: world.proxy.url }));
    // fetch follows it without the token, so the other origin answers 401: the preflight stops.
    expect(credentialsBy(t, HOSTS.elsewhere)).toEqual(['none']);
    expect(credentialsBy(t, HOSTS.github)).toEqual(['token']);
    expect(credentialsBy(t, HOSTS.platform)).toEqual(['key#0']);
    expect(redirected.exitCode).toBe(1);
    expect(errors(redirected).join('\n')).toMatch(/public key for repo:acme\/web failed: GitHub answered 401.*Nothing was changed/);
    expect(world.github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expectProxyLogClean(t);
  });
});

describe.concurrent('proxy variables as @actions/http-client reads them', () => {
  it('lower-case https_proxy with credentials: sent to the proxy only, masked, never shown', async (test) => {
    const t = await setUp(test, { credentials: { username: 'runner', password: PROXY_PASSWORD } });
    const { world } = t;
    const run = await rotate(t, world.env({ https_proxy: world.proxy.url, HTTPS_PROXY: 'http://127.0.0.1:9' }));

    expect(errors(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(new Set(proxied(t))).toEqual(new Set([tunnel(t, HOSTS.platform), tunnel(t, HOSTS.github)]));
    expect(world.proxy.requests.every((r) => r.headerNames.includes('proxy-authorization'))).toBe(true);
    expect(run.masks).toContain(PROXY_PASSWORD);
    expect(findLeaks(run, [PROXY_PASSWORD])).toEqual([]);
    expectProxyLogClean(t);
  });

  it('a proxy that refuses the credentials: the run fails before any change, saying so', async (test) => {
    const t = await setUp(test, { credentials: { username: 'runner', password: PROXY_PASSWORD } });
    const { world, consoleKey } = t;
    const wrong = world.proxy.url.replace(PROXY_PASSWORD, 'wrong-password-0123456789');
    const run = await rotate(t, world.env({ HTTPS_PROXY: wrong }));

    expect(run.exitCode).toBe(1);
    expect(errors(run).join('\n')).toMatch(/could not reach https:\/\/platform\.keyturn\.test:\d+: .*407/);
    expect(world.proxy.requests.map((r) => r.status)).toEqual(expect.arrayContaining([407]));
    expect(world.front.received).toEqual([]);
    expect(world.github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(findLeaks(run, ['wrong-password-0123456789'])).toEqual([]);
  });

  it('NO_PROXY excludes the platform: it is reached directly, GitHub still through the proxy', async (test) => {
    const t = await setUp(test);
    const { world } = t;
    const run = await rotate(t, {
      ...world.env({ HTTPS_PROXY: world.proxy.url, NO_PROXY: `example.com,${HOSTS.platform}` }),
      // The direct route needs the name resolved, as an /etc/hosts entry would.
      NODE_OPTIONS: `--import=${TEST_HOSTS}`,
      KEYTURN_TEST_HOSTS: HOSTS.platform,
    });

    expect(errors(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(proxied(t)).toEqual([tunnel(t, HOSTS.github)]);
    expect(world.front.received.some((r) => r.host === HOSTS.platform)).toBe(true);
    expect(credentialsBy(t, HOSTS.platform).sort()).toEqual(['key#0', 'key#2']);
    expect(run.visibleStdout).toContain(`Route to ${world.apiUrl}: direct (NO_PROXY or a loopback host)`);
    expectProxyLogClean(t);
  });

  it('loopback hosts always go direct, and HTTP_PROXY does not apply to https', async (test) => {
    const t = await setUp(test);
    const { world, consoleKey, secrets } = t;
    const project = world.platform.createProject({ name: 'shop' });
    const inputs = { 'api-key': consoleKey.key, 'project-id': project.id };

    // The emulator's own loopback URL with a proxy set: direct, as the runner does.
    const loopback = await runAction(WAIT_FOR_OPERATION, {
      inputs: { ...inputs, 'api-url': world.platform.url },
      env: world.env({ HTTPS_PROXY: world.proxy.url, HTTP_PROXY: world.proxy.url }),
    });
    expect(errors(loopback)).toEqual([]);
    expect(loopback.outputs.status).toBe('finished');
    expect(world.platform.log.entries().length).toBe(1);
    expect(loopback.visibleStdout).toContain('direct (NO_PROXY or a loopback host)');

    // Only HTTP_PROXY: an https origin is not proxied, so a name only the proxy knows is not found.
    const httpOnly = await rotate(t, world.env({ HTTP_PROXY: world.proxy.url }));
    expect(httpOnly.exitCode).toBe(1);
    expect(httpOnly.visibleStdout).toContain(`Route to ${world.apiUrl}: direct (no https_proxy or HTTPS_PROXY set)`);
    expect(errors(httpOnly).join('\n')).toContain(`could not reach https://${HOSTS.platform}:${world.front.port}`);
    expect(proxied(t)).toEqual([]);
    expect(world.github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(findLeaks(loopback, secrets)).toEqual([]);
  });
});
