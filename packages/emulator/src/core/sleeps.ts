// The waits of `delay` faults, kept so that close() can end them: a pending timer would keep the
// process alive long after the emulator closed.

export class Sleeps {
  readonly #pending = new Map<ReturnType<typeof setTimeout>, () => void>();

  /** Resolves true after `ms`, or false as soon as cancelAll() is called. */
  sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(timer);
        resolve(true);
      }, ms);
      this.#pending.set(timer, () => resolve(false));
    });
  }

  get size(): number {
    return this.#pending.size;
  }

  cancelAll(): void {
    for (const [timer, cancel] of this.#pending) {
      clearTimeout(timer);
      cancel();
    }
    this.#pending.clear();
  }
}
