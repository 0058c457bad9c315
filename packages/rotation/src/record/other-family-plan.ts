// Other families' records as a run's record plan settles them (pure): the targets this run takes over
// from them (a renamed prefix, a switched kind of key) or retires, and the targets where a renamed
// secret (a record of another secret name) is gone. Which of their keys are revoked is the
// revocation plan's (protocol/revocation-plan.ts).

import { familyMembers, type KeyEntry } from '../family-members.js';
import { mutant } from '../internal/mutants.js';
import { recordedKeyIds, type TargetRecord, withoutTargets, withUnnamedNewer } from './target-record.js';

/**
 * Another family's record this run settles once every target holds the new key: it forgets the
 * targets this run took over or retired; left with none, no target may hold its keys: those the
 * run can see are revoked (revocation-plan.ts), the others named in a warning.
 */
export interface OtherFamily {
  /** The record as it will be saved: without the targets taken over or retired. */
  record: TargetRecord;
  /** Targets it named that this run writes (identities). */
  takenOver: string[];
  /** Retired targets it named (identities). */
  retired: string[];
  /** True when its keys are of this run's kind: the run lists, and may revoke, them. */
  sameKind: boolean;
  /** True when no target is left in it: its keys are held by nothing. */
  empty: boolean;
  /**
   * Set for a record of another secret name that names listed or retired targets (a renamed
   * secret, or another secret kept at the same targets): where its secret is gone, where it still
   * exists, and where the run cannot tell (not listed nor retired, or unreadable). It is settled
   * (`empty`) only once the secret is gone everywhere; until then it stays whole and its keys stay.
   */
  otherSecret?: OtherSecretCheck;
  /**
   * Of a renamed secret's record that stays whole: its keys that only targets where the secret is
   * gone may hold, none where it may remain. Revoked all the same (same kind): once the run moves
   * on, nothing links that record to a later run, which would leave them valid silently (seed 231690137).
   */
  goneOnly?: number[];
}

/** Where the secret of a record of another secret name still exists (protocol/renamed-secrets.ts). */
export interface OtherSecretCheck {
  record: TargetRecord;
  /** Identities of its targets where its secret is gone. */
  gone: string[];
  /** Identities where it still exists. */
  present: string[];
  /** Identities the run cannot check. */
  unknown: string[];
  /** Of those, the ones whose read failed (a listed or retired target): only a later run can tell. */
  unreadable?: string[];
  /**
   * Identities where its secret is gone while the record stays whole (it may exist elsewhere): a
   * rename half done, which the run names. Set by the plan (settledSecret), never forgotten yet.
   */
  goneElsewhere?: string[];
}

/** Another family's live keys that no target its record still names may hold. */
export interface UnheldKeys {
  family: string;
  keyIds: number[];
  /** Specs of the targets the record still names (none listed nor retired). */
  targets: string[];
}

/** Another family's record, read with its `creatingAbove` mark taken into account (its write may have landed late). */
export function readWithMark(other: TargetRecord, keys: readonly KeyEntry[], keyKind: string): TargetRecord {
  return isOfKind(other, keyKind)
    ? withUnnamedNewer(
        other,
        familyMembers(keys, other.family).map((k) => k.id),
      )
    : other;
}

/**
 * Another family's live keys (by name, or named by its record, read with its `creatingAbove` mark)
 * that none of the targets its record names once this run forgets the listed and retired ones may
 * hold: not in their entries, not protected (another warning names those). None when no target is
 * left: the settlement then revokes them.
 */
