// Which key leaked, by the records: the family's record must know it (its id, or the fingerprint
// of its value), so the run knows which targets held it. Pure: the preflight says what it found
// (emergency/leak-preflight.ts).

import type { LeakedKey } from '../options.js';
import { recordedKeyIds, type TargetRecord } from '../record/target-record.js';

/** The leaked key as the run's family's record knows it. */
export interface LocatedLeak {
  keyId: number;
  /** Targets the record says may hold it (identity, spec), listed or dropped. */
  holders: Array<{ identity: string; spec: string }>;
}

export type LeakLocation =
  | { found: 'here'; leak: LocatedLeak }
  /** Another family's record knows it: that family's rotation answers the leak. */
  | { found: 'elsewhere'; keyId: number; record: TargetRecord }
  /** No record knows it: the families searched (with their kind of key). */
  | { found: 'nowhere'; searched: TargetRecord[] };

/**
 * Looks for `leaked` in `records` (every record the store holds): the run's own record first (its
 * family, of its kind), then the others. The records are as read, not pruned: a key the platform no
 * longer lists is still found (already revoked: the run answers the rest of the leak).
 */
export function locateLeakedKey(leaked: LeakedKey, own: TargetRecord | undefined, records: readonly TargetRecord[]): LeakLocation {
  const ordered = own ? [own, ...records.filter((r) => r !== own)] : [...records];
  for (const record of ordered) {
    const keyId = keyIdIn(record, leaked);
    if (keyId === undefined) continue;
    if (record !== own) return { found: 'elsewhere', keyId, record };
    return { found: 'here', leak: { keyId, holders: holdersOf(record, keyId) } };
  }
  return { found: 'nowhere', searched: ordered };
}

function keyIdIn(record: TargetRecord, leaked: LeakedKey): number | undefined {
  if ('id' in leaked) return recordedKeyIds(record).has(leaked.id) ? leaked.id : undefined;
  const hit = Object.entries(record.fingerprints).find(([, fingerprint]) => fingerprint === leaked.fingerprint);
  return hit ? Number(hit[0]) : undefined;
}

/** The targets whose entry names `keyId` (a rebuilt record names every live key for every target). */
function holdersOf(record: TargetRecord, keyId: number): Array<{ identity: string; spec: string }> {
  const entries = Object.entries(record.targets);
  return entries.filter(([, entry]) => entry.keyIds.includes(keyId)).map(([identity, entry]) => ({ identity, spec: entry.spec }));
}
