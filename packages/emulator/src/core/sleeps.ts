// The waits of `delay` faults, kept so that close() can end them: a pending timer would keep the
// process alive long after the emulator closed. They run on the emulator's time (virtual in a simulation).

import type { EmulatorTime } from './emulator-time.js';

export class Sleeps {
  readonly #pending = new Set<AbortController>();

  constructor(private readonly time: Pick<EmulatorTime, 'sleep'>) {}

  /** Resolves true after `ms`, or false as soon as cancelAll() is called. */
  async sleep(ms: number): Promise<boolean> {
    const stop = new AbortController();
    this.#pending.add(stop);
    try {
      await this.time.sleep(ms, stop.signal);
      return !stop.signal.aborted;
    } catch {
      return false;
    } finally {
      this.#pending.delete(stop);
    }
  }

  get size(): number {
    return this.#pending.size;
  }

  cancelAll(): void {
    for (const stop of this.#pending) stop.abort();
    this.#pending.clear();
  }
}
