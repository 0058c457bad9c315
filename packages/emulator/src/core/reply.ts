// Writing a reply: JSON with its length, or nothing; and, when the request body was left unread
// (a 413), `connection: close` and the socket destroyed once the reply is out, so the client never
// sends a next request on a connection whose stream is out of step.

import type { ServerResponse } from 'node:http';
import type { FaultSpec } from './faults.js';
import type { EmulatorReply, ErrorReply } from './routes.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function send(res: ServerResponse, reply: EmulatorReply, options: { closeConnection?: boolean } = {}): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (options.closeConnection) {
    headers.connection = 'close';
    const socket = res.socket;
    res.once('finish', () => socket?.destroy());
  }
  if (reply.text !== undefined) {
    headers['content-length'] = String(Buffer.byteLength(reply.text));
    res.writeHead(reply.status, headers).end(reply.text);
    return;
  }
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  const payload = JSON.stringify(reply.body);
  headers['content-type'] ??= JSON_CONTENT_TYPE;
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers).end(payload);
}

/** The reply of a `status` fault: the service's error reply, with the fault's body and headers over it. */
export function faultReply(fault: Extract<FaultSpec, { kind: 'status' }>, errorReply: ErrorReply, nowMs: number): EmulatorReply {
  // A custom body still gets the service's own headers (a request id), as every reply of the service does.
  const standard = errorReply(fault.status, `emulated fault: HTTP ${fault.status}`);
  const base =
    fault.text !== undefined
      ? { ...standard, body: undefined, text: fault.text }
      : fault.body !== undefined
        ? { ...standard, body: fault.body }
        : standard;
  const headers = { ...base.headers, ...fault.headers };
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  if (fault.resetsIn !== undefined) headers['x-ratelimit-reset'] = String(Math.ceil(nowMs / 1000) + fault.resetsIn);
  return { ...base, status: fault.status, headers };
}
