// The services as the Action sees them: one https server on loopback answering for every test host
// name, passing each request on to the emulator that host stands for (plain http, loopback). It is
// the far end of the proxy's tunnels, so it sees what the proxy cannot: which credential went to
// which origin.

import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  /** The Host header: the origin the client meant. */
  host: string;
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface TlsFront {
  port: number;
  /** Every request received, in order. Holds credentials: the tests compare, never print it. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** `upstreams` maps a host name to the emulator origin it stands for (`http://127.0.0.1:port`). */
export async function startTlsFront(options: { cert: string; key: string; upstreams: Record<string, string> }): Promise<TlsFront> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer({ cert: options.cert, key: options.key }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    received.push({ host, method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
    const upstream = options.upstreams[host];
    if (!upstream) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end(`no service answers for ${host}`);
      return;
    }
    const forwarded = httpRequest(new URL(req.url ?? '/', upstream), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
