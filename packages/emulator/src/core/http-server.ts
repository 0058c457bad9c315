// The HTTP shell shared by both emulators: JSON in and out, routing, faults, a request log, and a
// control API under /__emulator that the emulated services never use.

import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FaultBook, type FaultSpec } from './faults.js';
import { RequestLog } from './request-log.js';
import { compilePattern, matchPattern, type PathPattern } from './router.js';

export const CONTROL_PREFIX = '/__emulator';

export interface EmulatorRequest {
  method: string;
  /** Path relative to the mount point (`/api_keys` for `/api/v2/api_keys`). */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined when the body is empty. */
  body: unknown;
  remoteAddress: string;
  /** Set by a handler to say who asked, for the request log. Never a credential. */
  actor?: string;
}

export interface EmulatorReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = (req: EmulatorRequest) => EmulatorReply | Promise<EmulatorReply>;

export interface Route {
  method: string;
  pattern: string;
  handler: RouteHandler;
}

export interface HttpEmulatorOptions {
  /** Where the emulated API is mounted (`/api/v2`, or `` for the root). */
  mount: string;
  routes: Route[];
  /** Extra control routes, mounted under /__emulator; no faults, not logged. */
  controlRoutes?: Route[];
  /** Builds the service's own error body. */
  errorReply: (status: number, message: string) => EmulatorReply;
  host?: string;
  port?: number;
}

export interface HttpEmulator {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  faults: FaultBook;
  log: RequestLog;
  close(): Promise<void>;
}

interface CompiledRoute extends Route {
  compiled: PathPattern;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function startHttpEmulator(options: HttpEmulatorOptions): Promise<HttpEmulator> {
  const faults = new FaultBook();
  const log = new RequestLog();
  const routes = compileRoutes(options.routes);
  const controlRoutes = compileRoutes([...controlRoutesFor(faults, log), ...(options.controlRoutes ?? [])]);
  const mount = options.mount.replace(/\/$/, '');
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, options.errorReply(500, `emulator error: ${String(error)}`));
      else res.destroy();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = (req.method ?? 'GET').toUpperCase();

    if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      const request = await readRequest(req, url, url.pathname.slice(CONTROL_PREFIX.length) || '/');
      send(res, await dispatch(controlRoutes, request, (status, message) => ({ status, body: { message } })));
      return;
    }

    const inMount = url.pathname === mount || url.pathname.startsWith(`${mount}/`) || mount === '';
    const path = inMount ? url.pathname.slice(mount.length) || '/' : url.pathname;
    const fault = faults.take(method, path);
    const entry = { time: new Date().toISOString(), method, path, query: url.search, fault: fault?.kind };
    const record = (status: number | undefined, actor?: string) =>
      log.record({ ...entry, status, actor, durationMs: Math.round(performance.now() - started) });

    if (fault?.kind === 'delay') await sleep(fault.ms);
    if (fault?.kind === 'drop') {
      record(undefined);
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'hang' && !fault.afterEffect) {
      record(undefined);
      hanging.add(res);
      return;
    }
    if (fault?.kind === 'status') {
      record(fault.status);
      send(res, faultReply(fault, options.errorReply));
      return;
    }

    let request: EmulatorRequest;
    try {
      request = await readRequest(req, url, path);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 400;
      record(status);
      send(res, options.errorReply(status, (error as Error).message));
      return;
    }
    const reply = inMount
      ? await dispatch(routes, request, options.errorReply)
      : options.errorReply(404, `no such path: ${url.pathname}`);

    if (fault?.kind === 'hang') {
      record(undefined, request.actor);
      hanging.add(res);
      return;
    }
    if (fault?.kind === 'reply-lost') {
      if (fault.status === undefined) {
        record(undefined, request.actor);
        req.socket.destroy();
        return;
      }
      record(fault.status, request.actor);
      send(res, options.errorReply(fault.status, 'the request took effect, but the reply failed (emulated fault)'));
      return;
    }
    record(reply.status, request.actor);
    send(res, reply);
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function compileRoutes(routes: Route[]): CompiledRoute[] {
  return routes.map((r) => ({ ...r, method: r.method.toUpperCase(), compiled: compilePattern(r.pattern) }));
}

async function dispatch(
  routes: CompiledRoute[],
  request: EmulatorRequest,
  errorReply: (status: number, message: string) => EmulatorReply,
): Promise<EmulatorReply> {
  let pathMatched = false;
  for (const route of routes) {
    const params = matchPattern(route.compiled, request.path);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== request.method) continue;
    // The handler gets the request itself, so the `actor` it sets reaches the log.
    request.params = params;
    try {
      return await route.handler(request);
    } catch (error) {
      if (error instanceof HttpError) return errorReply(error.status, error.message);
      throw error;
    }
  }
  return pathMatched
    ? errorReply(405, `method ${request.method} is not allowed on ${request.path}`)
    : errorReply(404, `no such path: ${request.path}`);
}

async function readRequest(req: IncomingMessage, url: URL, path: string): Promise<EmulatorRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'request body is not valid JSON');
    }
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path,
    params: {},
    query: url.searchParams,
    headers: req.headers,
    body,
    remoteAddress: req.socket.remoteAddress ?? '127.0.0.1',
  };
}

function faultReply(
  fault: Extract<FaultSpec, { kind: 'status' }>,
  errorReply: (status: number, message: string) => EmulatorReply,
): EmulatorReply {
  // A custom body still gets the service's own headers (a request id), as every reply of the service does.
  const standard = errorReply(fault.status, `emulated fault: HTTP ${fault.status}`);
  const base = fault.body !== undefined ? { ...standard, body: fault.body } : standard;
  const headers = { ...base.headers, ...fault.headers };
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  return { ...base, headers };
}

function send(res: ServerResponse, reply: EmulatorReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  const payload = JSON.stringify(reply.body);
  headers['content-type'] ??= 'application/json; charset=utf-8';
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers).end(payload);
}

function controlRoutesFor(faults: FaultBook, log: RequestLog): Route[] {
  return [
    { method: 'GET', pattern: '/faults', handler: () => ({ status: 200, body: { faults: faults.list() } }) },
    {
      method: 'POST',
      pattern: '/faults',
      handler: (req) => {
        const specs = (Array.isArray(req.body) ? req.body : [req.body]) as FaultSpec[];
        try {
          return { status: 201, body: { ids: specs.map((spec) => faults.add(spec)) } };
        } catch (error) {
          throw new HttpError(400, (error as Error).message);
        }
      },
    },
    {
      method: 'DELETE',
      pattern: '/faults',
      handler: () => {
        faults.clear();
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      pattern: '/requests',
      handler: (req) => ({
        status: 200,
        body: {
          requests: log.entries({
            method: req.query.get('method') ?? undefined,
            path: req.query.get('path') ?? undefined,
          }),
        },
      }),
    },
    {
      method: 'DELETE',
      pattern: '/requests',
      handler: () => {
        log.clear();
        return { status: 204 };
      },
    },
  ];
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
