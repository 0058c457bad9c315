// The control API under /__emulator, shared by both emulators: faults and the request log, plus
// each emulator's own routes. Not part of the emulated services: no auth, no faults, not logged.

import type { CoreAnswer, IncomingRequest } from './core-request.js';
import type { FaultBook, FaultSpec } from './faults.js';
import { readJsonBody } from './request-body.js';
import type { RequestLog } from './request-log.js';
import type { RequestTarget } from './request-target.js';
import { type CompiledRoute, compileRoutes, dispatch, type EmulatorReply, HttpError, type Route, route } from './routes.js';

export const CONTROL_PREFIX = '/__emulator';

const controlError = (status: number, message: string): EmulatorReply => ({ status, body: { message } });

/** The control path relative to the prefix (`/faults`), or undefined when `path` is not a control path. */
export function controlPath(path: string): string | undefined {
  if (path === CONTROL_PREFIX) return '/';
  return path.startsWith(`${CONTROL_PREFIX}/`) ? path.slice(CONTROL_PREFIX.length) : undefined;
}

export class ControlApi {
  readonly #routes: CompiledRoute[];

  constructor(faults: FaultBook, log: RequestLog, extra: Route[] = []) {
    this.#routes = compileRoutes([...sharedControlRoutes(faults, log), ...extra]);
  }

  /** Answers a control request; bad JSON is a 400 and an oversized body a 413, as on the API. Rejects with ClientGoneError. */
  async answer(incoming: IncomingRequest, path: string, target: RequestTarget): Promise<CoreAnswer> {
    try {
      const request = {
        method: incoming.method.toUpperCase(),
        path,
        params: {},
        query: new URLSearchParams(target.search),
        headers: incoming.headers,
        body: await readJsonBody(incoming.body(), incoming.signal),
        remoteAddress: incoming.remoteAddress,
      };
      return { reply: await dispatch(this.#routes, request, { errorReply: controlError }), closeConnection: false };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { reply: controlError(error.status, error.message), closeConnection: error.status === 413 };
    }
  }
}

function sharedControlRoutes(faults: FaultBook, log: RequestLog): Route[] {
  return [
    route('GET', '/faults', () => ({ status: 200, body: { faults: faults.list() } })),
    route('POST', '/faults', (req) => {
      try {
        const ids = Array.isArray(req.body) ? faults.addAll(req.body as FaultSpec[]) : [faults.add(req.body as FaultSpec)];
        return { status: 201, body: { ids } };
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
    }),
    route('DELETE', '/faults', () => {
      faults.clear();
      return { status: 204 };
    }),
    route('GET', '/requests', (req) => ({
      status: 200,
      body: {
        requests: log.entries({
          method: req.query.get('method') ?? undefined,
          path: req.query.get('path') ?? undefined,
        }),
      },
    })),
    route('DELETE', '/requests', () => {
      log.clear();
      return { status: 204 };
    }),
  ];
}
