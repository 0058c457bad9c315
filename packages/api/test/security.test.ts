// Where the key goes: headers of every request, redirects refused (the emulator never redirects,
// so two small servers of this test play the redirecting API and the host it points to).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/client.js';
import { RedirectRefusedError } from '../src/errors.js';
import { VERSION } from '../src/version.js';
import { errorTexts, usePlatform } from './fixture.js';

const platform = usePlatform();

/** The real fetch, recording what it was asked to send (the request still goes to the emulator). */
function recordingFetch() {
  const sent: Array<{ url: string; method: string; headers: Record<string, string>; redirect?: string }> = [];
  const wrapped: typeof fetch = (input, init) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      redirect: init?.redirect,
    });
    return fetch(input, init);
  };
  return { sent, fetch: wrapped };
}

describe('request headers', () => {
  it('sends the key as a Bearer token, JSON headers and keyturn/<version>, redirects manual', async () => {
    const { sent, fetch } = recordingFetch();
    const client = platform.client({ fetch });
    await client.apiKeys.list();
    await client.apiKeys.create({ key_name: 'h' });
    expect(sent[0]).toEqual({
      url: `${platform.emulator.url}/api_keys`,
      method: 'GET',
      headers: { authorization: `Bearer ${platform.key.key}`, accept: 'application/json', 'user-agent': `keyturn/${VERSION}` },
      redirect: 'manual',
    });
    expect(sent[1]!.headers['content-type']).toBe('application/json');
  });

  it('puts a caller product token before keyturn/<version>', async () => {
    const { sent, fetch } = recordingFetch();
    await platform.client({ fetch, userAgent: 'rotate-key-action/1.2' }).projects.list();
    expect(sent[0]!.headers['user-agent']).toBe(`rotate-key-action/1.2 keyturn/${VERSION}`);
  });

  it('withApiKey keeps every option and changes only the key', async () => {
    const { sent, fetch } = recordingFetch();
    const events: string[] = [];
    const other = platform.emulator.createKey('other');
    const client = platform.client({ fetch, userAgent: 'ua/1', onRequest: (e) => events.push(e.outcome) });
    await client.withApiKey(other.key).apiKeys.list();
    expect(sent[0]!.headers).toMatchObject({ authorization: `Bearer ${other.key}`, 'user-agent': `ua/1 keyturn/${VERSION}` });
    expect(events).toEqual(['ok']);
    expect(platform.requests()[0]!.actor).toBe(`key:${other.id}`);
  });

  it('sends every request of every resource to the configured origin only', async () => {
    const { sent, fetch } = recordingFetch();
    const client = platform.client({ fetch });
    const [op] = platform.emulator.startOperations(platform.projectId, [{ schedulingMs: 0, runningMs: 0 }]);
    await client.projects.list();
    await client.operations.list(platform.projectId, { limit: 5 });
    await client.operations.get(platform.projectId, op!.id);
    await client.operations.wait(platform.projectId, { ids: [op!.id], intervalMs: 10 });
    const created = await client.apiKeys.create({ key_name: 'o' });
    await client.withApiKey(created.key).apiKeys.revoke(created.id);
    expect(sent.length).toBeGreaterThanOrEqual(6);
    for (const request of sent) expect(request.url.startsWith(`${platform.emulator.url}/`)).toBe(true);
  });
});

describe('redirects', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function listen(handler: (headers: IncomingHttpHeaders) => { status: number; headers?: Record<string, string> }) {
    const server = createServer((req, res) => {
      const reply = handler(req.headers);
      res.writeHead(reply.status, reply.headers).end();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('refuses a redirect to another host: an error naming it, the key never sent there', async () => {
    const reached: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((headers) => {
      reached.push(headers);
      return { status: 200 };
    });
    const elsewherePort = new URL(elsewhere).port;
    const asked: IncomingHttpHeaders[] = [];
    const api = await listen((headers) => {
      asked.push(headers);
      return { status: 302, headers: { location: `http://localhost:${elsewherePort}/steal?token=secret-in-url` } };
    });
    const apiKey = 'napi_redirect_test_key';
    const error = await createClient({ apiKey, baseUrl: `${api}/api/v2` })
      .projects.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(error).toMatchObject({ status: 302, method: 'GET', path: '/projects' });
    expect((error as Error).message).toMatch(
      new RegExp(`^GET /projects was redirected \\(HTTP 302\\) to localhost:${elsewherePort}; redirects are refused`),
    );
    for (const text of errorTexts(error)) {
      expect(text).not.toContain('secret-in-url');
      expect(text).not.toContain(apiKey);
    }
    expect(asked).toHaveLength(1); // not retried
    expect(reached).toHaveLength(0); // never followed
  });

  it('refuses a redirect within the same origin too (307 to another path)', async () => {
    const api = await listen(() => ({ status: 307, headers: { location: '/api/v3/projects' } }));
    const error = await createClient({ apiKey: 'k', baseUrl: `${api}/api/v2` })
      .projects.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect((error as Error).message).toContain(`to ${new URL(api).host};`);
  });
});
