// The runner's proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, lower case first, as
// @actions/http-client reads them), applied to both services. Nothing of the proxy machinery is
// loaded unless a proxy variable is set: most runners have none, and start-up time counts.
// https://docs.github.com/actions/hosting-your-own-runners/managing-self-hosted-runners/using-a-proxy-server-with-self-hosted-runners

// A type-only import: proxy-fetch.ts and what it loads stay out until a proxy is set.
import type { RunnerProxyOptions } from './proxy-fetch.js';

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

/** A fetch that honours the runner's proxy settings, or undefined (the global fetch) when none is set. */
export async function runnerProxyFetch(options: RunnerProxyOptions): Promise<typeof fetch | undefined> {
  if (!PROXY_VARIABLES.some((name) => process.env[name])) return undefined;
  const { createProxyFetch } = await import('./proxy-fetch.js');
  return createProxyFetch(options);
}
