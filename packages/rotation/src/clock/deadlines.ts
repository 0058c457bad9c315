// Revocation deadlines (revokeAfter): a key superseded at T may be revoked from T + revokeAfter, and
// not before, whatever `keep` says; `keep` may hold it longer (the later of the two wins). The
// deadlines live in the record (`due`, format 3). Pure: the protocol decides when to write them.

import type { KeyEntry } from '../family-members.js';
import { recordedKeyIds, type TargetRecord } from '../record/target-record.js';

/** A superseded key still valid, and when it may be revoked (report.revocationsDue). */
export interface RevocationDue {
  keyId: number;
  keyName: string;
  /** ISO 8601: the first run at or after it revokes the key, once no target holds it. */
  dueAt: string;
}

/**
 * The record once `keyId` superseded every older key it names (the moment every target holds
 * `keyId`): each of them without a deadline gets `now + revokeAfterMs`, and so does one of
 * `supersededHere` (what the targets written held until now) whose deadline comes sooner: a target
 * put back in the list used it until this run, whatever an earlier run set. A key newer than `keyId`
 * (a concurrent rotation's) is not superseded. An orphan the record never named was held by no
 * target: it gets none and goes as before.
 */
export function withDeadlines(
  record: TargetRecord,
  keyId: number,
  now: Date,
  revokeAfterMs: number,
  supersededHere: readonly number[] = [],
): TargetRecord {
  const at = new Date(now.getTime() + revokeAfterMs).toISOString();
  const due = { ...record.due };
  const here = new Set(supersededHere);
  for (const id of recordedKeyIds(record)) {
    const set = due[id];
    if (id < keyId && (set === undefined || (here.has(id) && Date.parse(set) < Date.parse(at)))) due[id] = at;
  }
  return { ...record, due };
}

/**
 * Whether `key`, which `keep` lets go, must wait for its deadline: one not yet passed, or none yet
 * while revokeAfter is set and the record names the key (its deadline is set by the next write that
 * succeeds: never early). A leaked key, or one named in revokeKeyIds, never waits.
 */
export function waitsForDeadline(record: TargetRecord, key: KeyEntry, now: Date, revokeAfterMs: number | undefined): boolean {
  const due = record.due?.[key.id];
  if (due !== undefined) return Date.parse(due) > now.getTime();
  return revokeAfterMs !== undefined && recordedKeyIds(record).has(key.id);
}

/** The keys of `record` with a deadline that are still live, soonest first. */
export function revocationsDue(
  record: TargetRecord,
  keys: ReadonlyArray<Pick<KeyEntry, 'id' | 'name'>>,
  revoked: readonly number[] = [],
): RevocationDue[] {
  const gone = new Set(revoked);
  return Object.entries(record.due ?? {})
    .map(([id, dueAt]) => ({ key: keys.find((k) => k.id === Number(id)), dueAt }))
    .filter((d): d is { key: Pick<KeyEntry, 'id' | 'name'>; dueAt: string } => d.key !== undefined && !gone.has(d.key.id))
    .map(({ key, dueAt }) => ({ keyId: key.id, keyName: key.name, dueAt }))
    .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt) || a.keyId - b.keyId);
}
