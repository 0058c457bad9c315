// What the target record tells a run, decided once in the preflight and pure: the family's record
// (read, rebuilt or new), which listed targets it names, which targets were dropped (their keys are
// protected), which are retired, which keys the listed targets held, which keys are protected as a
// lost record may have named them, and which other families' records this run settles: the
// targets it takes over from them (a renamed prefix, a switched kind of key), the retired ones, and
// the targets where a renamed secret (a record of another secret name) is gone.
// Which of their keys are revoked is the revocation plan's (protocol/revocation-plan.ts).

import { familyMembers, type KeyEntry } from '../family-members.js';
import { mutant } from '../internal/mutants.js';
import {
  emptyRecord,
  pruned,
  rebuiltRecord,
  recordedKeyIds,
  type TargetRecord,
  type UnreadableRecord,
  withoutTargets,
  withUnnamedNewer,
} from './target-record.js';
import { legacyVariableName, recordVariableName } from './variable-names.js';

export interface DroppedTarget {
  identity: string;
  spec: string;
  keyIds: number[];
}

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

export interface RecordPlan {
  /** The family's record as this run starts it: read (pruned), rebuilt, or new (empty). */
  record: TargetRecord;
  /** True when a record said which keys the targets hold (read or rebuilt), not guessed. */
  known: boolean;
  /** Unreadable records this run's record replaces (rebuilt): deleted once it is saved. */
  replacing: string[];
  /** Targets the record names that are no longer listed nor retired: their keys are never revoked. */
  dropped: DroppedTarget[];
  /**
   * Targets another family's record of this secret names that are no longer listed nor retired
   * (dropped before that family was left, or retired under another secret name): its keys stay
   * valid until a run retires them, so each run names them as it names its own dropped targets.
   */
  otherDropped: Array<DroppedTarget & { family: string }>;
  /** Identities of retired targets whose secret is gone: forgotten once the store step is done. */
  retired: string[];
  /** Keys the listed targets held before this run, as far as the run can tell: first to keep. */
  previousIds: number[];
  /**
   * Keys a rollback may write back to a target this run writes, named for each target before the
   * first write: `previousIds`, and the key the run started with when a record knows its fingerprint
   * (a record started by a run that failed before writing names none for its targets; seed 2078542868).
   */
  writtenBackIds: number[];
  /** Keys a dropped target may hold (the family's own, or one another family's record names): never revoked. */
  protectedIds: Set<number>;
  otherFamilies: OtherFamily[];
  /**
   * Live keys of another family of this secret and kind that none of the targets its record still
   * names may hold, once this run has settled it: a late record write may have put back targets
   * since retired (seed 874975652). The family is settled only once its record names no target, so
   * until then they stay valid, and each run names them.
   */
  otherUnheld: UnheldKeys[];
  /** The newest key id of the run's listing: the key the run makes will be above it. */
  newestListed: number;
}

/** Another family's live keys that no target its record still names may hold. */
export interface UnheldKeys {
  family: string;
  keyIds: number[];
  /** Specs of the targets the record still names (none listed nor retired). */
  targets: string[];
}

export interface RecordPlanInput {
  family: string;
  /** The family's readable record, if any (family-choice.ts). */
  record: TargetRecord | undefined;
  /** Every readable record of the store. */
  records: readonly TargetRecord[];
  keyKind: string;
  secretName: string;
  targets: ReadonlyArray<{ identity: string; spec: string }>;
  /** Retired targets whose secret is gone (identities). */
  retired: readonly string[];
  /** The listing of this run's kind, before anything changed. */
  keys: readonly KeyEntry[];
  /** Rebuild the record in place of an unreadable one (`blocking` below are replaced). */
  rebuild: readonly UnreadableRecord[] | undefined;
  /** Records of another secret name naming listed targets, checked (renamedSecretChecks). */
  otherSecrets?: readonly OtherSecretCheck[];
  /** The fingerprint of the key the run started with: the key a rollback writes back. */
  currentFingerprint?: string;
}

