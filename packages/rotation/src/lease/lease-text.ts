// What a lease variable holds: who took it, when, until when, and a nonce only its holder knows (a
// create whose answer was lost and was answered "exists" on retry is recognised as the run's own).
// A lease is one variable per secret and kind of key, beside the records: every run of one family
// rotates one secret with one kind of key, so they all meet at the same variable.

import { createHash } from 'node:crypto';

export const LEASE_PREFIX = 'KEYTURN_LEASE_';
const SLUG_LENGTH = 40;
const HASH_LENGTH = 16;

/** What a lease variable holds, read: its holder, its nonce, its times and its state. */
export interface LeaseText {
  /** Who holds it, for the waiting run's message: a workflow run's URL, a CI job's, or a host and process. */
  holder: string;
  nonce: string;
  /** When the holder took it, and when it lapses unless renewed (ISO times, the holder's clock). */
  started: string;
  expires: string;
  /**
   * `held` while the run writes; `settling` once it ended with a write that got no answer, which may
   * still land: the lease then lapses at `expires`, and the next run takes it only after.
   */
  state: 'held' | 'settling';
  /** The lease this one took over once it had lapsed: its holder and start. */
  tookOver?: { holder: string; started: string; state: 'held' | 'settling' | 'unreadable' };
}

/**
 * The variable that holds the lease of `secretName` rotated with keys of `keyKind` (its label:
 * `personal`, `organization:ORG`, `project:ORG/PROJECT`), beside the records.
 * @example leaseVariableName('NEON_API_KEY', 'personal') // KEYTURN_LEASE_NEON_API_KEY_…
 */
export function leaseVariableName(secretName: string, keyKind: string): string {
  const secret = secretName.toUpperCase();
  const slug = secret
    .replace(/[^A-Z0-9]+/g, '_')
    .slice(0, SLUG_LENGTH)
    .replace(/^_+|_+$/g, '');
  const hash = createHash('sha256').update(`${keyKind}\0${secret}`).digest('hex').slice(0, HASH_LENGTH).toUpperCase();
  return `${LEASE_PREFIX}${slug}_${hash}`;
}

/** The variable's value for `lease`: what every run writes, and what tests plant as another run's. */
export function writeLeaseText(lease: LeaseText): string {
  return JSON.stringify({ keyturn: 'lease', version: 1, ...lease });
}

/** The lease a variable holds; undefined when it holds none that this release reads (a hand edit: it counts as lapsed). */
export function readLeaseText(text: string): LeaseText | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const strings = ['holder', 'nonce', 'started', 'expires'] as const;
  if (v.keyturn !== 'lease' || !strings.every((k) => typeof v[k] === 'string') || Number.isNaN(Date.parse(v.expires as string)))
    return undefined;
  const state = v.state === 'settling' ? 'settling' : 'held';
  const took = v.tookOver as LeaseText['tookOver'] | undefined;
  return {
    holder: v.holder as string,
    nonce: v.nonce as string,
    started: v.started as string,
    expires: v.expires as string,
    state,
    ...(took && typeof took.holder === 'string' && { tookOver: took }),
  };
}
