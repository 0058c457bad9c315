// What every emulator started by the package takes and gives its caller, whichever service it plays.

import type { EmulatorTime } from './emulator-time.js';
import type { Exchange } from './exchange.js';
import type { FaultBook } from './faults.js';
import type { FetchHandler } from './fetch-handler.js';
import { CONTROL_PREFIX } from './control-api.js';
import type { HttpEmulator, HttpEmulatorOptions } from './http-server.js';
import type { RequestLog } from './request-log.js';

/** How an emulator is served, whichever service it plays. */
export interface ServingOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Most entries the request log keeps, the oldest dropped first (100,000). */
  requestLogLimit?: number;
  /** Receives every API request and its answer, credentials redacted (conformance checks). */
  onExchange?: (exchange: Exchange) => void;
  /** The clock and sleep the emulator runs on (the wall clock by default; a virtual one in a simulation). */
  runtime?: EmulatorTime;
  /** false: no socket, reached through `handler` only (a simulation); true by default. */
  listen?: boolean;
}

export interface ServedEmulator {
  /** The API root a client is given (the service's own shape: `/api/v2`, the origin, `/api/v4`). */
  url: string;
  origin: string;
  /** `${origin}/__emulator`: the control API. */
  controlUrl: string;
  faults: FaultBook;
  log: RequestLog;
  /** The emulator in process: give it to a client as its `fetch`, no socket involved. */
  handler: FetchHandler;
  close(): Promise<void>;
}

/** The HTTP shell's options `options` sets, on the emulator's `time`. */
export function servingOptions(
  options: ServingOptions,
  time: EmulatorTime,
): Pick<HttpEmulatorOptions, 'host' | 'port' | 'requestLogLimit' | 'onExchange' | 'listen' | 'time'> {
  const { host, port, requestLogLimit, onExchange, listen } = options;
  return { host, port, requestLogLimit, onExchange, listen, time };
}

/** What a started emulator gives whichever service it plays: its API root is `apiPath` under its origin. */
export function served(http: HttpEmulator, apiPath = ''): ServedEmulator {
  const { origin, faults, log, handler } = http;
  return { url: `${origin}${apiPath}`, origin, controlUrl: `${origin}${CONTROL_PREFIX}`, faults, log, handler, close: () => http.close() };
}
