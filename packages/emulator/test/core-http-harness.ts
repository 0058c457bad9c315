// A tiny service on the shared HTTP core, for tests of the core itself over real HTTP: notes that a
// POST adds (its effect), a route that fails, and a bearer check as the authenticate hook.

import { type Agent, request } from 'node:http';
import { type HttpEmulator, HttpError, startHttpEmulator } from '../src/index.js';

export const GOOD_AUTH = 'Bearer good-token-0123456789';

export interface NotesService {
  emulator: HttpEmulator;
  /** Texts POSTed to /api/notes, in the order they took effect. */
  notes: string[];
}

export async function startNotesService(options: { requestLogLimit?: number } = {}): Promise<NotesService> {
  const notes: string[] = [];
  const emulator = await startHttpEmulator({
    mount: '/api',
    routes: [
      {
        method: 'POST',
        pattern: '/notes',
        handler: (req) => {
          notes.push(String((req.body as { text?: unknown } | undefined)?.text));
          return { status: 201, body: { count: notes.length } };
        },
      },
      { method: 'GET', pattern: '/notes', handler: () => ({ status: 200, body: { notes } }) },
      {
        method: 'GET',
        pattern: '/boom',
        handler: () => {
          throw new Error('the handler broke');
        },
      },
    ],
    errorReply: (status, message) => ({ status, body: { error: message }, headers: { 'x-service': 'notes' } }),
    authenticate: (req) => {
      if (req.headers.authorization !== GOOD_AUTH) throw new HttpError(401, 'bad or missing credentials');
      req.actor = 'tester';
    },
    requestLogLimit: options.requestLogLimit,
  });
  return { emulator, notes };
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON came back
  body: any;
}

/** One request through node:http, so a test can choose the connection (agent) and the exact target. */
export function rawRequest(
  origin: string,
  method: string,
  target: string,
  options: { body?: string; auth?: string | null; agent?: Agent | false } = {},
): Promise<RawReply> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const auth = options.auth === undefined ? GOOD_AUTH : options.auth;
    if (auth !== null) headers.authorization = auth;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const req = request({ host: url.hostname, port: url.port, method, path: target, headers, agent: options.agent ?? false });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) });
      });
    });
    req.end(options.body);
  });
}

export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}
