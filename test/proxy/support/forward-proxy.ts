// A small forward proxy, as a runner's network has one: CONNECT tunnels for https, absolute-form
// requests for plain http, optional Basic proxy credentials. It alone knows the test host names
// (its own host table, as a proxy has its own DNS), so a request that reaches a service through a
// test name went through it. It logs every request head it receives, header values included, as a
// verbose proxy log would: the tests search that log for keys and tokens.

import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** `host:port` of a CONNECT, the absolute URL of a plain request. */
  target: string;
  /** Header names in lower case, as received. */
  headerNames: string[];
  /** What the proxy answered: 200 (tunnel open), 407, 502... */
  status: number;
}

export interface ForwardProxy {
  /** `http://127.0.0.1:port`, or with the credentials when the proxy requires them. */
  url: string;
  requests: ProxiedRequest[];
  /** The proxy's log: every request head as received, then its outcome. */
  logText(): string;
  close(): Promise<void>;
}

export interface ForwardProxyOptions {
  /** Host name -> address: the only names this proxy (and nothing else in the test) resolves. */
  hosts: Record<string, string>;
  /** Required Basic credentials; none when absent. */
  credentials?: { username: string; password: string };
}

export async function startForwardProxy(options: ForwardProxyOptions): Promise<ForwardProxy> {
  const requests: ProxiedRequest[] = [];
  const log: string[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    : undefined;

  /** Logs the head; answers the status that refuses it, or undefined to go on. */
  const admit = (req: IncomingMessage, host: string): number | undefined => {
    const head = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) head.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    log.push(head.join('\n'));
    if (expected && req.headers['proxy-authorization'] !== expected) return 407;
    if (!(host in options.hosts)) return 502;
    return undefined;
  };
  const record = (req: IncomingMessage, status: number) => {
    requests.push({
      method: req.method ?? '',
      target: req.url ?? '',
      headerNames: req.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
      status,
    });
    log.push(`-> ${status}`);
  };

  const server: Server = createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      record(req, 400);
      res.writeHead(400).end('absolute-form requests only');
      return;
    }
    const refused = admit(req, url.hostname);
    if (refused) {
      record(req, refused);
      res.writeHead(refused, refused === 407 ? { 'proxy-authenticate': 'Basic realm="test"' } : {}).end();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      { host: options.hosts[url.hostname], port: url.port || 80, path: url.pathname + url.search, method: req.method, headers },
      (answer) => {
        record(req, answer.statusCode ?? 502);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const [host = '', port = '443'] = (req.url ?? '').split(/:(?=\d+$)/);
    const refused = admit(req, host);
    if (refused) {
      record(req, refused);
      const authenticate = refused === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : '';
      client.end(`HTTP/1.1 ${refused} Refused\r\n${authenticate}Content-Length: 0\r\n\r\n`);
      return;
    }
    const upstream = connect(Number(port), options.hosts[host], () => {
      record(req, 200);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const credentials = options.credentials
    ? `${encodeURIComponent(options.credentials.username)}:${encodeURIComponent(options.credentials.password)}@`
    : '';
  return {
    url: `http://${credentials}127.0.0.1:${port}`,
    requests,
    logText: () => log.join('\n'),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
