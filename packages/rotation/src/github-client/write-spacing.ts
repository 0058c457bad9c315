// GitHub asks integrators to send mutating requests one at a time, a second apart:
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#avoid-concurrent-requests
// plugin-throttling gates every write through `write.key(id).schedule(options, job)` of a Bottleneck
// group with a fixed 1 s spacing; this stands in for that group so the spacing is configurable.

import type { Runtime } from '@keyturn/api/toolkit';

type Job = (...args: unknown[]) => unknown;

/** GitHub's "at least one second between each" mutating request: createGitHubClient's default. */
export const GITHUB_WRITE_INTERVAL_MS = 1000;

export class WriteSpacing {
  #tail: Promise<unknown> = Promise.resolve();
  #lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    readonly intervalMs: number,
    private readonly runtime: Pick<Runtime, 'now' | 'sleep'>,
    /** Stops a wait for a write's turn; the job is then not run. */
    private readonly signal?: AbortSignal,
  ) {}

  /** The group interface: one limiter for every key. */
  key(): this {
    return this;
  }

  /** Runs `job` after every earlier job has started and `intervalMs` has passed since the last start. */
  schedule(first: unknown, ...rest: unknown[]): Promise<unknown> {
    // Bottleneck accepts `schedule(job, ...args)` and `schedule(options, job, ...args)`.
    const [job, ...args] = (typeof first === 'function' ? [first, ...rest] : rest) as [Job, ...unknown[]];
    const run = this.#tail.then(async () => {
      const wait = this.#lastStart + this.intervalMs - this.runtime.now();
      if (wait > 0) await this.runtime.sleep(wait, this.signal);
      this.#lastStart = this.runtime.now();
    });
    this.#tail = run.catch(() => undefined);
    return run.then(() => job(...args));
  }
}

/**
 * A group that runs every job at once: for the plugin's other groups (global, auth, search,
 * notifications), which are otherwise Bottleneck groups of the whole process, shared by every
 * client in it, so a request one client leaves unanswered holds another client's turn.
 */
export function unlimitedGroup(): { key(): { schedule(first: unknown, ...rest: unknown[]): Promise<unknown> } } {
  const limiter = {
    schedule: (first: unknown, ...rest: unknown[]): Promise<unknown> => {
      const [job, ...args] = (typeof first === 'function' ? [first, ...rest] : rest) as [Job, ...unknown[]];
      return Promise.resolve().then(() => job(...args));
    },
  };
  return { key: () => limiter };
}

/**
 * The throttling plugin's retry limiter, passed through: every request starts at once. The plugin
 * retries a rate-limited request only when onRateLimit or onSecondaryRateLimit says so, and
 * createGitHubClient's never do (rate-limit.ts waits limits out), so Bottleneck's queue, its timer
 * per request and its `failed` handler would only cost time.
 */
export function passThroughRetryLimiter(): { on(): void; schedule(first: unknown, ...rest: unknown[]): Promise<unknown> } {
  return { on: () => undefined, schedule: unlimitedGroup().key().schedule };
}
