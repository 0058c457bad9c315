// A fetch that sends each request through the proxy @actions/http-client picks for its URL
// (getProxyUrl: NO_PROXY and loopback go direct), over an undici ProxyAgent from
// HttpClient.getAgentDispatcher (https through a CONNECT tunnel, proxy credentials as
// Proxy-Authorization). Loaded only when a proxy variable is set (runner-proxy.ts).
//
// This is what @actions/github's getOctokitOptions does for the Octokit it builds; the rotation has its
// own Octokit (retries, rate-limit waits), and the platform client takes a fetch, so both get this fetch.
// undici's own fetch goes with undici's ProxyAgent: Node's global fetch carries another undici
// (7.x on Node 24), whose dispatcher interface an agent of this version does not match.

import { HttpClient } from '@actions/http-client';
import { checkBypass, getProxyUrl } from '@actions/http-client/lib/proxy';
import { type Dispatcher, fetch as undiciFetch } from 'undici';

/** What runnerProxyFetch takes (runner-proxy.ts). */
export interface RunnerProxyOptions {
  /** The origins this Action talks to, each logged once with its route (proxy or direct). */
  origins: readonly string[];
  log: (line: string) => void;
  /** Receives the proxy's password, so the runner hides it should an error quote the proxy URL. */
  mask: (value: string) => void;
}

export function createProxyFetch({ origins, log, mask }: RunnerProxyOptions): typeof fetch {
  // One agent per proxy, kept alive across requests. HttpClient caches only one agent whatever
  // the proxy, so each proxy gets its own HttpClient.
  const agents = new Map<string, Dispatcher>();
  const agentFor = (url: URL): Dispatcher | undefined => {
    const proxy = getProxyUrl(url);
    if (!proxy?.hostname) return undefined;
    let agent = agents.get(proxy.href);
    if (!agent) {
      if (proxy.password) mask(proxy.password);
      agent = new HttpClient('keyturn', [], { keepAlive: true }).getAgentDispatcher(url.href);
      if (!agent) return undefined;
      agents.set(proxy.href, agent);
    }
    return agent;
  };

  for (const origin of origins) log(`Route to ${origin}: ${describeRoute(new URL(origin), mask)}`);

  return async (input, init) => {
    // Both clients pass a URL or a string; a Request's own method and headers would be lost below.
    if (typeof input !== 'string' && !(input instanceof URL)) {
      throw new TypeError('the proxy fetch takes a URL, not a Request');
    }
    const url = new URL(input);
    const agent = agentFor(url);
    if (!agent) return fetch(url, init);
    const proxied = undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: agent });
    return proxied as unknown as Promise<Response>;
  };
}

/** The route of one origin, for the log: never the proxy's credentials (its password is masked too). */
function describeRoute(url: URL, mask: (value: string) => void): string {
  const proxy = getProxyUrl(url);
  if (proxy?.password) mask(proxy.password);
  if (proxy?.hostname) return `through the proxy ${proxy.host}`;
  // `proxy.corp:3128` parses as a URL of scheme `proxy.corp:` with no host: the runner's client then
  // goes direct too, so say how to write it.
  if (proxy) return 'direct: the proxy variable names no host; write it as http://HOST:PORT';
  if (checkBypass(url)) return 'direct (NO_PROXY or a loopback host)';
  return `direct (no ${url.protocol === 'https:' ? 'https_proxy or HTTPS_PROXY' : 'http_proxy or HTTP_PROXY'} set)`;
}
