// The pipeline shared by both emulators, with no transport: JSON in and out, routing,
// authentication, faults, a request log, and a control API under /__emulator that the emulated
// services never use. The fetch handler (fetch-handler.ts) serves it in process; node:http serves
// it over a socket (http-server.ts).
//
// An API request goes: mount check (404 outside it, no faults) -> fault taken -> drop / hang /
// status faults -> authenticate hook (401 before anything else is looked at) -> whole body read
// (400, 413) -> delay -> dispatch (404, 405, the route) -> reply-lost / hang-after-effect -> reply.

import { ConnectionDropped } from './connection-dropped.js';
import { ControlApi, controlPath } from './control-api.js';
import { httpDate, isoTime } from './dates.js';
import type { CoreAnswer, IncomingRequest } from './core-request.js';
import type { EmulatorTime } from './emulator-time.js';
import { type Exchange, redactedHeaders } from './exchange.js';
import { FaultBook } from './faults.js';
import { HangingReplies } from './hanging-replies.js';
import { faultReply, JSON_CONTENT_TYPE } from './reply.js';
import { ClientGoneError, readJsonBody } from './request-body.js';
import { RequestLog } from './request-log.js';
import { pathWithin, splitRequestTarget } from './request-target.js';
import { compileRoutes, dispatch, type EmulatorReply, type EmulatorRequest, type ErrorReply, HttpError, type Route } from './routes.js';
import { Sleeps } from './sleeps.js';

export interface EmulatorCoreOptions {
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
  /**
   * Headers the service adds to every answer to a request that passed `authenticate` (GitLab's
   * RateLimit-* when limiting is on); the answer's own headers win.
   */
  replyHeaders?: (req: EmulatorRequest) => Record<string, string> | undefined;
  /** Status for a known path asked with a method it does not have: 405 unless the service answers otherwise. */
  wrongMethodStatus?: number;
  /** Most entries the request log keeps, the oldest dropped first (100,000). */
  requestLogLimit?: number;
  /** Receives every answered API request (credentials redacted); a hook that throws changes nothing. */
  onExchange?: (exchange: Exchange) => void;
  /** Hides credential values the service answers (a new key) before an exchange is handed out. */
  redactResponseBody?: (body: unknown) => unknown;
}

export type { CoreAnswer, IncomingRequest } from './core-request.js';

export interface EmulatorCore {
  /**
   * Answers one request. Rejects with ConnectionDropped where the connection goes without an answer
   * (drop and reply-lost faults, a hang ended by close), with the client's abort reason when it
   * gave up first, and with ClientGoneError when it went before sending the whole request.
   */
  answer(request: IncomingRequest): Promise<CoreAnswer>;
  faults: FaultBook;
  log: RequestLog;
  /** Ends hanging requests and pending delays; later API requests are dropped. */
  close(): void;
}

