// The lease of runs a test makes one at a time: it lapses at once, so a run the test crashes never
// holds up the next (the lease itself is proven by lease.test.ts and the simulator). Without a
// record there is no lease: such runs opt out.
import type { RotateKeyOptions } from '../src/index.js';

export const QUICK_LEASE = { ttlMs: 0, confirmMs: 0, settleMs: 0 } as const;

/** The lease option of a one-at-a-time run, with or without a record. */
export function oneAtATime(record: RotateKeyOptions['record']): RotateKeyOptions['lease'] {
  return record ? QUICK_LEASE : false;
}