/** The record plan of a run. */
export function planRecord(input: RecordPlanInput): RecordPlan {
  const { family, keyKind, secretName, targets, retired, keys } = input;
  const listed = new Set(targets.map((t) => t.identity));
  const listedIds = new Set(keys.map((k) => k.id));
  // The record follows the run's secret: a family given by name keeps its record across a rename.
  const live = familyMembers(keys, family).map((k) => k.id);
  // A record put back by a late write of an earlier run names fewer keys than the targets may hold.
  const read = input.record ? withUnnamedNewer(pruned({ ...input.record, keyKind, secretName }, listedIds), live) : undefined;
  const secret = secretName.toUpperCase();
  const others = input.records.filter((r) => r !== input.record && r.secretName.toUpperCase() === secret);
  const otherSecrets = (input.otherSecrets ?? []).filter((c) => c.record !== input.record);
  let record = read ?? emptyRecord(family, secretName, keyKind);
  if (input.rebuild) {
    const rebuilt = rebuiltRecord(family, secretName, keyKind, targets, live);
    // The lost record may have named another family's key for a target too (a rollback writes back
    // the key the run started with, a renamed secret's old one): the live keys the secret's other
    // records of this kind name stay as well, or settling them could lock that target out (seed 77693626).
    const otherRecords = [...others, ...otherSecrets.map((c) => c.record)].filter((r) => isOfKind(r, keyKind));
    const otherNamed = otherRecords.flatMap((r) => [...recordedKeyIds(r)]).filter((id) => listedIds.has(id));
    record = { ...record, targets: { ...record.targets, ...rebuilt.targets }, rebuilt: [...new Set([...record.rebuilt, ...rebuilt.rebuilt, ...otherNamed])] };
  }
  const known = read !== undefined || input.rebuild !== undefined;
  const dropped = Object.entries(record.targets)
    .filter(([identity]) => !listed.has(identity) && !retired.includes(identity))
    .map(([identity, entry]) => ({ identity, spec: entry.spec, keyIds: entry.keyIds }));
  const ownDropped = new Map(dropped.map((t) => [t.identity, new Set(t.keyIds)]));
  // As each other record reads with its `creatingAbove` mark taken into account (its write may have landed late).
  const othersRead = others.map((other) => (isOfKind(other, keyKind) ? withUnnamedNewer(other, familyMembers(keys, other.family).map((k) => k.id)) : other));
  // A target dropped from the run's record too keeps the keys only the other record names for it:
  // protected and named all the same (a rollback may have written either family's key there).
  const otherDropped = othersRead.flatMap((other) =>
    Object.entries(other.targets)
      .filter(([identity]) => !listed.has(identity) && !retired.includes(identity))
      .map(([identity, entry]) => ({ identity, spec: entry.spec, keyIds: entry.keyIds.filter((id) => !ownDropped.get(identity)?.has(id)), family: other.family }))
      .filter((target) => !ownDropped.has(target.identity) || target.keyIds.length > 0),
  );
  // Another family's dropped target too: a rollback writes back the key the run started with, which
  // may be of any family (a renamed secret's), so its record may name a key a settlement revokes (seed 939651149).
  // And a renamed secret's record, where its secret may still exist: the run says those keys stay
  // valid, and the target may hold one under this name too (a rename copies the value; seed 1486769425).
  const otherSecretHeld = otherSecrets.flatMap((c) => [...c.present, ...c.unknown].flatMap((identity) => c.record.targets[identity]?.keyIds ?? []));
  const protectedIds = new Set(mutant('dropped-target-unprotected') ? [] : [...[...dropped, ...otherDropped].flatMap((t) => t.keyIds), ...otherSecretHeld]);
  // A new record after a rename: the targets hold what the user copied from the old secret.
  const copied = otherSecrets.filter((c) => isOfKind(c.record, keyKind)).flatMap((c) => recordedPrevious(c.record, listed));
  const previousIds = known ? recordedPrevious(record, listed) : [...new Set([...guessedPrevious(keys, family), ...copied])];
  const startedWith = fingerprintedIds(input.records, input.currentFingerprint).filter((id) => listedIds.has(id));
  return {
    record,
    known,
    replacing: (input.rebuild ?? []).map((u) => u.name),
    dropped,
    otherDropped,
    retired: [...retired],
    previousIds,
    writtenBackIds: [...new Set([...previousIds, ...startedWith])],
    protectedIds,
    newestListed: Math.max(0, ...listedIds),
    otherUnheld: othersRead.filter((other) => isOfKind(other, keyKind)).flatMap((other) => unheldKeys(other, keys, { family, listed, retired, protectedIds })),
    otherFamilies: [...others.flatMap((other) => settled(other, listed, retired, keyKind)), ...otherSecrets.map((check) => settledSecret(check, keyKind))],
  };
}

