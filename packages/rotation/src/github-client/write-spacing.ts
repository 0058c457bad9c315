// GitHub asks integrators to send mutating requests one at a time, a second apart:
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#avoid-concurrent-requests
// One spacing can be shared by several clients (a GitHub App's, one per owner), so a run's writes
// stay one at a time whichever client sends them.

import type { Runtime } from '@keyturn/api/toolkit';

/** GitHub's "at least one second between each" mutating request: createGitHubClient's default. */
export const GITHUB_WRITE_INTERVAL_MS = 1000;

export class WriteSpacing {
  #tail: Promise<unknown> = Promise.resolve();
  #lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    readonly intervalMs: number,
    private readonly runtime: Pick<Runtime, 'now' | 'sleep'>,
    /** Stops a wait for a write's turn: the turn then rejects, and the write is not sent. */
    private readonly signal?: AbortSignal,
  ) {}

  /** Resolves when the next write may start: every earlier write has started, and `intervalMs` has passed since the last one did. */
  turn(): Promise<void> {
    const turn = this.#tail.then(async () => {
      const wait = this.#lastStart + this.intervalMs - this.runtime.now();
      if (wait > 0) await this.runtime.sleep(wait, this.signal);
      this.#lastStart = this.runtime.now();
    });
    this.#tail = turn.catch(() => undefined);
    return turn;
  }
}
