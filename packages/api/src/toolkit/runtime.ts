// Time and randomness behind one seam, so tests can check computed waits and deadlines exactly
// without timing assertions (the machine is noisy): inject a fake clock, a fixed random.
import { KeyturnError } from '../errors.js';

/**
 * The clock, randomness and sleep that keyturn's retries and waits run on: the platform client's
 * (ClientOptions.runtime) and the rotation's. `systemRuntime` by default; tests inject a fake one.
 */
export interface Runtime {
  /** Milliseconds of a wall clock (Date.now). */
  now(): number;
  /** A number in [0, 1), for backoff jitter. */
  random(): number;
  /** Resolves after `ms`; rejects with SleepAborted as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A signal that aborts with `reason` once `ms` have passed on this clock (a deadline); dispose() stops it. */
  abortAfter(ms: number, reason?: unknown): AbortTimer;
}

/** A deadline's signal; `dispose()` stops its timer. */
export interface AbortTimer {
  signal: AbortSignal;
  dispose(): void;
}

/** Thrown by Runtime.sleep when its signal aborts (the signal's reason tells why). */
export class SleepAborted extends KeyturnError {
  override name = 'SleepAborted';
}

/**
 * Never resolves before Date.now() has moved by `ms`: a timer counts from the event loop's cached
 * time, which can lag the wall clock by a few milliseconds, so it may fire that much early. A
 * waiter polling on a whole-second schedule would then ask just before an operation ends.
 */
export function abortableSleep(ms: number, signal?: AbortSignal, clock: () => number = Date.now): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new SleepAborted('sleep aborted'));
      return;
    }
    const until = clock() + ms;
    let timer: ReturnType<typeof setTimeout>;
    const onAbort = () => {
      clearTimeout(timer);
      reject(new SleepAborted('sleep aborted'));
    };
    const wake = () => {
      const early = until - clock();
      if (early > 0) {
        timer = setTimeout(wake, early);
        return;
      }
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A signal that aborts with `reason` once `ms` have passed. */
export function abortAfter(ms: number, reason?: unknown): AbortTimer {
  const controller = new AbortController();
  if (ms <= 0) {
    controller.abort(reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  const timer = setTimeout(() => controller.abort(reason), ms);
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}

/** The real clock (Date.now), Math.random and timers. */
export const systemRuntime: Runtime = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: abortableSleep,
  abortAfter,
};
