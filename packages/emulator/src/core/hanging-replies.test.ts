// Over a real HTTP server: what a held reply becomes when its client gives up, or the emulator closes.

import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HangingReplies } from './hanging-replies.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server that holds every reply; resolves each held response as it comes in. */
async function holdingServer(replies: HangingReplies) {
  const held: ServerResponse[] = [];
  const waiters: Array<(res: ServerResponse) => void> = [];
  server = createServer((_req, res) => {
    replies.hold(res);
    const waiter = waiters.shift();
    if (waiter) waiter(res);
    else held.push(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ask: () => {
      const req = request({ port, host: '127.0.0.1', path: '/', agent: false });
      const failed = new Promise<string>((resolve) => {
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.on('response', () => resolve('answered'));
      });
      req.end();
      return { req, failed };
    },
    nextHeld: () => new Promise<ServerResponse>((resolve) => (held.length > 0 ? resolve(held.shift()!) : waiters.push(resolve))),
  };
}

describe('HangingReplies', () => {
  it('lets go of a reply whose client went away', async () => {
    const replies = new HangingReplies();
    const http = await holdingServer(replies);
    const first = http.ask();
    const res = await http.nextHeld();
    http.ask();
    await http.nextHeld();
    expect(replies.size).toBe(2);
    const closed = new Promise((resolve) => res.once('close', resolve));
    first.req.destroy();
    await closed;
    expect(replies.size).toBe(1);
  });

  it('ends every held reply on endAll: the clients see the connection go', async () => {
    const replies = new HangingReplies();
    const http = await holdingServer(replies);
    const asked = [http.ask(), http.ask()];
    await http.nextHeld();
    await http.nextHeld();
    replies.endAll();
    expect(await Promise.all(asked.map((a) => a.failed))).toEqual(['ECONNRESET', 'ECONNRESET']);
    expect(replies.size).toBe(0);
  });
});
