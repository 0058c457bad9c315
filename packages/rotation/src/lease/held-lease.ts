// A lease the run holds: renewed while the run goes on (before a write, once half its life is
// spent), and released at the end: deleted, or, when a write of the run got no answer and may
// still land, left to lapse after a while, so that it cannot land under the next run's writes.

import type { Runtime } from '@keyturn/api/toolkit';
import type { LeaseBackend, LeaseTimings } from './lease-backend.js';
import { type LeaseText, readLeaseText, writeLeaseText } from './lease-text.js';

export class HeldLease {
  #text: LeaseText;
  #renewedAt: number;

  constructor(
    private readonly backend: LeaseBackend,
    readonly name: string,
    text: LeaseText,
    private readonly timings: LeaseTimings,
    private readonly runtime: Runtime,
  ) {
    this.#text = text;
    this.#renewedAt = runtime.now();
  }

  get holder(): string {
    return this.#text.holder;
  }

  /**
   * Before a write: renews the lease once half of it is spent. False when it is no longer the run's
   * (it lapsed and another run took it over): the run must write nothing more.
   */
  async keep(): Promise<boolean> {
    // A lease that lapses at once (ttlMs 0, a test's one-at-a-time runs) is not worth renewing.
    if (this.timings.ttlMs === 0 || this.runtime.now() - this.#renewedAt < this.timings.ttlMs / 2) return true;
    const current = await this.backend.read(this.name);
    if (current === undefined || readLeaseText(current)?.nonce !== this.#text.nonce) return false;
    const next = { ...this.#text, expires: new Date(this.runtime.now() + this.timings.ttlMs).toISOString() };
    await this.backend.update(this.name, writeLeaseText(next));
    this.#text = next;
    this.#renewedAt = this.runtime.now();
    return true;
  }

  /**
   * At the end of the run. `unanswered`: a write got no answer, so the lease stays until it can no
   * longer land (settleMs). Returns what was done, for the log.
   */
  async release(unanswered: boolean): Promise<'released' | 'settling' | 'not-ours'> {
    const current = await this.backend.read(this.name);
    if (current === undefined || readLeaseText(current)?.nonce !== this.#text.nonce) return 'not-ours';
    if (unanswered) {
      const next: LeaseText = {
        ...this.#text,
        state: 'settling',
        expires: new Date(this.runtime.now() + this.timings.settleMs).toISOString(),
      };
      await this.backend.update(this.name, writeLeaseText(next));
      return 'settling';
    }
    await this.backend.remove(this.name);
    return 'released';
  }
}
