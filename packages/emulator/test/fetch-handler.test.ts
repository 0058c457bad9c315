// The emulators in process: a client's fetch given the emulator's handler reaches the same routing,
// auth, faults and log as over HTTP, and what the network would do is done the way fetch shows it.

import { afterEach, describe, expect, it } from 'vitest';
import {
  FetchRequest,
  type FetchHandler,
  type PlatformEmulator,
  startGitHubEmulator,
  startPlatformEmulator,
  toFetchRequest,
} from '../src/index.js';

let platform: PlatformEmulator | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

/** The handler as a client's fetch: given the arguments, read directly, or a Request built from them. */
const CALLS = [
  [
    'given as fetch',
    (handler: FetchHandler): typeof fetch =>
      (input, init) =>
        handler(input, init),
  ],
  [
    'given a Request',
    (handler: FetchHandler): typeof fetch =>
      (input, init) =>
        handler(new Request(input, init)),
  ],
] as const;

describe.each(CALLS)('the fetch handler, %s', (_, inProcess) => {
  it('answers as over HTTP, logs the request, and dates the answer by the emulator clock', async () => {
    let now = Date.parse('2030-01-02T03:04:05Z');
    platform = await startPlatformEmulator({ clock: () => now });
    const { key } = platform.createKey('seed');
    const fetchIt = inProcess(platform.handler);
    const response = await fetchIt(`${platform.url}/api_keys`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('date')).toBe('Wed, 02 Jan 2030 03:04:05 GMT');
    const keys = (await response.json()) as Array<{ name: string; last_used_at: string | null }>;
    expect(keys.map((k) => k.name)).toEqual(['seed']);
    now += 1000;
    expect(platform.log.entries().at(-1)).toMatchObject({
      method: 'GET',
      path: '/api_keys',
      status: 200,
      time: '2030-01-02T03:04:05.000Z',
    });
    const refused = await fetchIt(`${platform.url}/api_keys`);
    expect(refused.status).toBe(401);
  });

  it('a drop rejects like a reset connection, before the request takes effect', async () => {
    platform = await startPlatformEmulator();
    const { key } = platform.createKey('seed');
    platform.faults.add({ kind: 'drop', method: 'POST', path: '/api_keys' });
    const asked = inProcess(platform.handler)(`${platform.url}/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key_name: 'new' }),
    });
    const error = await asked.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('fetch failed');
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('UND_ERR_SOCKET');
    expect(platform.listKeys().map((k) => k.name)).toEqual(['seed']);
  });

  it('a reply lost after effect rejects the same way, the key made', async () => {
    platform = await startPlatformEmulator();
    const { key } = platform.createKey('seed');
    platform.faults.add({ kind: 'reply-lost', method: 'POST', path: '/api_keys' });
    const asked = inProcess(platform.handler)(`${platform.url}/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key_name: 'new' }),
    });
    await expect(asked).rejects.toThrow('fetch failed');
    expect(platform.listKeys().map((k) => k.name)).toEqual(['seed', 'new']);
  });

  it('a hang settles only when the client gives up, with its reason; after effect, the effect stays', async () => {
    platform = await startPlatformEmulator();
    const { key } = platform.createKey('seed');
    platform.faults.add({ kind: 'hang', afterEffect: true, method: 'POST', path: '/api_keys' });
    const giveUp = new AbortController();
    const asked = inProcess(platform.handler)(`${platform.url}/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key_name: 'new' }),
      signal: giveUp.signal,
    });
    let settled = false;
    void asked.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(platform.log.entries().at(-1)).toMatchObject({ fault: 'hang', status: undefined });
    giveUp.abort(new Error('client timeout'));
    await expect(asked).rejects.toThrow('client timeout');
    expect(platform.listKeys().map((k) => k.name)).toEqual(['seed', 'new']);
  });

  it('a delay waits on the injected sleep, and a 413 and bad JSON are answered as over HTTP', async () => {
    const slept: number[] = [];
    platform = await startPlatformEmulator({ runtime: { now: () => 0, sleep: async (ms) => void slept.push(ms) } });
    const { key } = platform.createKey('seed');
    platform.faults.add({ kind: 'delay', ms: 5000, method: 'GET', path: '/api_keys' });
    const fetchIt = inProcess(platform.handler);
    const auth = { authorization: `Bearer ${key}` };
    expect((await fetchIt(`${platform.url}/api_keys`, { headers: auth })).status).toBe(200);
    expect(slept).toEqual([5000]);
    const big = await fetchIt(`${platform.url}/api_keys`, { method: 'POST', headers: auth, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    const bad = await fetchIt(`${platform.url}/api_keys`, { method: 'POST', headers: auth, body: '{' });
    expect(bad.status).toBe(400);
  });

  it('serves GitHub and the control API too, its timestamps from the injected clock', async () => {
    const now = Date.parse('2031-05-06T07:08:09Z');
    const github = await startGitHubEmulator({
      repos: ['acme/web'],
      tokens: { t0ken: 'write' },
      runtime: { now: () => now, sleep: async () => {} },
    });
    try {
      const fetchIt = inProcess(github.handler);
      const headers = { authorization: 'token t0ken', 'user-agent': 'test', 'x-github-api-version': '2022-11-28' };
      const made = await fetchIt(`${github.url}/repos/acme/web/actions/variables`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'V', value: 'x' }),
      });
      expect(made.status).toBe(201);
      const read = (await (await fetchIt(`${github.url}/repos/acme/web/actions/variables/V`, { headers })).json()) as {
        created_at: string;
      };
      expect(read.created_at).toBe('2031-05-06T07:08:09Z');
      const faults = await fetchIt(`${github.controlUrl}/faults`);
      expect(await faults.json()).toEqual({ faults: [] });
    } finally {
      await github.close();
    }
  });
});

describe('toFetchRequest', () => {
  const body = (request: FetchRequest) =>
    request.body instanceof Uint8Array ? Promise.resolve(Buffer.from(request.body).toString()) : new Response(request.body).text();
  const viaRequest = (input: string | URL, init?: RequestInit) => FetchRequest.fromRequest(new Request(input, init));

  it('reads what a Request would: method, URL, headers (a text body typed as text) and body', async () => {
    const calls: Array<[string | URL, RequestInit | undefined]> = [
      ['http://127.0.0.1:9/api/v2/api_keys?limit=2', undefined],
      [
        new URL('http://127.0.0.1:9/a%20b/c'),
        { method: 'post', headers: { 'Content-Type': 'application/json', Accept: ' x ' }, body: '{"a":"é"}' },
      ],
      [
        'http://127.0.0.1:9/x',
        {
          method: 'patch',
          headers: new Headers([
            ['x-a', '1'],
            ['X-A', '2'],
          ]),
          body: new Uint8Array([123, 125]),
        },
      ],
      ['http://127.0.0.1:9/x', { method: 'DELETE', headers: [['authorization', 'token t']], redirect: 'manual', body: 'plain' }],
    ];
    for (const [input, init] of calls) {
      const direct = toFetchRequest(input, init);
      const built = viaRequest(input, init);
      expect({ method: direct.method, url: direct.url.href, headers: direct.headers }).toEqual({
        method: built.method,
        url: built.url.href,
        headers: built.headers,
      });
      expect(await body(direct)).toBe(await body(built));
    }
  });

  it('reads plain header objects as Headers does: names lower-cased and sorted, repeats joined, values trimmed', () => {
    const headerSets: Array<Record<string, unknown>> = [
      { 'X-B': 'b', accept: 'application/json', 'x-b': 'c', Authorization: 'token t', 'X-Empty': '' },
      { 'x-trimmed': '\t x y \r\n', 'x-number': 5, 'x-latin': 'caf\u00e9' },
      { 'Set-Cookie': 'a=1', 'set-cookie': 'b=2', other: 'o' },
      { ['__proto__']: 'p', z: 'z' },
    ];
    for (const headers of headerSets) {
      const init = { method: 'GET', headers: headers as Record<string, string> };
      expect(Object.entries(toFetchRequest('http://127.0.0.1:9/', init).headers)).toEqual(
        Object.entries(viaRequest('http://127.0.0.1:9/', init).headers),
      );
    }
  });

  it('throws the TypeError a Request throws for a bad call', () => {
    const bad: Array<[string, RequestInit | undefined]> = [
      ['not a url', undefined],
      ['http://user:pw@127.0.0.1:9/', undefined],
      ['http://127.0.0.1:9/', { method: 'GET', body: 'x' }],
      ['http://127.0.0.1:9/', { method: 'TRACE' }],
      ['http://127.0.0.1:9/', { method: 'a b' }],
      ['http://127.0.0.1:9/', { headers: { 'bad name': 'x' } }],
      ['http://127.0.0.1:9/', { headers: { 'x-a': 'line\nbreak' } }],
      ['http://127.0.0.1:9/', { headers: { 'x-a': 'not latin-1: \u20ac' } }],
      ['http://127.0.0.1:9/', { redirect: 'sideways' as RequestInit['redirect'] }],
    ];
    for (const [input, init] of bad) {
      expect(() => new Request(input, init)).toThrow(TypeError);
      expect(() => toFetchRequest(input, init)).toThrow(TypeError);
    }
  });

  it('takes the signal the caller gave, and a request it read already as it is', () => {
    const controller = new AbortController();
    const request = toFetchRequest('http://127.0.0.1:9/', { signal: controller.signal });
    expect(request.signal).toBe(controller.signal);
    expect(toFetchRequest(request)).toBe(request);
  });
});
