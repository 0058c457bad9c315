// The target record of a key family: which targets its keys were written to, which keys each may
// hold, and a fingerprint of each key the family issued. The protocol keeps it so that a target
// dropped from the list is never locked out: a key that a dropped target may hold is never revoked.
// It is written BEFORE the secrets (every target about to be written may hold the new key as well),
// so a crash leaves it naming more keys than the targets hold, never fewer; after every target
// holds the new key it is narrowed. Pure: the I/O is the RecordStore's (github-variables.ts).

import type { LeaseBackend } from '../lease/lease-backend.js';
import { probe } from '../internal/probes.js';
import type { FailureStreak, Recovery, StuckMark } from '../stuck/stuck-mark.js';

/** One target of a record: its spec and the keys it may hold. */
export interface TargetEntry {
  /** The target as a spec, for messages (`env:acme/app:qa`). */
  spec: string;
  /** Keys the target may hold, newest first. */
  keyIds: number[];
}

/** The record of one key family: which targets may hold which of its keys. */
export interface TargetRecord {
  family: string;
  secretName: string;
  /**
   * The kind of key the family's keys are (`keyKindLabel`): `personal`, `organization:ORG` or
   * `project:ORG/PROJECT`. Undefined in a record of format 1, which the first run reading it adopts.
   */
  keyKind: string | undefined;
  /** By target identity (`targetIdentity`). */
  targets: Record<string, TargetEntry>;
  /** Keys the targets held after each rotation, newest first: `keep` slots go to them in this order. */
  held: number[];
  /** The fingerprint (fingerprint.ts) of each key of the family the platform still lists, by id. */
  fingerprints: Record<number, string>;
  /**
   * Keys that were live when the record was rebuilt (an unreadable record replaced): a target the
   * lost record named may hold them, so they are never revoked unless named in revokeKeyIds.
   */
  rebuilt: number[];
  /**
   * Set by a run about to make a key (the write before its create, and the count of a lease it took
   * over: markedCreating): the newest key id it had listed. A live key of the family above it that
   * the record does not name may be held by every target named here: this write may land after the
   * run's later ones (an answer given up on, retried, landing late: GitHub's variables take no
   * precondition), putting back a record that predates the run's key (simulator seed 7745). Cleared
   * by the write before the secrets.
   */
  creatingAbove?: number;
  /**
   * When each superseded key may be revoked (revokeAfter: ISO 8601 times, by key id): a key stays
   * valid until then whatever `keep` says. Written as format 3 (format.ts). Pruned with the ids.
   */
  due?: Record<number, string>;
  /**
   * Targets whose new value no deployment uses yet (a Vercel project not redeployed, or whose
   * redeploy failed), by identity, with the deployment production served when the run ended: they
   * keep every key they may hold (so none is revoked) until a run sees a deployment use the value.
   */
  awaiting?: Record<string, AwaitedDeployment>;
  /**
   * Set while the family is stuck (stuck/): its runs make no key until a person acknowledges.
   * Written as format 4 (format.ts), so an older release reading it refuses the record instead of rotating.
   */
  stuck?: StuckMark;
  /** The same failure in consecutive runs (stuck/stuck-mark.ts); a run that succeeds clears it. */
  failures?: FailureStreak;
  /** Acknowledged with the family's issue still open: the first run to succeed closes it and forgets this. */
  recovered?: Recovery;
}

/**
 * What an awaiting target waits on: a deployment made after `writtenAt` (the service's clock), when
 * `keyId` was written; `deployment` is the one that ran then (or the redeploy that failed). A later
 * run that sees a deployment made after `writtenAt` knows the target's deployments use `keyId` or newer.
 */
export interface AwaitedDeployment {
  keyId: number;
  writtenAt?: number;
  deployment?: string;
  url?: string;
  /** Set by the run, not kept: the oldest key the target may still hold (keys before it left its deployments). */
  keepFrom?: number;
}

