// Replies a `hang` fault never sends. Held until the emulator closes (the connection goes, as a
// dropped one), or until their client gives up (its signal aborts): a test that retries many times
// must not pile up replies nobody waits for.

import { ConnectionDropped } from './connection-dropped.js';

export class HangingReplies {
  readonly #held = new Set<() => void>();

  /** Never resolves: rejects with the signal's reason when the client gives up, ConnectionDropped on endAll. */
  hold(signal: AbortSignal | undefined): Promise<never> {
    return new Promise<never>((_resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        this.#held.delete(end);
        reject(signal?.reason);
      };
      const end = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new ConnectionDropped('the emulator closed'));
      };
      this.#held.add(end);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  get size(): number {
    return this.#held.size;
  }

  /** Ends every held reply as the emulator closes: its client sees the connection go. */
  endAll(): void {
    const held = [...this.#held];
    this.#held.clear();
    for (const end of held) end();
  }
}
