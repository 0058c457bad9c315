// Shared setup of the HTTP-level tests: a platform emulator on loopback per test, a console-made
// key, and clients whose clock, random and sleep can be faked so waits are checked exactly.
import { type LoggedRequest, type PlatformEmulator, type PlatformEmulatorOptions, startPlatformEmulator } from '@keyturn/emulator';
import { inspect } from 'node:util';
import { afterEach, beforeEach } from 'vitest';
import { createClient, type PlatformClient } from '../src/client.js';
import { type Runtime, SleepAborted, systemRuntime } from '../src/toolkit/runtime.js';
import type { ClientOptions } from '../src/options.js';
import type { RequestEvent } from '../src/toolkit/request-event.js';

/**
 * A clock that moves only when the code under test sleeps (or, with `requestMs`, sends a
 * request); every sleep is recorded. Its timers (`abortAfter`) fire once the clock has moved
 * past their time, so a sleep cut exactly to a deadline ends before it.
 */
export interface FakeTime {
  runtime: Runtime;
  /** Every sleep asked for, in order (ms). */
  sleeps: number[];
  /** Fake time each request takes before it reaches the server (0: requests take no time). */
  requestMs: number;
  now(): number;
  advance(ms: number): void;
}

/** 2025-01-01T00:00:00Z: a whole second, so HTTP dates (1 s resolution) are exact. */
export const FAKE_START = Date.UTC(2025, 0, 1);

export function fakeTime(options: { random?: number; start?: number; requestMs?: number } = {}): FakeTime {
  let now = options.start ?? FAKE_START;
  const sleeps: number[] = [];
  const timers = new Set<{ at: number; reason: unknown; controller: AbortController }>();
  /** Moves the clock to `target`, firing the timers passed on the way; stops early at one that aborts `signal`. */
  const moveTo = (target: number, signal?: AbortSignal): boolean => {
    for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
      if (timer.at >= target) break;
      now = Math.max(now, timer.at);
      timers.delete(timer);
      timer.controller.abort(timer.reason);
      if (signal?.aborted) return false;
    }
    now = target;
    return true;
  };
  return {
    sleeps,
    requestMs: options.requestMs ?? 0,
    now: () => now,
    advance: (ms) => {
      moveTo(now + ms);
    },
    runtime: {
      now: () => now,
      random: () => options.random ?? 0.5,
      sleep: async (ms, signal) => {
        if (signal?.aborted) throw new SleepAborted('sleep aborted');
        sleeps.push(ms);
        if (!moveTo(now + ms, signal)) throw new SleepAborted('sleep aborted');
      },
      abortAfter: (ms, reason) => {
        const timer = { at: now + ms, reason, controller: new AbortController() };
        timers.add(timer);
        return { signal: timer.controller.signal, dispose: () => timers.delete(timer) };
      },
    },
  };
}

/** Real fetch, after moving the fake clock by `time.requestMs` (which may fire its timers). */
function fetchTakingTime(time: FakeTime): typeof fetch {
  return async (input, init) => {
    time.advance(time.requestMs);
    return fetch(input, init);
  };
}

export interface PlatformFixture {
  emulator: PlatformEmulator;
  /** A valid key made "in the console". */
  key: { id: number; key: string; name: string };
  projectId: string;
  /** A client of the emulator; `time` makes it use that fake clock. */
  client(options?: Partial<ClientOptions>, time?: FakeTime): PlatformClient;
  /** Requests the emulator received (faulted ones included), optionally filtered. */
  requests(filter?: { method?: string; path?: string }): LoggedRequest[];
}

/**
 * Starts an emulator before each test and closes it after. `options` may be a function, so a
 * test file can give the emulator the fake clock of the current test.
 */
export function usePlatform(options: PlatformEmulatorOptions | (() => PlatformEmulatorOptions) = {}): PlatformFixture {
  const fixture = {} as PlatformFixture;
  beforeEach(async () => {
    const emulator = await startPlatformEmulator(typeof options === 'function' ? options() : options);
    const key = emulator.createKey('test-key');
    const project = emulator.createProject({ name: 'test-project' });
    Object.assign(fixture, {
      emulator,
      key,
      projectId: project.id,
      client: (extra: Partial<ClientOptions> = {}, time?: FakeTime) => {
        const timed = time?.requestMs ? { fetch: fetchTakingTime(time) } : {};
        return createClient({ apiKey: key.key, baseUrl: emulator.url, runtime: time?.runtime ?? systemRuntime, ...timed, ...extra });
      },
      requests: (filter?: { method?: string; path?: string }) => emulator.log.entries(filter),
    });
  });
  afterEach(async () => {
    await fixture.emulator.close();
  });
  return fixture;
}

/** Collects onRequest events. */
export function recordEvents(): { events: RequestEvent[]; onRequest: (event: RequestEvent) => void } {
  const events: RequestEvent[] = [];
  return { events, onRequest: (event) => events.push(event) };
}

/** Resolves once `condition` holds; for "the request reached the server" (not a timing check). */
export async function until(condition: () => boolean, what: string): Promise<void> {
  // 20 s, inside the test's 30 s limit: generous for a busy machine, and the failure names what.
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Everything an error exposes as text: a key must appear in none of it. */
export function errorTexts(error: unknown): string[] {
  const e = error as Error;
  return [
    JSON.stringify(e),
    e.message,
    String(e.stack),
    String(e.cause),
    String(e),
    JSON.stringify(e.cause ?? null),
    inspect(e, { depth: 10, showHidden: true }),
  ];
}
