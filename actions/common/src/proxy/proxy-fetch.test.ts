import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxyFetch } from './proxy-fetch.js';
import { runnerProxyFetch } from './runner-proxy.js';

const VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY'];

function routes(env: Record<string, string>, origins: string[]) {
  for (const name of VARIABLES) vi.stubEnv(name, env[name] ?? '');
  const lines: string[] = [];
  const masked: string[] = [];
  createProxyFetch({ origins, log: (line) => lines.push(line), mask: (value) => masked.push(value) });
  return { lines, masked };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the route logged for each origin', () => {
  it('names the proxy, never its credentials, and masks its password', () => {
    const { lines, masked } = routes({ HTTPS_PROXY: 'http://runner:s3cret-pass@proxy.corp:3128' }, ['https://console.neon.tech/api/v2']);
    expect(lines).toEqual(['Route to https://console.neon.tech/api/v2: through the proxy proxy.corp:3128']);
    expect(masked).toEqual(['s3cret-pass']);
  });

  it('says why an origin goes direct', () => {
    const { lines } = routes({ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: '.neon.tech' }, [
      'https://console.neon.tech/api/v2',
      'http://127.0.0.1:4010/api/v2',
      'https://api.github.com',
    ]);
    expect(lines).toEqual([
      'Route to https://console.neon.tech/api/v2: direct (NO_PROXY or a loopback host)',
      'Route to http://127.0.0.1:4010/api/v2: direct (NO_PROXY or a loopback host)',
      'Route to https://api.github.com: through the proxy proxy.corp:3128',
    ]);
    expect(routes({ HTTP_PROXY: 'http://proxy.corp:3128' }, ['https://api.github.com']).lines).toEqual([
      'Route to https://api.github.com: direct (no https_proxy or HTTPS_PROXY set)',
    ]);
  });

  it('says how to write a proxy variable without a scheme that names no host', () => {
    expect(routes({ HTTPS_PROXY: 'proxy.corp:3128' }, ['https://api.github.com']).lines).toEqual([
      'Route to https://api.github.com: direct: the proxy variable names no host; write it as http://HOST:PORT',
    ]);
    // An address without a scheme does parse as http://, as @actions/http-client reads it.
    expect(routes({ HTTPS_PROXY: '10.1.2.3:3128' }, ['https://api.github.com']).lines).toEqual([
      'Route to https://api.github.com: through the proxy 10.1.2.3:3128',
    ]);
  });
});

describe('runnerProxyFetch', () => {
  it('loads nothing and logs nothing when no proxy variable is set', async () => {
    for (const name of VARIABLES) vi.stubEnv(name, '');
    const log = vi.fn();
    expect(await runnerProxyFetch({ origins: ['https://api.github.com'], log, mask: vi.fn() })).toBeUndefined();
    expect(log).not.toHaveBeenCalled();
  });
});
