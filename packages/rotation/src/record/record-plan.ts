// What the target record tells a run, decided once in the preflight and pure: the family's record
// (read, rebuilt or new), which listed targets it names, which targets were dropped (their keys are
// protected: dropped-targets.ts), which are retired, which keys the listed targets held
// (previous-keys.ts), and which other families' records this run settles (other-family-plan.ts).
// Which keys are revoked is the revocation plan's (protocol/revocation-plan.ts).

import { familyMembers, type KeyEntry } from '../family-members.js';
import { type DroppedTarget, droppedTargets, otherDroppedTargets, protectedKeyIds } from './dropped-targets.js';
import {
  isOfKind,
  type OtherFamily,
  type OtherSecretCheck,
  readWithMark,
  settled,
  settledSecret,
  type UnheldKeys,
  unheldKeys,
} from './other-family-plan.js';
import { previousKeys } from './previous-keys.js';
import {
  emptyRecord,
  pruned,
  rebuiltRecord,
  recordedKeyIds,
  type TargetRecord,
  type UnreadableRecord,
  withUnnamedNewer,
} from './target-record.js';
import { legacyVariableName, recordVariableName } from './variable-names.js';

export type { DroppedTarget } from './dropped-targets.js';
export { otherSecretRecords, type OtherFamily, type OtherSecretCheck, type UnheldKeys } from './other-family-plan.js';

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
  /** By the record, what each listed target held before this run (none without one): previous-keys.ts. */
  previousOf: Record<string, number[]>;
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

/** The record plan of a run: each part a sub-plan that keeps one rule (the files named above). */
export function planRecord(input: RecordPlanInput): RecordPlan {
  const { family, keyKind, retired, keys } = input;
  const listed = new Set(input.targets.map((t) => t.identity));
  const listedIds = new Set(keys.map((k) => k.id));
  const secret = input.secretName.toUpperCase();
  const others = input.records.filter((r) => r !== input.record && r.secretName.toUpperCase() === secret);
  const otherSecrets = (input.otherSecrets ?? []).filter((c) => c.record !== input.record);
  const { record, known } = startingRecord(input, others, otherSecrets, listedIds);
  const dropped = droppedTargets(record, listed, retired);
  const othersRead = others.map((other) => readWithMark(other, keys, keyKind));
  const otherDropped = otherDroppedTargets(othersRead, dropped, listed, retired);
  const protectedIds = protectedKeyIds([...dropped, ...otherDropped], otherSecrets);
  return {
    record,
    known,
    replacing: (input.rebuild ?? []).map((u) => u.name),
    dropped,
    otherDropped,
    retired: [...retired],
    ...previousKeys({
      record,
      known,
      listed,
      listedIds,
      keys,
      family,
      keyKind,
      records: input.records,
      otherSecrets,
      currentFingerprint: input.currentFingerprint,
    }),
    protectedIds,
    newestListed: Math.max(0, ...listedIds),
    otherUnheld: othersRead
      .filter((other) => isOfKind(other, keyKind))
      .flatMap((other) => unheldKeys(other, keys, { family, listed, retired, protectedIds })),
    otherFamilies: [
      ...others.flatMap((other) => settled(other, listed, retired, keyKind)),
      ...otherSecrets.map((check) => settledSecret(check, keyKind)),
    ],
  };
}

/**
 * The family's record as the run starts it: read (pruned of keys the platform no longer lists, and
 * naming the family's live keys a late write of an earlier run left out), rebuilt, or new. The record
 * follows the run's secret: a family given by name keeps its record across a rename. A rebuilt record
 * keeps the live keys the secret's other records of this kind name too: the lost record may have
 * named them for a target (a rollback writes back the key the run started with, a renamed secret's
 * old one), and settling them could lock that target out (seed 77693626).
 */
function startingRecord(
  input: RecordPlanInput,
  others: readonly TargetRecord[],
  otherSecrets: readonly OtherSecretCheck[],
  listedIds: ReadonlySet<number>,
): { record: TargetRecord; known: boolean } {
  const { family, keyKind, secretName } = input;
  const live = familyMembers(input.keys, family).map((k) => k.id);
  const read = input.record ? withUnnamedNewer(pruned({ ...input.record, keyKind, secretName }, listedIds), live) : undefined;
  const record = read ?? emptyRecord(family, secretName, keyKind);
  if (!input.rebuild) return { record, known: read !== undefined };
  const rebuilt = rebuiltRecord(family, secretName, keyKind, input.targets, live);
  const otherRecords = [...others, ...otherSecrets.map((c) => c.record)].filter((r) => isOfKind(r, keyKind));
  const otherNamed = otherRecords.flatMap((r) => [...recordedKeyIds(r)]).filter((id) => listedIds.has(id));
  const rebuiltIds = [...new Set([...record.rebuilt, ...rebuilt.rebuilt, ...otherNamed])];
  return { record: { ...record, targets: { ...record.targets, ...rebuilt.targets }, rebuilt: rebuiltIds }, known: true };
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
