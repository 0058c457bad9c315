// Virtual time: a clock that moves only when every task is waiting. The scheduler lets the
// microtask queue run dry, then jumps the clock to the earliest pending timer and fires it, one
// timer at a time, so a history is the same on every run and its waits (write spacing, retries,
// Retry-After, the verify loop, a request timeout) cost no wall time.
//
// Everything a rotation waits on runs on it: the Runtime given to both clients and both emulators,
// and, while a history runs, the global timers and Date (Octokit's retry plugin and Bottleneck,
// linkSignals' request timeout, @octokit/auth-app's JWT iat read Date.now and setTimeout, not the
// Runtime). The two real asynchronous operations a rotation makes (WebCrypto's importKey and sign
// for the App's JWT) are let through in the order they were asked, once the queue is dry, so their
// completion order never depends on the thread pool. crypto.randomInt (the key name's suffix, the
// emulators' ids) draws from the history's generator.

import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { type AbortTimer, type Runtime, SleepAborted } from '@keyturn/api/toolkit';

const real = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
  Date: globalThis.Date,
  randomInt: crypto.randomInt,
};

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
  /** Set for an interval: fired again this long after. */
  every?: number;
  cancelled: boolean;
}

/** What a timer function hands back: enough of Node's Timeout for the libraries that keep one. */
class TimerHandle {
  constructor(
    readonly timer: Timer,
    /** Timers by number, for a clearTimeout given the number: only those a caller turned into one are kept. */
    private readonly byNumber: Map<number, Timer>,
  ) {}
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  hasRef(): boolean {
    return true;
  }
  refresh(): this {
    return this;
  }
  [Symbol.toPrimitive](): number {
    this.byNumber.set(this.timer.seq, this.timer);
    return this.timer.seq;
  }
}

interface GatedOperation {
  real: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export type RunOutcome = 'done' | 'stuck' | 'time-limit';

export class VirtualTime implements Runtime {
  #now: number;
  #seq = 0;
  /** Pending timers, earliest first (ties in the order they were set). */
  #timers: Timer[] = [];
  #gated: GatedOperation[] = [];
  readonly #random: () => number;
  #installed = false;

  constructor(startMs: number, random: () => number) {
    this.#now = startMs;
    this.#random = random;
  }

  // Arrow functions: the clients take the Runtime's methods apart (`const { now } = runtime`).
  readonly now = (): number => this.#now;