/** A record variable that could not be read: never taken for an absent record. */
export interface UnreadableRecord {
  /** Where it is kept (a variable name). */
  name: string;
  /** The family, when the name says which (a record of this run's family or kind). */
  family?: string;
  /** `newer`: written by a newer keyturn (`format` says which format); `unparsable`: not a record. */
  problem: 'newer' | 'unparsable';
  format?: number;
  /** Why, in a few words (`not JSON`, `part 2 of 3 is missing`). */
  detail: string;
  /**
   * A readable record under a variable that is not its family's (copied by hand): `family` is the
   * record's own word. It is that family's, never a guess at this run's: it neither chooses the
   * family nor stops a run of another family.
   */
  misplaced?: boolean;
}

/** What a RecordStore's load finds: the records it reads, and the record variables it cannot. */
export interface LoadedRecords {
  records: TargetRecord[];
  unreadable: UnreadableRecord[];
}

/** Where records live (GitHub: repository variables, one record per family and kind of key). */
export interface RecordStore {
  /** Every record kept there, of every family, and every record variable that cannot be read. */
  load(): Promise<LoadedRecords>;
  /** Saves `record`; `replacing` names unreadable records it takes the place of (deleted after). */
  save(record: TargetRecord, replacing?: readonly string[]): Promise<void>;
  /** Deletes a family's record (once no target holds any of its keys). */
  remove(record: TargetRecord): Promise<void>;
  /** `variables of acme/ops`, for messages. */
  describe(): string;
  /** Where the family's lease is taken (lease/): a store without it cannot keep two runs apart. */
  lease?: LeaseBackend;
}

/** How many earlier keys the record remembers for `keep` (the Action's `keep` is at most 100). */
export const HELD_HISTORY = 100;

export function emptyRecord(family: string, secretName: string, keyKind: string | undefined): TargetRecord {
  return { family, secretName, keyKind, targets: {}, held: [], fingerprints: {}, rebuilt: [] };
}

/** Every key id the record names: held by a target, in the history, fingerprinted or rebuilt. */
export function recordedKeyIds(record: TargetRecord): Set<number> {
  const ids = new Set<number>([...record.held, ...record.rebuilt, ...Object.keys(record.fingerprints).map(Number)]);
  for (const entry of Object.values(record.targets)) for (const id of entry.keyIds) ids.add(id);
  return ids;
}

/**
 * Before the first write: every target to be written may hold `keyId` besides what it held, and
 * also `writtenBack`, the keys the run started with: a rollback writes the current key back to
 * every target written, one that held another key (or none) included. The new key's fingerprint
 * is kept from now on.
 */
export function beforeWriting(
  record: TargetRecord,
  targets: ReadonlyArray<{ identity: string; spec: string }>,
  key: { id: number; fingerprint: string },
  writtenBack: readonly number[],
): TargetRecord {
  const next = structuredClone(record);
  for (const { identity, spec } of targets) {
    const keyIds = next.targets[identity]?.keyIds ?? [];
    const earlier = [...new Set([...keyIds, ...writtenBack])].filter((id) => id !== key.id).sort((a, b) => b - a);
    next.targets[identity] = { spec, keyIds: [key.id, ...earlier] };
  }
  next.fingerprints[key.id] = key.fingerprint;
  // The record names the key now: should this write land late, it still says more, never fewer.
  delete next.creatingAbove;
  return next;
}

/**
 * After every target of the list holds `keyId`: they hold it alone (but any key newer than it, a
 * concurrent rotation's, stays named); retired targets are forgotten; `previous` (what the targets
 * held before, as far as the run knows) goes into the history for `keep`.
 */
export function afterWriting(
  record: TargetRecord,
  written: readonly string[],
  keyId: number,
  retired: readonly string[],
  previous: readonly number[],
  awaiting: ReadonlyMap<string, AwaitedDeployment> = new Map(),
): TargetRecord {
  const next = structuredClone(record);
  for (const identity of written) {
    const entry = next.targets[identity];
    // A target no deployment reads the new key from yet keeps every key it may hold: the running one uses an older one.
    if (entry && !awaiting.has(identity)) entry.keyIds = [keyId, ...entry.keyIds.filter((id) => id > keyId)];
    if (next.awaiting) delete next.awaiting[identity];
  }
  for (const [identity, { keepFrom, ...awaited }] of awaiting) {
    const entry = next.targets[identity];
    if (!entry) continue;
    if (keepFrom !== undefined) entry.keyIds = entry.keyIds.filter((id) => id >= keepFrom);
    next.awaiting ??= {};
    next.awaiting[identity] = awaited;
  }
  if (next.awaiting && !Object.keys(next.awaiting).length) delete next.awaiting;
  for (const identity of retired) {
    delete next.targets[identity];
    delete next.awaiting?.[identity];
  }
  const history = [keyId, ...previous, ...next.held];
  next.held = [...new Set(history)].slice(0, HELD_HISTORY);
  return next;
}

