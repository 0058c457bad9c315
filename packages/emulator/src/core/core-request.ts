// What a transport hands the emulator core and what it gets back: node:http and the in-process
// fetch handler both speak these, and so does the control API the core calls.

import type { IncomingHttpHeaders } from 'node:http';
import type { EmulatorReply } from './routes.js';

/** A request as the transport received it. */
export interface IncomingRequest {
  method: string;
  /** The request target as sent: path and query, undecoded. */
  target: string;
  /** Header names lower-case. */
  headers: IncomingHttpHeaders;
  /** The body, taken only when it is read (an unread body is left to the transport); bytes when the client gave it whole. */
  body(): ReadableStream<Uint8Array> | Uint8Array | null;
  /** Aborts when the client gives up (or its connection goes) before the answer. */
  signal?: AbortSignal;
  remoteAddress: string;
}

/** The answer to send; `closeConnection` when the request body was left unread (a 413). */
export interface CoreAnswer {
  reply: EmulatorReply;
  closeConnection: boolean;
}
