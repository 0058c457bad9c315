// What a lease needs of the place that keeps the records: a create that fails when the name exists
// (GitHub answers 409 to a second POST of a variable, GitLab 400 "has already been taken"), a read,
// an update and a delete. A record store that offers it has `lease` (record/variable-store.ts).

/** A record store's means to hold a lease (RecordStore.lease): a create that fails when the name exists, a read, an update, a delete. */
export interface LeaseBackend {
  /** `the variables of acme/ops`, for messages. */
  describe(): string;
  /** Creates `name` holding `value`: true when created, false when the name exists. */
  create(name: string, value: string): Promise<boolean>;
  /** The value of `name`, or undefined when there is no such variable. */
  read(name: string): Promise<string | undefined>;
  update(name: string, value: string): Promise<void>;
  /** Deletes `name`; one already gone is what was wanted. */
  remove(name: string): Promise<void>;
}

/** The timings of a lease (README, "Concurrent rotations"). */
export interface LeaseTimings {
  /** How long a lease lasts unless renewed: a crashed holder's lapses after this. */
  ttlMs: number;
  /** How long a run waits for a lease held by another before it stands down. */
  waitMs: number;
  /** How often a waiting run looks again. */
  pollMs: number;
  /** How long a run that ended with an unanswered write keeps the lease, so the write cannot land under the next run. */
  settleMs: number;
  /**
   * After taking over a lapsed lease, how long before reading it back: two runs taking it over at
   * once see who won. As long as a write may still land (settleMs), so a slow one cannot land after.
   */
  confirmMs: number;
}

export const DEFAULT_LEASE_TIMINGS: LeaseTimings = {
  ttlMs: 10 * 60_000,
  // Longer than a lease lasts: a crashed holder's lease always lapses within one wait.
  waitMs: 11 * 60_000,
  pollMs: 10_000,
  settleMs: 2 * 60_000,
  confirmMs: 2 * 60_000,
};
