// The emulator core as a fetch handler, `(Request) => Promise<Response>`: a client given it as its
// `fetch` talks to the emulator in process, through the same routing, auth, faults and log as over
// HTTP. What the network would do is done here: a dropped connection rejects as undici's fetch does
// (TypeError 'fetch failed' with a cause), a hanging reply never settles until the request's own
// signal aborts, and an abort rejects at once even while the emulator is still carrying it out.

import { ConnectionDropped } from './connection-dropped.js';
import type { EmulatorCore } from './emulator-core.js';
import type { EmulatorReply } from './routes.js';
import { JSON_CONTENT_TYPE } from './reply.js';

export type FetchHandler = (request: Request) => Promise<Response>;

export function fetchHandler(core: Pick<EmulatorCore, 'answer'>): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // fetch never sends its own Host header; the server would see the URL's.
    headers.host ??= url.host;
    const answered = core.answer({
      method: request.method,
      target: `${url.pathname}${url.search}`,
      headers,
      body: () => request.body,
      signal: request.signal,
      remoteAddress: '127.0.0.1',
    });
    const { reply } = await untilAborted(answered, request.signal);
    const response = toResponse(reply);
    Object.defineProperty(response, 'url', { value: request.url });
    return response;
  };
}

/** `answer`, or the signal's reason as soon as it aborts: the client stops waiting, the emulator may go on. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    void answer.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function toResponse(reply: EmulatorReply): Response {
  // fetch hands out no informational answer as final: a client would see a broken exchange.
  if (reply.status < 200) throw new ConnectionDropped(`an informational status (${reply.status}) as the final answer`);
  const headers = new Headers(reply.headers);
  let body: string | null = null;
  if (reply.text !== undefined) body = reply.text;
  else if (reply.body !== undefined) {
    body = JSON.stringify(reply.body);
    if (!headers.has('content-type')) headers.set('content-type', JSON_CONTENT_TYPE);
  }
  if (NULL_BODY_STATUSES.has(reply.status)) body = null;
  headers.set('content-length', String(body === null ? 0 : Buffer.byteLength(body)));
  return new Response(body, { status: reply.status, headers });
}
