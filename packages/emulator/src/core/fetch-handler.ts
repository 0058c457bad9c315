// The emulator core as a fetch handler, `fetch(input, init)`: a client given it as its `fetch` talks to the emulator in process, through
// the same routing, auth, faults and log as over
// HTTP. What the network would do is done here: a dropped connection rejects as undici's fetch does
// (TypeError 'fetch failed' with a cause), a hanging reply never settles until the request's own
// signal aborts, and an abort rejects at once even while the emulator is still carrying it out.

import { ConnectionDropped } from './connection-dropped.js';
import type { EmulatorCore } from './emulator-core.js';
import { FetchRequest, toFetchRequest } from './fetch-request.js';
import type { EmulatorReply } from './routes.js';
import { JSON_CONTENT_TYPE } from './reply.js';
import { wholeBodyResponse, withUrl } from './whole-body-response.js';

/**
 * The emulator as a client's `fetch`: `(input, init)` as fetch takes them (a Request included), or a
 * request already read by `toFetchRequest` (a caller that looks at it first reads it once).
 */
export type FetchHandler = (input: string | URL | Request | FetchRequest, init?: RequestInit) => Promise<Response>;

export function fetchHandler(core: Pick<EmulatorCore, 'answer'>): FetchHandler {
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? FetchRequest.fromRequest(input) : toFetchRequest(input, init);
    const { url, body, signal } = request;
    const headers: Record<string, string> = { ...request.headers };
    // fetch never sends its own Host header; the server would see the URL's.
    headers.host ??= url.host;
    const answered = core.answer({
      method: request.method,
      target: `${url.pathname}${url.search}`,
      headers,
      body: () => body,
      signal,
      remoteAddress: '127.0.0.1',
    });
    const { reply } = await untilAborted(answered, signal);
    return withUrl(toResponse(reply), url.href);
  };
}

/** `answer`, or the signal's reason as soon as it aborts: the client stops waiting, the emulator may go on. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) {
    void answer.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const encoder = new TextEncoder();
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function toResponse(reply: EmulatorReply): Response {
  // fetch hands out no informational answer as final: a client would see a broken exchange.
  if (reply.status < 200) throw new ConnectionDropped(`an informational status (${reply.status}) as the final answer`);
  // A record the Response reads once (a Headers object here would be built and then copied).
  const headers: Record<string, string> = {};
  for (const name in reply.headers) {
    const key = name.toLowerCase();
    // Names that differ only in case are one header, their values joined as Headers joins them.
    headers[key] = headers[key] === undefined ? reply.headers[name]! : `${headers[key]}, ${reply.headers[name]}`;
  }
  let text: string | undefined = reply.text;
  if (text === undefined && reply.body !== undefined) {
    text = JSON.stringify(reply.body);
    headers['content-type'] ??= JSON_CONTENT_TYPE;
  }
  if (text === undefined || NULL_BODY_STATUSES.has(reply.status)) {
    headers['content-length'] = '0';
    return new Response(null, { status: reply.status, headers });
  }
  const bytes = encoder.encode(text);
  headers['content-length'] = String(bytes.byteLength);
  return wholeBodyResponse(bytes, { status: reply.status, headers });
}
