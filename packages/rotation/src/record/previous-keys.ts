// Which keys the listed targets held before this run (first to keep), and which a rollback may write
// back: told by the record when one was read or rebuilt, guessed from the listing otherwise.

import { familyMembers, type KeyEntry } from '../family-members.js';
import { isOfKind, type OtherSecretCheck } from './other-family-plan.js';
import type { TargetRecord } from './target-record.js';

export interface PreviousKeys {
  /** Keys the listed targets held before this run, as far as the run can tell: first to keep. */
  previousIds: number[];
  /** `previousIds`, and the key the run started with when a record knows its fingerprint (seed 2078542868). */
  writtenBackIds: number[];
  /** By the record, what each listed target held before this run (none without one). */
  previousOf: Record<string, number[]>;
}

export function previousKeys(input: {
  record: TargetRecord;
  known: boolean;
  listed: ReadonlySet<string>;
  listedIds: ReadonlySet<number>;
  keys: readonly KeyEntry[];
  family: string;
  keyKind: string;
  records: readonly TargetRecord[];
  otherSecrets: readonly OtherSecretCheck[];
  currentFingerprint: string | undefined;
}): PreviousKeys {
  const { listed, listedIds } = input;
  // A new record after a rename: the targets hold what the user copied from the old secret.
  const copied = input.otherSecrets.filter((c) => isOfKind(c.record, input.keyKind)).flatMap((c) => recordedPrevious(c.record, listed));
  const previousIds = input.known
    ? recordedPrevious(input.record, listed)
    : [...new Set([...guessedPrevious(input.keys, input.family), ...copied])];
  const startedWith = fingerprintedIds(input.records, input.currentFingerprint).filter((id) => listedIds.has(id));
  const previousOf = input.known
    ? Object.fromEntries(
        Object.entries(input.record.targets).flatMap(([identity, e]) => (listed.has(identity) ? [[identity, [...e.keyIds]]] : [])),
      )
    : {};
  return { previousIds, writtenBackIds: [...new Set([...previousIds, ...startedWith])], previousOf };
}

/** The ids the records know `fingerprint` by (one, unless a record was edited by hand). */
function fingerprintedIds(records: readonly TargetRecord[], fingerprint: string | undefined): number[] {
  if (!fingerprint) return [];
  const ids = records.flatMap((r) =>
    Object.entries(r.fingerprints)
      .filter(([, fp]) => fp === fingerprint)
      .map(([id]) => Number(id)),
  );
  return [...new Set(ids)];
}

/** What the listed targets may hold, by the record: the key the targets hold first. */
function recordedPrevious(record: TargetRecord, listed: ReadonlySet<string>): number[] {
  const ids = new Set<number>();
  for (const [identity, entry] of Object.entries(record.targets)) if (listed.has(identity)) for (const id of entry.keyIds) ids.add(id);
  return [...ids].sort((a, b) => b - a);
}

/**
 * Without a record (the first run that keeps one): the key the targets hold is not known, as the
 * platform does not say which key made a request and `last_used_at` may be stale or absent. Both
 * the newest member and the most recently used one are candidates: keeping both is never fewer.
 */
function guessedPrevious(keys: readonly KeyEntry[], family: string): number[] {
  const members = familyMembers(keys, family);
  const used = members.filter((k) => k.last_used_at).sort((a, b) => Date.parse(b.last_used_at!) - Date.parse(a.last_used_at!));
  return [...new Set([members[0]?.id, used[0]?.id].filter((id): id is number => id !== undefined))];
}