export function unheldKeys(
  other: TargetRecord,
  keys: readonly KeyEntry[],
  run: { family: string; listed: ReadonlySet<string>; retired: readonly string[]; protectedIds: ReadonlySet<number> },
): UnheldKeys[] {
  const forgotten = Object.keys(other.targets).filter((identity) => run.listed.has(identity) || run.retired.includes(identity));
  const entries = Object.values(withoutTargets(other, forgotten).targets);
  if (!entries.length) return [];
  const own = new Set(familyMembers(keys, run.family).map((k) => k.id));
  const named = recordedKeyIds(other);
  const theirs = keys.filter((k) => (named.has(k.id) || familyMembers([k], other.family).length > 0) && !own.has(k.id));
  const mayHold = new Set([...entries.flatMap((entry) => entry.keyIds), ...run.protectedIds]);
  const unheld = theirs
    .filter((k) => !mayHold.has(k.id))
    .map((k) => k.id)
    .sort((a, b) => a - b);
  return unheld.length ? [{ family: other.family, keyIds: unheld, targets: entries.map((entry) => entry.spec) }] : [];
}

/**
 * A record of another secret name: once its secret is gone at every target it names, no target
 * holds its keys. Until then it stays whole, so the targets it names keep bringing it to later
 * runs (and their warnings). Of another kind of key, its keys are not in the run's listing: the
 * run forgets the targets where the secret is gone and names the keys (seed 1701325900).
 */
export function settledSecret(check: OtherSecretCheck, keyKind: string): OtherFamily {
  const empty = check.present.length === 0 && check.unknown.length === 0;
  const record = empty ? withoutTargets(check.record, check.gone) : check.record;
  const sameKind = isOfKind(check.record, keyKind);
  if (empty) return { record, takenOver: [], retired: [], sameKind, empty, otherSecret: check };
  const mayRemain = new Set([...check.present, ...check.unknown].flatMap((id) => record.targets[id]?.keyIds ?? []));
  const goneOnly = [...new Set(check.gone.flatMap((id) => record.targets[id]?.keyIds ?? []))].filter(
    (id) => !mayRemain.has(id) && !record.rebuilt.includes(id),
  );
  return {
    record,
    takenOver: [],
    retired: [],
    sameKind,
    empty,
    otherSecret: { ...check, gone: [], goneElsewhere: check.gone },
    ...(sameKind && goneOnly.length && { goneOnly }),
  };
}

/** A record of `keyKind`'s keys (one of format 1 says no kind: the first run reading it adopts it). */
export function isOfKind(record: TargetRecord, keyKind: string): boolean {
  return record.keyKind === undefined || record.keyKind === keyKind;
}

/**
 * Records of another secret name that name a target listed or retired (a renamed secret's family,
 * whose keys no target may hold once its secret is gone everywhere it names), or no target at all
 * (such a run stopped before revoking its keys). Of any kind of key: a secret renamed and then
 * switched to another kind leaves its record to runs that cannot list its keys, and the target it
 * names may be retired by one of them (seed 1701325900); such a run forgets it and names the keys.
 */
export function otherSecretRecords(
  records: readonly TargetRecord[],
  run: { family: string; secretName: string; keyKind: string },
  identities: readonly string[],
): TargetRecord[] {
  const secret = run.secretName.toUpperCase();
  const names = (r: TargetRecord) => identities.some((id) => id in r.targets) || Object.keys(r.targets).length === 0;
  // The run's own family (a given `family` kept across the rename) is not another family.
  const other = (r: TargetRecord) => r.family !== run.family && r.secretName.toUpperCase() !== secret;
  return records.filter((r) => other(r) && names(r));
}

/** Another family's record, if this run changes it: the targets it took over or retired. */
export function settled(other: TargetRecord, listed: ReadonlySet<string>, retired: readonly string[], keyKind: string): OtherFamily[] {
  const named = Object.keys(other.targets);
  const takenOver = named.filter((identity) => listed.has(identity));
  const retiredHere = mutant('retired-only-from-own-record') ? [] : named.filter((identity) => retired.includes(identity));
  const record = withoutTargets(other, [...takenOver, ...retiredHere]);
  const empty = Object.keys(record.targets).length === 0;
  if (!takenOver.length && !retiredHere.length && !empty) return [];
  return [{ record, takenOver, retired: retiredHere, sameKind: isOfKind(other, keyKind), empty }];
}
