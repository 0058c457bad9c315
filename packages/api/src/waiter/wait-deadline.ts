// The wait's deadline as an AbortSignal linked with the caller's signals: every request, retry
// pause and sleep of the wait ends when time is up. It also tells afterwards which of the two
// ended them, since a deadline ends the wait with `timed-out` and a caller's abort throws.
import type { AbortTimer, Runtime } from '../toolkit/runtime.js';
import { DeadlinePassed, type LinkedSignal, linkSignals } from '../toolkit/signals.js';

export class WaitDeadline {
  /** When the wait's time is up, on the runtime's clock. */
  readonly at: number;
  readonly #timer: AbortTimer;
  readonly #link: LinkedSignal;
  readonly #callerSignals: ReadonlyArray<AbortSignal | undefined>;

  constructor(runtime: Runtime, timeoutMs: number, callerSignals: ReadonlyArray<AbortSignal | undefined>) {
    this.at = runtime.now() + timeoutMs;
    this.#timer = runtime.abortAfter(timeoutMs, new DeadlinePassed(`the wait's timeout (timeoutMs ${timeoutMs}) ran out.`));
    this.#callerSignals = callerSignals;
    this.#link = linkSignals([...callerSignals, this.#timer.signal]);
  }

  /** For the wait's requests and sleeps: aborts at the deadline or on the caller's abort. */
  get signal(): AbortSignal {
    return this.#link.signal;
  }

  /** A signal of the caller (client-wide or the wait's own) fired: that wins over the deadline. */
  callerAborted(): boolean {
    return this.#callerSignals.some((signal) => signal?.aborted === true);
  }

  /** Time is up, and the caller did not abort. */
  passed(): boolean {
    return this.#timer.signal.aborted && !this.callerAborted();
  }

  dispose(): void {
    this.#link.dispose();
    this.#timer.dispose();
  }
}
