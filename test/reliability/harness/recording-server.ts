// A small HTTP server of the test's own, for what the emulators do not play: an API origin that
// redirects elsewhere, and the elsewhere, which records what reached it (header names, and whether
// an Authorization header came along; never a value).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: string[];
  authorization: boolean;
}

export interface RecordingServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(
  host: string,
  reply: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: Object.keys(req.headers),
      authorization: req.headers.authorization !== undefined,
    });
    req.resume();
    req.on('end', () => reply(req, res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers every request with `status` and a Location on `target`, same path and query. */
export function redirectTo(target: string, status = 307) {
  return (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { location: `${target}${req.url ?? '/'}`, 'content-type': 'application/json' });
    res.end('{}');
  };
}

/** Answers 404 with a platform-style error body. */
export function notFound(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 'not_found', message: 'nothing here' }));
}
