// The runner's proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, lower case first, as
// @actions/http-client reads them), applied to both services. Nothing of the proxy machinery is
// loaded unless a proxy variable is set: most runners have none, and start-up time counts.
// https://docs.github.com/actions/hosting-your-own-runners/managing-self-hosted-runners/using-a-proxy-server-with-self-hosted-runners

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

export interface RunnerProxyOptions {
  /** The origins this Action talks to, each logged once with its route (proxy or direct). */
  origins: readonly string[];
  log: (line: string) => void;
  /** Receives the proxy's password, so the runner hides it should an error quote the proxy URL. */
  mask: (value: string) => void;
}

/** A fetch that honours the runner's proxy settings, or undefined (the global fetch) when none is set. */
export async function runnerProxyFetch(options: RunnerProxyOptions): Promise<typeof fetch | undefined> {
  if (!PROXY_VARIABLES.some((name) => process.env[name])) return undefined;
  const { createProxyFetch } = await import('./proxy-fetch.js');
  return createProxyFetch(options);
}
