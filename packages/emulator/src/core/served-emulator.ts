// What every emulator started by the package gives its caller, whichever service it plays.

import type { FaultBook } from './faults.js';
import type { FetchHandler } from './fetch-handler.js';
import type { RequestLog } from './request-log.js';

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
