// One test's world behind a proxy: both emulators, reached only as https://<name>.keyturn.test:<port>
// through the TLS front, which only the forward proxy can resolve; a CA trusted through
// NODE_EXTRA_CA_CERTS; and the environment a runner behind that proxy gives an Action step.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GitHubEmulator, type PlatformEmulator, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { type ForwardProxy, type ForwardProxyOptions, startForwardProxy } from './forward-proxy.js';
import { makeTestCertificates, type TestCertificates } from './test-certificates.js';
import { startTlsFront, type TlsFront } from './tls-front.js';

/** `.test` is reserved (RFC 2606): no resolver outside the proxy's table knows these names. */
export const HOSTS = {
  platform: 'platform.keyturn.test',
  github: 'github.keyturn.test',
  /** Answers for nothing the Action is configured with: where a redirect may try to lead. */
  elsewhere: 'elsewhere.keyturn.test',
} as const;

export const TOKEN = 'github_pat_proxied_0123456789abcdef';

export interface ProxiedWorld {
  platform: PlatformEmulator;
  github: GitHubEmulator;
  front: TlsFront;
  proxy: ForwardProxy;
  /** The platform API as the Action is given it: https, a test name, the front's port. */
  apiUrl: string;
  githubUrl: string;
  elsewhereUrl: string;
  /** A runner's environment behind the proxy: GITHUB_API_URL, NODE_EXTRA_CA_CERTS, and `proxy`. */
  env(proxy: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

let certificates: Promise<{ dir: string; certs: TestCertificates }> | undefined;

/** Made once per test file: generating keys is the slow part. */
function sharedCertificates() {
  certificates ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keyturn-proxy-'));
    return { dir, certs: await makeTestCertificates(Object.values(HOSTS), dir) };
  })();
  return certificates;
}

export async function removeCertificates(): Promise<void> {
  if (certificates) await rm((await certificates).dir, { recursive: true, force: true });
}

export async function startProxiedWorld(proxyOptions: Partial<ForwardProxyOptions> = {}): Promise<ProxiedWorld> {
  const { certs } = await sharedCertificates();
  const platform = await startPlatformEmulator({ operationTimings: { schedulingMs: 50, runningMs: 150 } });
  const github = await startGitHubEmulator({
    repos: ['acme/web'],
    environments: { 'acme/web': ['production'] },
    tokens: { [TOKEN]: 'write' },
  });
  const front = await startTlsFront({
    cert: certs.cert,
    key: certs.key,
    upstreams: { [HOSTS.platform]: platform.origin, [HOSTS.github]: github.origin, [HOSTS.elsewhere]: github.origin },
  });
  const hosts = Object.fromEntries(Object.values(HOSTS).map((name) => [name, '127.0.0.1']));
  const proxy = await startForwardProxy({ hosts, ...proxyOptions });
  const origin = (host: string) => `https://${host}:${front.port}`;
  return {
    platform,
    github,
    front,
    proxy,
    apiUrl: `${origin(HOSTS.platform)}${new URL(platform.url).pathname}`,
    githubUrl: origin(HOSTS.github),
    elsewhereUrl: origin(HOSTS.elsewhere),
    env: (proxyVariables) => ({
      GITHUB_REPOSITORY: 'acme/web',
      GITHUB_API_URL: origin(HOSTS.github),
      NODE_EXTRA_CA_CERTS: certs.caFile,
      ...proxyVariables,
    }),
    close: async () => {
      await proxy.close();
      await front.close();
      await platform.close();
      await github.close();
    },
  };
}
