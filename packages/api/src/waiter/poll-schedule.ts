// When the next round of a wait starts: soon at first, since most control-plane operations end
// within seconds, then further apart as the wait goes on, up to `intervalMs` (the ceiling), in the
// manner of Smithy's waiters (minDelay / maxDelay, jittered). Each delay is a fixed share of the
// time already waited, so an operation is seen finished within about that share of its duration.

/** Share of the time already waited that the next delay may be: a finish is seen within ~20% of it. */
export const DELAY_GROWTH = 0.2;
/** Delays between the minimum and the ceiling are shortened by up to this share, at random, so waiters started together drift apart. */
export const DELAY_JITTER = 0.2;
/** Default first delay: the platform SDK's own polling period, and at most 60 requests a minute from one waiter. */
export const DEFAULT_MIN_INTERVAL_MS = 1000;

export interface PollScheduleLimits {
  /** First delay, and the least between two round starts. */
  minIntervalMs: number;
  /** Ceiling of the delays: the pace once the wait has gone on a while (`intervalMs`). */
  maxIntervalMs: number;
}

export class PollSchedule {
  readonly #limits: PollScheduleLimits;
  readonly #random: () => number;
  /** After a transient failure or a rate limit, the platform is not asked faster than the ceiling again. */
  #backedOff = false;

  constructor(limits: PollScheduleLimits, random: () => number) {
    this.#limits = limits;
    this.#random = random;
  }

  /**
   * Time from the start of the round that began `elapsedMs` into the wait to the start of the next:
   * min(max(minInterval, GROWTH × elapsed), maxInterval); between the two, shortened by the jitter
   * but never below the minimum.
   */
  delayAfter(elapsedMs: number): number {
    const { minIntervalMs, maxIntervalMs } = this.#limits;
    if (this.#backedOff) return maxIntervalMs;
    const ceiling = Math.min(maxIntervalMs, Math.max(minIntervalMs, DELAY_GROWTH * elapsedMs));
    // At the minimum or at the ceiling exactly, as Smithy's waiters: the interval keeps its meaning.
    if (ceiling <= minIntervalMs || ceiling >= maxIntervalMs) return ceiling;
    return Math.max(minIntervalMs, Math.floor(ceiling * (1 - DELAY_JITTER * this.#random())));
  }

  /** A round failed (5xx, 429, 423, connection lost): from now on, rounds start a full interval apart. */
  backOff(): void {
    this.#backedOff = true;
  }
}
