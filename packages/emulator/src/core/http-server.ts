// The HTTP shell shared by both emulators: JSON in and out, routing, authentication, faults, a
// request log, and a control API under /__emulator that the emulated services never use.
//
// An API request goes: mount check (404 outside it, no faults) -> fault taken -> drop / hang /
// status faults -> authenticate hook (401 before anything else is looked at) -> whole body read
// (400, 413) -> delay -> dispatch (404, 405, the route) -> reply-lost / hang-after-effect -> reply.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { ConnectionDropped } from './connection-dropped.js';
import { createEmulatorCore, type EmulatorCoreOptions } from './emulator-core.js';
import { type EmulatorTime, systemTime } from './emulator-time.js';
import type { FaultBook } from './faults.js';
import { type FetchHandler, fetchHandler } from './fetch-handler.js';
import { send } from './reply.js';
import { ClientGoneError } from './request-body.js';
import type { RequestLog } from './request-log.js';

export { CONTROL_PREFIX } from './control-api.js';
export { HttpError, route } from './routes.js';
export type { EmulatorReply, EmulatorRequest, Route, RouteHandler } from './routes.js';
export type { Exchange } from './exchange.js';
export type { FetchHandler } from './fetch-handler.js';
export { FetchRequest, toFetchRequest } from './fetch-request.js';
export type { EmulatorTime } from './emulator-time.js';

export interface HttpEmulatorOptions extends EmulatorCoreOptions {
  host?: string;
  port?: number;
  /** The clock and sleep of delays, log times and durations (the wall clock by default). */
  time?: EmulatorTime;
  /** false: no socket at all, reached through `handler` only (origin IN_PROCESS_ORIGIN); a simulation starts thousands. */
  listen?: boolean;
}

/**
 * The origin of an emulator that does not listen: loopback (the clients send keys over plain http
 * to loopback only), on the discard port nothing serves, so a request that missed the handler fails.
 */
export const IN_PROCESS_ORIGIN = 'http://127.0.0.1:9';

export interface HttpEmulator {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  faults: FaultBook;
  log: RequestLog;
  /** The same emulator in process: a client's `fetch` that reaches it without a socket. */
  handler: FetchHandler;
  /** Stops listening, ends hanging requests and pending delays, and waits for requests being handled. */
  close(): Promise<void>;
}

export async function startHttpEmulator(options: HttpEmulatorOptions): Promise<HttpEmulator> {
  const core = createEmulatorCore(options, options.time ?? systemTime);
  if (options.listen === false) {
    return { origin: IN_PROCESS_ORIGIN, faults: core.faults, log: core.log, handler: fetchHandler(core), close: async () => core.close() };
  }
  const inFlight = new Set<Promise<void>>();
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const handling = serve(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) send(res, options.errorReply(500, 'emulator error'));
      else res.destroy();
    });
    inFlight.add(handling);
    void handling.finally(() => inFlight.delete(handling));
  });
  // Idle connections stay open until the client closes them (or close()): a server that times them
  // out (node's 5 s) races a client reusing one just then, which reads ECONNRESET on a request it
  // must not retry (a POST). Only the client can close an idle connection without that race.
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  /** node:http around the core: the request as it came, the answer written, the socket ended where no answer goes. */
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort(new Error('the client went away'));
    });
    try {
      const { reply, closeConnection } = await core.answer({
        method: req.method ?? 'GET',
        target: req.url ?? '/',
        headers: req.headers,
        body: () => Readable.toWeb(req) as ReadableStream<Uint8Array>,
        signal: gone.signal,
        remoteAddress: req.socket.remoteAddress ?? '127.0.0.1',
      });
      if (res.destroyed) return;
      send(res, reply, { closeConnection });
    } catch (error) {
      if (error instanceof ConnectionDropped) {
        req.socket.destroy();
        return;
      }
      // The client is gone (or went before sending the whole request): there is no one to answer.
      if (error instanceof ClientGoneError || gone.signal.aborted || res.destroyed) return;
      throw error;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    origin: `http://${host}:${address.port}`,
    faults: core.faults,
    log: core.log,
    handler: fetchHandler(core),
    close: async () => {
      core.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
    },
  };
}
