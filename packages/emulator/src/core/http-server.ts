// The HTTP shell shared by both emulators: JSON in and out, routing, authentication, faults, a
// request log, and a control API under /__emulator that the emulated services never use.
//
// An API request goes: mount check (404 outside it, no faults) -> fault taken -> drop / hang /
// status faults -> authenticate hook (401 before anything else is looked at) -> whole body read
// (400, 413) -> delay -> dispatch (404, 405, the route) -> reply-lost / hang-after-effect -> reply.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ControlApi, controlPath } from './control-api.js';
import { type Exchange, redactedHeaders } from './exchange.js';
import { FaultBook } from './faults.js';
import { HangingReplies } from './hanging-replies.js';
import { faultReply, JSON_CONTENT_TYPE, send } from './reply.js';
import { ClientGoneError, readJsonBody } from './request-body.js';
import { RequestLog } from './request-log.js';
import { pathWithin, type RequestTarget, splitRequestTarget } from './request-target.js';
import {
  compileRoutes,
  dispatch,
  type EmulatorReply,
  type EmulatorRequest,
  type ErrorReply,
  emulatorRequest,
  HttpError,
  type Route,
} from './routes.js';
import { Sleeps } from './sleeps.js';

export { CONTROL_PREFIX } from './control-api.js';
export { HttpError } from './routes.js';
export type { EmulatorReply, EmulatorRequest, Route, RouteHandler } from './routes.js';
export type { Exchange } from './exchange.js';

export interface HttpEmulatorOptions {
  /** Where the emulated API is mounted (`/api/v2`, or `` for the root). */
  mount: string;
  routes: Route[];
  /** Extra control routes, mounted under /__emulator; no faults, not logged. */
  controlRoutes?: Route[];
  /** Builds the service's own error body. */
  errorReply: ErrorReply;
  /**
   * Checks the request's credentials once the path is known to be the service's, before its body
   * is read or a route is looked up: sets `req.actor`, or throws HttpError (401) to refuse it.
   */
  authenticate?: (req: EmulatorRequest) => void;
  /** Status for a known path asked with a method it does not have: 405 unless the service answers otherwise. */
  wrongMethodStatus?: number;
  /** Most entries the request log keeps, the oldest dropped first (100,000). */
  requestLogLimit?: number;
  /** Receives every answered API request (credentials redacted); a hook that throws changes nothing. */
  onExchange?: (exchange: Exchange) => void;
  /** Hides credential values the service answers (a new key) before an exchange is handed out. */
  redactResponseBody?: (body: unknown) => unknown;
  host?: string;
  port?: number;
}

export interface HttpEmulator {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  faults: FaultBook;
  log: RequestLog;
  /** Stops listening, ends hanging requests and pending delays, and waits for requests being handled. */
  close(): Promise<void>;
}

export async function startHttpEmulator(options: HttpEmulatorOptions): Promise<HttpEmulator> {
  const faults = new FaultBook();
  const log = new RequestLog(options.requestLogLimit);
  const routes = compileRoutes(options.routes);
  const control = new ControlApi(faults, log, options.controlRoutes);
  const mount = options.mount.replace(/\/$/, '');
  const hanging = new HangingReplies();
  const sleeps = new Sleeps();
  const inFlight = new Set<Promise<void>>();
  const sockets = new Set<Socket>();
  let closed = false;

  const server = createServer((req, res) => {
    const handling = handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) send(res, options.errorReply(500, 'emulator error'));
      else res.destroy();
    });
    inFlight.add(handling);
    void handling.finally(() => inFlight.delete(handling));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = splitRequestTarget(req.url ?? '/');
    const inControl = controlPath(target.path);
    if (inControl !== undefined) return control.answer(req, res, inControl, target);
    if (closed) {
      res.destroy();
      return;
    }
    return answerApi(req, res, target);
  }

  async function answerApi(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void> {
    const started = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const path = pathWithin(target.path, mount);
    // Faults apply only inside the mount: a path outside it is not the service's.
    const fault = path === undefined ? undefined : faults.take(method, path);
    const entry = { time: new Date().toISOString(), method, path: path ?? target.path, query: target.search, fault: fault?.kind };
    let request: EmulatorRequest | undefined;
    let recorded = false;
    const record = (status: number | undefined) => {
      recorded = true;
      log.record({ ...entry, status, actor: request?.actor, durationMs: Math.round(performance.now() - started) });
    };
    const reply = (answer: EmulatorReply, closeConnection = false) => {
      send(res, answer, { closeConnection });
      record(answer.status);
      if (options.onExchange) report(options.onExchange, answer);
    };
    const report = (onExchange: (exchange: Exchange) => void, answer: EmulatorReply) => {
      const body = answer.body === undefined || !options.redactResponseBody ? answer.body : options.redactResponseBody(answer.body);
      const sentHeaders = { ...(answer.body !== undefined && { 'content-type': JSON_CONTENT_TYPE }), ...answer.headers };
      try {
        onExchange({
          ...entry,
          requestHeaders: redactedHeaders(req.headers),
          requestBody: request?.body,
          status: answer.status,
          responseHeaders: Object.fromEntries(Object.entries(sentHeaders).map(([k, v]) => [k.toLowerCase(), v])),
          responseBody: answer.text ?? body,
        });
      } catch {
        // An observer only: its failure must not change the emulator's answer.
      }
    };

    try {
      if (path === undefined) return reply(options.errorReply(404, `no such path: ${target.path}`));
      if (fault?.kind === 'drop') {
        record(undefined);
        req.socket.destroy();
        return;
      }
      if (fault?.kind === 'hang' && !fault.afterEffect) {
        record(undefined);
        return hanging.hold(res);
      }
      if (fault?.kind === 'status') return reply(faultReply(fault, options.errorReply));

      request = emulatorRequest(req, path, target.search);
      let refusal: EmulatorReply | undefined;
      let closeConnection = false;
      try {
        options.authenticate?.(request);
        request.body = await readJsonBody(req);
      } catch (error) {
        // Without the whole request there is nothing to carry out, and no one to answer.
        if (error instanceof ClientGoneError) return record(undefined);
        if (!(error instanceof HttpError)) throw error;
        refusal = error.reply ?? options.errorReply(error.status, error.message);
        // A 413 leaves the rest of the body unread: the connection cannot carry another request.
        closeConnection = error.status === 413;
      }
      // A slow server that has the whole request carries it out even if the client gives up.
      if (fault?.kind === 'delay' && !(await sleeps.sleep(fault.ms))) return record(undefined);
      if (closed) return record(undefined);

      const answer = refusal ?? (await dispatch(routes, request, options));
      if (fault?.kind === 'hang') {
        record(undefined);
        return hanging.hold(res);
      }
      if (fault?.kind === 'reply-lost') {
        if (fault.status !== undefined) {
          return reply(options.errorReply(fault.status, 'the request took effect, but the reply failed (emulated fault)'), closeConnection);
        }
        record(undefined);
        req.socket.destroy();
        return;
      }
      if (res.destroyed) return record(undefined);
      reply(answer, closeConnection);
    } catch (error) {
      if (!recorded) record(500);
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      send(res, options.errorReply(500, `emulator error: ${error instanceof Error ? error.message : String(error)}`));
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
    faults,
    log,
    close: async () => {
      closed = true;
      sleeps.cancelAll();
      hanging.endAll();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
    },
  };
}
