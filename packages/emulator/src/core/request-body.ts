// Reading a JSON request body, capped. Reading stops (without destroying the request) past the cap,
// so the 413 can still be written; the caller then closes the connection, as the rest of the body
// was never read.

import type { IncomingMessage } from 'node:http';
import { HttpError } from './routes.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown when the client went away before the whole request arrived: there is no one to answer. */
export class ClientGoneError extends Error {
  override name = 'ClientGoneError';
}

/** The parsed JSON body, or undefined when empty; HttpError 413 past `limit` bytes, 400 when not JSON. */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const text = (await readBytes(req, limit)).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'request body is not valid JSON');
  }
}

function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (req.destroyed) {
      reject(new ClientGoneError('the client went away before sending the whole request'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (settle: () => void) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      settle();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.pause();
      stop(() => reject(new HttpError(413, `request body too large (more than ${limit} bytes)`)));
    };
    const onEnd = () => stop(() => resolve(Buffer.concat(chunks)));
    const onClose = () => stop(() => reject(new ClientGoneError('the client went away before sending the whole request')));
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
  });
}
