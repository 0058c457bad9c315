// Routes of an emulated API and their dispatch: the handler of the route whose pattern and method
// match, a 404 or 405 (or the status the service uses instead) when none does, and a 500 in the
// service's shape when a handler fails unexpectedly.

import type { IncomingHttpHeaders } from 'node:http';
import { captures, compilePattern, matchSegments, type PathPattern, pathSegments } from './router.js';

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
  /** A body sent as it is instead of JSON (with its own `content-type` header), as some edges answer. */
  text?: string;
  headers?: Record<string, string>;
}

export type RouteHandler = (req: EmulatorRequest) => EmulatorReply | Promise<EmulatorReply>;

export interface Route {
  method: string;
  pattern: string;
  handler: RouteHandler;
}

/** A route: what answers `method` on paths of `pattern`. */
export function route(method: string, pattern: string, handler: RouteHandler): Route {
  return { method, pattern, handler };
}

export type ErrorReply = (status: number, message: string) => EmulatorReply;

/**
 * Thrown by handlers (and hooks) to answer an error status in the service's own shape, or with
 * `reply` exactly when the service answers that error from somewhere else (its edge).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reply?: EmulatorReply,
  ) {
    super(message);
  }
}

export interface CompiledRoute extends Route {
  compiled: PathPattern;
}

/** Compiled patterns by source: every emulator started compiles the same routes (a simulation starts thousands). */
const compiledPatterns = new Map<string, PathPattern>();

export function compileRoutes(routes: Route[]): CompiledRoute[] {
  return routes.map((r) => {
    let compiled = compiledPatterns.get(r.pattern);
    if (!compiled) {
      compiled = compilePattern(r.pattern);
      compiledPatterns.set(r.pattern, compiled);
    }
    return { ...r, method: r.method.toUpperCase(), compiled };
  });
}

export interface DispatchOptions {
  errorReply: ErrorReply;
  /** Status for a known path asked with a method it does not have (405 unless the service says otherwise). */
  wrongMethodStatus?: number;
}

export async function dispatch(routes: CompiledRoute[], request: EmulatorRequest, options: DispatchOptions): Promise<EmulatorReply> {
  const { errorReply } = options;
  let pathMatched = false;
  const parts = pathSegments(request.path);
  for (const route of parts ? routes : []) {
    if (!matchSegments(route.compiled, parts!)) continue;
    pathMatched = true;
    if (route.method !== request.method) continue;
    // The handler gets the request itself, so the `actor` it sets reaches the log.
    request.params = captures(route.compiled, parts!);
    try {
      return await route.handler(request);
    } catch (error) {
      if (error instanceof HttpError) return errorReply(error.status, error.message);
      return errorReply(500, `emulator error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!pathMatched) return errorReply(404, `no such path: ${request.path}`);
  return errorReply(options.wrongMethodStatus ?? 405, `method ${request.method} is not allowed on ${request.path}`);
}
