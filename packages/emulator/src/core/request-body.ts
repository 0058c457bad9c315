// Reading a JSON request body, capped. Reading stops (without destroying the request) past the cap,
// so the 413 can still be written; the caller then closes the connection, as the rest of the body
// was never read. The body is a web stream (a Request's body, or node:http's request), or the bytes
// an in-process client gave whole.

import { HttpError } from './routes.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown when the client went away before the whole request arrived: there is no one to answer. */
export class ClientGoneError extends Error {
  override name = 'ClientGoneError';
}

/** The parsed JSON body, or undefined when empty; HttpError 413 past `limit` bytes, 400 when not JSON. */
export async function readJsonBody(
  body: ReadableStream<Uint8Array> | Uint8Array | null,
  signal?: AbortSignal,
  limit = MAX_BODY_BYTES,
): Promise<unknown> {
  const text = (await readBytes(body, signal, limit)).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'request body is not valid JSON');
  }
}

async function readBytes(
  body: ReadableStream<Uint8Array> | Uint8Array | null,
  signal: AbortSignal | undefined,
  limit: number,
): Promise<Buffer> {
  const gone = () => new ClientGoneError('the client went away before sending the whole request');
  if (signal?.aborted) throw gone();
  if (!body) return Buffer.alloc(0);
  if (body instanceof Uint8Array) {
    if (body.byteLength > limit) throw new HttpError(413, `request body too large (more than ${limit} bytes)`);
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch {
      throw gone();
    }
    if (chunk.done) break;
    size += chunk.value.length;
    // Past the cap the rest is left unread (not cancelled): the 413 can still be written.
    if (size > limit) throw new HttpError(413, `request body too large (more than ${limit} bytes)`);
    chunks.push(chunk.value);
  }
  if (signal?.aborted) throw gone();
  return Buffer.concat(chunks);
}
