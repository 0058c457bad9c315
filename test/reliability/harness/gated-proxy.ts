// A pass-through proxy in front of an emulator, one per run, so a test can order two concurrent runs
// exactly: a gate holds one run's request (before it reaches the emulator) or its reply (after the
// request took effect) until the test releases it. Only loopback, only for tests.

import { createServer, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Gate {
  /** Resolves when the matching request is held (before it is sent on, or after its reply came). */
  reached: Promise<void>;
  release(): void;
}

export interface GatedProxy {
  /** Use in place of the emulator's origin. */
  origin: string;
  /** Holds the first request matching `method` and `path` (exact, query ignored). */
  hold(method: string, path: string, phase: 'request' | 'reply'): Gate;
  /** `METHOD /path` of every request passed on, in order. */
  seen: string[];
  close(): Promise<void>;
}

interface ArmedGate {
  method: string;
  path: string;
  phase: 'request' | 'reply';
  reached: () => void;
  released: Promise<void>;
}

/** Rewrites a reply body on its way back (a platform that reports what it knows late, say). */
export type ReplyRewrite = (request: { method: string; path: string }, status: number, body: Buffer) => Buffer;

export async function startGatedProxy(upstreamOrigin: string, rewrite?: ReplyRewrite): Promise<GatedProxy> {
  const upstream = new URL(upstreamOrigin);
  const gates: ArmedGate[] = [];
  const seen: string[] = [];

  const take = (req: IncomingMessage): ArmedGate | undefined => {
    const path = (req.url ?? '/').replace(/\?.*$/, '');
    const index = gates.findIndex((g) => g.method === req.method && g.path === path);
    return index < 0 ? undefined : gates.splice(index, 1)[0];
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const gate = take(req);
    if (gate?.phase === 'request') {
      gate.reached();
      await gate.released;
    }
    seen.push(`${req.method} ${req.url}`);
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      async (reply) => {
        const body: Buffer[] = [];
        for await (const chunk of reply) body.push(chunk as Buffer);
        if (gate?.phase === 'reply') {
          gate.reached();
          await gate.released;
        }
        const status = reply.statusCode ?? 502;
        const path = (req.url ?? '/').replace(/\?.*$/, '');
        const out = rewrite ? rewrite({ method: req.method ?? 'GET', path }, status, Buffer.concat(body)) : Buffer.concat(body);
        res.writeHead(status, { ...reply.headers, 'content-length': String(out.length) });
        res.end(out);
      },
    );
    forwarded.on('error', () => res.destroy());
    forwarded.end(Buffer.concat(chunks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    hold(method, path, phase) {
      let reached!: () => void;
      let release!: () => void;
      const gate: Gate = {
        reached: new Promise<void>((resolve) => {
          reached = resolve;
        }),
        release: () => release(),
      };
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      gates.push({ method, path, phase, reached, released });
      return gate;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