/** The record without `identities`: what is left once those targets are retired. */
export function withoutTargets(record: TargetRecord, identities: readonly string[]): TargetRecord {
  const next = structuredClone(record);
  for (const identity of identities) delete next.targets[identity];
  return next;
}

/**
 * The listed targets named, so the family follows them even if the run stops, each with the keys
 * it may hold (`mayHold`: none known, or the first record's guess), and `creatingAbove`: the run's
 * key, made next, will be above `newestListed`.
 */
export function namingTargets(
  record: TargetRecord,
  targets: ReadonlyArray<{ identity: string; spec: string }>,
  newestListed: number,
  mayHold: readonly number[] = [],
): TargetRecord {
  const next = structuredClone(record);
  for (const { identity, spec } of targets) next.targets[identity] ??= { spec, keyIds: [...mayHold].sort((a, b) => b - a) };
  next.creatingAbove = newestListed;
  return next;
}

/**
 * `record` as written by a run that is about to make a key above `newestListed`, before the record
 * names it: such a write may land after the run's later ones (`creatingAbove`). A lower mark stays.
 */
export function markedCreating(record: TargetRecord, newestListed: number): TargetRecord {
  return { ...record, creatingAbove: Math.min(record.creatingAbove ?? newestListed, newestListed) };
}

/**
 * The record as it reads once `creatingAbove` is taken into account: every target it names may
 * hold each live key of the family above that id that the record does not name (its write may
 * have landed after the ones that named them). Without the mark, the record as it is.
 */
export function withUnnamedNewer(record: TargetRecord, familyIds: readonly number[]): TargetRecord {
  const above = record.creatingAbove;
  if (above === undefined) return record;
  const named = recordedKeyIds(record);
  const unnamed = familyIds.filter((id) => id > above && !named.has(id));
  const next = structuredClone(record);
  delete next.creatingAbove;
  if (!unnamed.length) return next;
  probe('record-creating-mark');
  for (const entry of Object.values(next.targets)) entry.keyIds = [...new Set([...entry.keyIds, ...unnamed])].sort((a, b) => b - a);
  return next;
}

/**
 * Without the ids of keys the platform no longer lists (revoked: no target can use them, and no
 * run can revoke them). Ids are compared with the newest listed id: a key made after the listing (a
 * concurrent rotation's, recorded meanwhile) is newer than every listed key and is kept, as ids grow.
 * Only for a record of the kind listed: another kind's keys are not in the listing.
 */
export function pruned(record: TargetRecord, listedIds: ReadonlySet<number>): TargetRecord {
  const newestListed = Math.max(0, ...listedIds);
  const keep = (id: number) => listedIds.has(id) || id > newestListed;
  const next = structuredClone(record);
  for (const entry of Object.values(next.targets)) entry.keyIds = entry.keyIds.filter(keep);
  next.held = next.held.filter(keep);
  next.rebuilt = next.rebuilt.filter(keep);
  next.fingerprints = Object.fromEntries(Object.entries(next.fingerprints).filter(([id]) => keep(Number(id))));
  if (next.due) next.due = Object.fromEntries(Object.entries(next.due).filter(([id]) => keep(Number(id))));
  return next;
}

/**
 * A record rebuilt in place of an unreadable one: every listed target may hold every live key of
 * the family (so this run keeps them all), and those keys stay protected (`rebuilt`) as a target
 * the lost record named may hold them.
 */
export function rebuiltRecord(
  family: string,
  secretName: string,
  keyKind: string,
  targets: ReadonlyArray<{ identity: string; spec: string }>,
  liveIds: readonly number[],
): TargetRecord {
  const ids = [...liveIds].sort((a, b) => b - a);
  const record = emptyRecord(family, secretName, keyKind);
  for (const { identity, spec } of targets) record.targets[identity] = { spec, keyIds: [...ids] };
  record.rebuilt = ids;
  return record;
}
