// Shared by the platform tests: an emulator with a first key, and a tiny JSON client over real HTTP.

import { expect } from 'vitest';
import { type PlatformEmulator, type PlatformEmulatorOptions, startPlatformEmulator } from '../src/index.js';

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the emulator sent.
  body: any;
}

export interface TestPlatform {
  emulator: PlatformEmulator;
  /** The first key, made "in the console". */
  key: string;
  keyId: number;
  /** An authenticated request to the API (`path` relative to /api/v2). */
  api(method: string, path: string, init?: { body?: unknown; key?: string | null; headers?: Record<string, string> }): Promise<Reply>;
  /** A request to the control API (`path` relative to /__emulator). */
  control(method: string, path: string, body?: unknown): Promise<Reply>;
}

/** A clock tests move by hand: no waiting, no timing assertions. */
export function manualClock(start = Date.parse('2024-06-01T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export async function startTestPlatform(options: PlatformEmulatorOptions = {}): Promise<TestPlatform> {
  const emulator = await startPlatformEmulator(options);
  const first = emulator.createKey('first-key');
  return {
    emulator,
    key: first.key,
    keyId: first.id,
    api: (method, path, init = {}) => {
      const key = init.key === undefined ? first.key : init.key;
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      if (key !== null) headers.authorization = `Bearer ${key}`;
      return send(`${emulator.url}${path}`, method, headers, init.body);
    },
    control: (method, path, body) => send(`${emulator.controlUrl}${path}`, method, {}, body),
  };
}

export async function send(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** The platform's error body, with its request id also in the `x-request-id` header. */
export function expectPlatformError(reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, body: reply.body }).toEqual({
    status,
    body: { code, message: expect.any(String), request_id: expect.any(String) },
  });
  expect(reply.body.message).not.toBe('');
  expect(reply.headers.get('x-request-id')).toBe(reply.body.request_id);
}