export function createEmulatorCore(options: EmulatorCoreOptions, time: EmulatorTime): EmulatorCore {
  const faults = new FaultBook();
  const log = new RequestLog(options.requestLogLimit);
  const routes = compileRoutes(options.routes);
  const control = new ControlApi(faults, log, options.controlRoutes);
  const mount = options.mount.replace(/\/$/, '');
  const hanging = new HangingReplies();
  const sleeps = new Sleeps(time);
  let closed = false;

  async function answer(incoming: IncomingRequest): Promise<CoreAnswer> {
    const target = splitRequestTarget(incoming.target);
    const inControl = controlPath(target.path);
    if (inControl !== undefined) return control.answer(incoming, inControl, target);
    if (closed) throw new ConnectionDropped('the emulator is closed');
    return answerApi(incoming, target);
  }

  async function answerApi(incoming: IncomingRequest, target: { path: string; search: string }): Promise<CoreAnswer> {
    const started = time.now();
    const method = incoming.method.toUpperCase();
    const path = pathWithin(target.path, mount);
    // Faults apply only inside the mount: a path outside it is not the service's.
    const fault = path === undefined ? undefined : faults.take(method, path);
    const entry = { time: isoTime(started), method, path: path ?? target.path, query: target.search, fault: fault?.kind };
    let request: EmulatorRequest | undefined;
    let recorded = false;
    const record = (status: number | undefined) => {
      recorded = true;
      log.record({ ...entry, status, actor: request?.actor, durationMs: Math.round(time.now() - started) });
    };
    const reply = (answer: EmulatorReply, closeConnection = false): CoreAnswer => {
      record(answer.status);
      if (options.onExchange) report(options.onExchange, answer);
      // Dated by the emulator's clock (a client correcting a JWT's clock reads it), unless the service dated it.
      const added = request && options.replyHeaders?.(request);
      return { reply: { ...answer, headers: { date: httpDate(time.now()), ...added, ...answer.headers } }, closeConnection };
    };
    const report = (onExchange: (exchange: Exchange) => void, answer: EmulatorReply) => {
      const body = answer.body === undefined || !options.redactResponseBody ? answer.body : options.redactResponseBody(answer.body);
      const sentHeaders = { ...(answer.body !== undefined && { 'content-type': JSON_CONTENT_TYPE }), ...answer.headers };
      try {
        onExchange({
          ...entry,
          requestHeaders: redactedHeaders(incoming.headers),
          requestBody: request?.body,
          status: answer.status,
          responseHeaders: Object.fromEntries(Object.entries(sentHeaders).map(([k, v]) => [k.toLowerCase(), v])),
          responseBody: answer.text ?? body,
        });
      } catch {
        // An observer only: its failure must not change the emulator's answer.
      }
    };
    /** No answer goes out: the connection goes (`dropped`), or the client is gone already. */
    const noAnswer = (why: 'dropped' | 'gone'): never => {
      record(undefined);
      if (why === 'dropped') throw new ConnectionDropped('connection reset by the emulator');
      throw incoming.signal?.aborted ? incoming.signal.reason : new ClientGoneError('the client went away');
    };
    const hang = (): Promise<never> => {
      record(undefined);
      return hanging.hold(incoming.signal);
    };

    try {
      if (path === undefined) return reply(options.errorReply(404, `no such path: ${target.path}`));
      if (fault?.kind === 'drop') return noAnswer('dropped');
      if (fault?.kind === 'hang' && !fault.afterEffect) return await hang();
      if (fault?.kind === 'status') return reply(faultReply(fault, options.errorReply, time.now()));

      request = {
        method,
        path,
        params: {},
        query: new URLSearchParams(target.search),
        headers: incoming.headers,
        body: undefined,
        remoteAddress: incoming.remoteAddress,
      };
      let refusal: EmulatorReply | undefined;
      let closeConnection = false;
      try {
        options.authenticate?.(request);
        request.body = await readJsonBody(incoming.body(), incoming.signal);
      } catch (error) {
        // Without the whole request there is nothing to carry out, and no one to answer.
        if (error instanceof ClientGoneError) return noAnswer('gone');
        if (!(error instanceof HttpError)) throw error;
        refusal = error.reply ?? options.errorReply(error.status, error.message);
        // A 413 leaves the rest of the body unread: the connection cannot carry another request.
        closeConnection = error.status === 413;
      }
      // A slow server that has the whole request carries it out even if the client gives up.
      if (fault?.kind === 'delay' && !(await sleeps.sleep(fault.ms))) return noAnswer('dropped');
      if (closed) return noAnswer('dropped');

      const answer = refusal ?? (await dispatch(routes, request, options));
      if (fault?.kind === 'hang') return await hang();
      if (fault?.kind === 'reply-lost') {
        if (fault.status !== undefined) {
          return reply(options.errorReply(fault.status, 'the request took effect, but the reply failed (emulated fault)'), closeConnection);
        }
        return noAnswer('dropped');
      }
      if (incoming.signal?.aborted) return noAnswer('gone');
      return reply(answer, closeConnection);
    } catch (error) {
      if (recorded) throw error;
      record(500);
      return {
        reply: options.errorReply(500, `emulator error: ${error instanceof Error ? error.message : String(error)}`),
        closeConnection: false,
      };
    }
  }

  return {
    answer,
    faults,
    log,
    close: () => {
      closed = true;
      sleeps.cancelAll();
      hanging.endAll();
    },
  };
}