/**
 * Another family's live keys (by name, or named by its record, read with its `creatingAbove` mark)
 * that none of the targets its record names once this run forgets the listed and retired ones may
 * hold: not in their entries, not protected (another warning names those). None when no target is
 * left: the settlement then revokes them.
 */
function unheldKeys(
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
  const unheld = theirs.filter((k) => !mayHold.has(k.id)).map((k) => k.id).sort((a, b) => a - b);
  return unheld.length ? [{ family: other.family, keyIds: unheld, targets: entries.map((entry) => entry.spec) }] : [];
}

/**
 * A record of another secret name: once its secret is gone at every target it names, no target
 * holds its keys. Until then it stays whole, so the targets it names keep bringing it to later
 * runs (and their warnings). Of another kind of key, its keys are not in the run's listing: the
 * run forgets the targets where the secret is gone and names the keys (seed 1701325900).
 */
function settledSecret(check: OtherSecretCheck, keyKind: string): OtherFamily {
  const empty = check.present.length === 0 && check.unknown.length === 0;
  const record = empty ? withoutTargets(check.record, check.gone) : check.record;
  return { record, takenOver: [], retired: [], sameKind: isOfKind(check.record, keyKind), empty, otherSecret: empty ? check : { ...check, gone: [], goneElsewhere: check.gone } };
}

/** A record of `keyKind`'s keys (one of format 1 says no kind: the first run reading it adopts it). */
function isOfKind(record: TargetRecord, keyKind: string): boolean {
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
function settled(other: TargetRecord, listed: ReadonlySet<string>, retired: readonly string[], keyKind: string): OtherFamily[] {
  const named = Object.keys(other.targets);
  const takenOver = named.filter((identity) => listed.has(identity));
  const retiredHere = mutant('retired-only-from-own-record') ? [] : named.filter((identity) => retired.includes(identity));
  const record = withoutTargets(other, [...takenOver, ...retiredHere]);
  const empty = Object.keys(record.targets).length === 0;
  if (!takenOver.length && !retiredHere.length && !empty) return [];
  return [{ record, takenOver, retired: retiredHere, sameKind: isOfKind(other, keyKind), empty }];
}

/**
 * Unreadable records in the way of this run: the family's own (by its variable, or the family a
 * newer record states), and, when the family was derived rather than read from a record or given,
 * any other: it may be the record of these targets. A misplaced record (another family's, under a
 * variable not its own) is in the way only of its own family's runs, or of the run whose variable it fills.
 */
export function blockingRecords(
  unreadable: readonly UnreadableRecord[],
  family: string,
  keyKind: string,
  derived: boolean,
): UnreadableRecord[] {
  const own = new Set([recordVariableName(family, keyKind), legacyVariableName(family)]);
  // A misplaced record says its family: a derived family's guess does not take it (issue 31, item 3).
  return unreadable.filter((u) => (derived && !u.misplaced) || own.has(u.name) || u.family === family);
}

/**
 * Every key id a record names, for a warning when its keys cannot be seen: the keys its targets may
 * hold, the fingerprinted ones, and the `keep` history and rebuilt keys, which stay valid although
 * no target holds them (a key the console made is kept so, with no fingerprint).
 */
export function namedKeyIds(record: TargetRecord): number[] {
  return [...recordedKeyIds(record)].sort((a, b) => a - b);
}

/** The ids the records know `fingerprint` by (one, unless a record was edited by hand). */
function fingerprintedIds(records: readonly TargetRecord[], fingerprint: string | undefined): number[] {
  if (!fingerprint) return [];
  const ids = records.flatMap((r) => Object.entries(r.fingerprints).filter(([, fp]) => fp === fingerprint).map(([id]) => Number(id)));
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
