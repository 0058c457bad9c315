// Replies a `hang` fault never sends. Held until the emulator closes, or until their client gives
// up: a test that retries many times must not pile up responses nobody waits for.

import type { ServerResponse } from 'node:http';

export class HangingReplies {
  readonly #held = new Set<ServerResponse>();

  hold(res: ServerResponse): void {
    this.#held.add(res);
    res.once('close', () => this.#held.delete(res));
  }

  get size(): number {
    return this.#held.size;
  }

  /** Ends every held reply by destroying its connection, as the emulator closes. */
  endAll(): void {
    for (const res of this.#held) res.destroy();
    this.#held.clear();
  }
}