  readonly random = (): number => this.#random();

  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new SleepAborted('sleep aborted'));
        return;
      }
      const onAbort = () => {
        this.#cancel(timer);
        reject(new SleepAborted('sleep aborted'));
      };
      const timer = this.#schedule(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  readonly abortAfter = (ms: number, reason?: unknown): AbortTimer => {
    const controller = new AbortController();
    if (ms <= 0) {
      controller.abort(reason);
      return { signal: controller.signal, dispose: () => undefined };
    }
    const timer = this.#schedule(() => controller.abort(reason), ms);
    return {
      signal: controller.signal,
      dispose: () => this.#cancel(timer),
    };
  };

  /** The clock and its timer count, for a copied rig (rig-copy.ts): meaningful only with no timer pending. */
  position(): { now: number; seq: number } {
    return { now: this.#now, seq: this.#seq };
  }

  /** Sets the clock and timer count a copied rig carries over; with a timer pending there is nothing a copy could carry. */
  moveTo(position: { now: number; seq: number }): void {
    if (this.pendingTimers > 0) throw new Error(`the clock cannot be moved with ${this.pendingTimers} timer(s) pending`);
    this.#now = position.now;
    this.#seq = position.seq;
  }

  /** How many timers are pending. */
  get pendingTimers(): number {
    return this.#timers.filter((t) => !t.cancelled).length;
  }

  /** When the pending timers are due, in ms from now (for a stuck run's trace). */
  pendingDelays(): number[] {
    return this.#timers.filter((t) => !t.cancelled).map((t) => t.at - this.#now);
  }

  #schedule(fire: () => void, ms: number, every?: number): Timer {
    const delay = Number.isFinite(ms) && ms > 0 ? Math.floor(ms) : 0;
    const timer: Timer = { at: this.#now + delay, seq: this.#seq++, fire, every, cancelled: false };
    // Binary search: after every timer due at the same time or earlier.
    let lo = 0;
    let hi = this.#timers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#timers[mid]!.at <= timer.at) lo = mid + 1;
      else hi = mid;
    }
    this.#timers.splice(lo, 0, timer);
    return timer;
  }

  /**
   * A timer that will not fire: out of the queue at once, so what its callback holds (a request's
   * state, for a timeout disposed of when the answer came) is not kept until its time comes.
   */
  #cancel(timer: Timer): void {
    if (timer.cancelled) return;
    timer.cancelled = true;
    const timers = this.#timers;
    let lo = 0;
    let hi = timers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (timers[mid]!.at < timer.at) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < timers.length && timers[i]!.at === timer.at; i++) {
      if (timers[i] === timer) {
        timers.splice(i, 1);
        return;
      }
    }
  }

  /** Lets a real asynchronous operation through in order: it settles once the queue is dry. */
  gate<T>(operation: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#gated.push({ real: operation, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /**
   * Runs until `done()` (checked each time the queue is dry), no timer is left, or `limitMs` of
   * virtual time passed. Each step starts in an immediate (the microtask queue is dry then): it lets
   * the gated operations through, or checks `done()` and fires the next timer, and the next step
   * waits for the queue to be dry again. Callbacks, not an async loop: a step is ~470 a history.
   */
  run(done: () => boolean, limitMs: number): Promise<RunOutcome> {
    const deadline = this.#now + limitMs;
    return new Promise<RunOutcome>((resolve, reject) => {
      const step = (): void => {
        try {
          if (this.#gated.length) {
            this.#letGatedThrough().then(() => real.setImmediate(step), reject);
            return;
          }
          if (done()) {
            resolve('done');
            return;
          }
          let timer = this.#timers.shift();
          while (timer?.cancelled) timer = this.#timers.shift();
          if (!timer) {
            resolve('stuck');
            return;
          }
          if (timer.at > deadline) {
            this.#timers.unshift(timer);
            resolve('time-limit');
            return;
          }
          this.#now = Math.max(this.#now, timer.at);
          if (timer.every !== undefined) {
            const next = this.#schedule(timer.fire, timer.every, timer.every);
            next.seq = timer.seq;
          }
          timer.fire();
          real.setImmediate(step);
        } catch (error) {
          reject(error);
        }
      };
      real.setImmediate(step);
    });
  }

  /** The gated operations asked so far, once all of them settled: their callbacks run in the order they were asked. */
  async #letGatedThrough(): Promise<void> {
    const batch = this.#gated.splice(0);
    await Promise.allSettled(batch.map((op) => op.real));
    for (const op of batch) op.real.then(op.resolve, op.reject);
  }

  /** Puts the global timers, Date, crypto.randomInt and WebCrypto's sign on this clock; returns the undo. */
  install(): () => void {
    if (this.#installed) throw new Error('this virtual time is installed already');
    this.#installed = true;
    const time = this;
    const g = globalThis as Record<string, unknown>;
    const handles = new Map<number, Timer>();
    const cancel = (handle: unknown) => {
      if (handle instanceof TimerHandle) time.#cancel(handle.timer);
      else if (typeof handle === 'number') {
        const timer = handles.get(handle);
        if (timer) time.#cancel(timer);
      }
    };
    const set =
      (repeat: boolean) =>
      (fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const timer = time.#schedule(
          () => {
            if (!repeat && handles.size) handles.delete(timer.seq);
            fn(...args);
          },
          ms ?? 0,
          repeat ? Math.max(1, ms ?? 0) : undefined,
        );
        return new TimerHandle(timer, handles);
      };
    g.setTimeout = set(false);
    g.setInterval = set(true);
    g.clearTimeout = cancel;
    g.clearInterval = cancel;

    const RealDate = real.Date;
    class VirtualDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(time.#now);
        else super(...(args as [string]));
      }
      static override now(): number {
        return time.#now;
      }
      static override [Symbol.hasInstance](value: unknown): boolean {
        return value instanceof RealDate;
      }
    }
    g.Date = VirtualDate;

    const mutableCrypto = crypto as unknown as Record<string, unknown>;
    mutableCrypto.randomInt = (min: number, max?: number | ((...a: unknown[]) => void)) => {
      const [lo, hi] = typeof max === 'number' ? [min, max] : [0, min];
      return lo + Math.floor(time.#random() * (hi - lo));
    };
    syncBuiltinESMExports();

    const subtle = crypto.webcrypto.subtle as unknown as Record<string, unknown>;
    const gatedMethods = ['importKey', 'sign'] as const;
    const originals = gatedMethods.map((name) => subtle[name] as (...args: unknown[]) => Promise<unknown>);
    // Another layer (sim-crypto's importKey) may sit under the gate: the undo puts it back.
    const own = gatedMethods.map((name) => Object.hasOwn(subtle, name));
    gatedMethods.forEach((name, i) => {
      subtle[name] = (...args: unknown[]) => time.gate(originals[i]!.apply(crypto.webcrypto.subtle, args));
    });

    return () => {
      g.setTimeout = real.setTimeout;
      g.setInterval = real.setInterval;
      g.clearTimeout = real.clearTimeout;
      g.clearInterval = real.clearInterval;
      g.Date = real.Date;
      mutableCrypto.randomInt = real.randomInt;
      syncBuiltinESMExports();
      gatedMethods.forEach((name, i) => {
        if (own[i]) subtle[name] = originals[i];
        else delete subtle[name];
      });
      this.#installed = false;
    };
  }
}
