// Which keys a rotation revokes: family members older than the newest `keep` (the new key counts),
// plus the ids the caller names. Never the new key, never a key newer than it (README, The protocol, step 5).

import { familyMembers, isNewerKey, type KeyEntry } from '../family-members.js';
import { mutant } from '../internal/mutants.js';
import type { RevokeSkipReason } from '../notices/notice.js';

export { familyMembers, isNewerKey, type KeyEntry };

export interface RevocationSelection {
  /** Live keys to revoke, oldest first. */
  revoke: KeyEntry[];
  /** Named ids that are not live: already revoked, nothing to do. */
  notLive: number[];
  /** Named ids left alone, with why. */
  skipped: Array<{ id: number; reason: RevokeSkipReason }>;
  /** Family members made during the run by a concurrent rotation (not in `listedBefore`): never revoked. */
  appeared: KeyEntry[];
  /** Keys the targets may hold, kept although they are more than `keep` allows: the run cannot tell which. */
  keptBeyondKeep: KeyEntry[];
}

/**
 * Members of the family newer than `own`: by its listing, else by its creation time, else by id
 * (ids grow); never one in `listedBefore` (listed before `own` was created).
 */
export function newerMembers<K extends KeyEntry>(
  keys: readonly K[],
  family: string,
  own: { id: number; name: string; created_at?: string },
  listedBefore?: ReadonlySet<number>,
): K[] {
  const entry = keys.find((k) => k.id === own.id) ?? (own.created_at ? { ...own, created_at: own.created_at } : undefined);
  // A key the preflight listed existed before this run's create, whatever the clocks say.
  return familyMembers(keys, family).filter(
    (k) => k.id !== own.id && !listedBefore?.has(k.id) && (entry ? isNewerKey(k, entry) : k.id > own.id),
  );
}

/** Names the newer keys of a family, for an error: "A newer key of family F exists: 7 (F-…)". */
export function describeNewer(family: string, newer: readonly KeyEntry[]): string {
  return `A newer key of family ${family} exists: ${newer.map((k) => `${k.id} (${k.name})`).join(', ')}`;
}

/**
 * Which members stay valid. Never revoked: the new key and newer ones, keys that appeared during
 * the run (a concurrent rotation's: its write may still land; `listedBefore` holds the ids the
 * preflight listed), `protectedIds` (keys a dropped target may hold), and `rebuiltIds` (keys a
 * target of a lost record may hold: revoked only when named, the user's word that none does). The `keep - 1` slots
 * beside the new key go first to `previousIds` (what the listed targets held before the run: the
 * key jobs use now), all of them even past `keep` when there are more (the run cannot tell which
 * one the targets hold: it keeps more, never fewer: `keptBeyondKeep`), then to the history.
 *
 * With a record (`recorded`), the history is the keys the targets held before (`historyIds`, in
 * that order), and a member the record never named was stored nowhere (an orphan of a lost create
 * or a crashed run): revoked, whatever its `last_used_at`. Without one, the history is the used
 * members by age, and a never-used member (`last_used_at` null or absent) is an orphan.
 *
 * `newKey` undefined plans a rotation that has not created its key yet (preflight, dry run). A key
 * the preflight listed is older than the new key whatever the clocks say (a platform clock that
 * steps back makes the new key look older).
 */
export function selectRevocations(input: {
  keys: readonly KeyEntry[];
  family: string;
  keep: number;
  newKey?: KeyEntry;
  revokeKeyIds: readonly number[];
  listedBefore?: ReadonlySet<number>;
  protectedIds?: ReadonlySet<number>;
  /** Keys live when the record was rebuilt: revoked only when named in revokeKeyIds. */
  rebuiltIds?: ReadonlySet<number>;
  previousIds?: readonly number[];
  historyIds?: readonly number[];
  recorded?: boolean;
  /**
   * An emergency rotation's leaked keys: never kept, and each still takes the slot it had (as a
   * key the targets held, or in the history), so no older key no target holds is kept in its place.
   */
  leakedIds?: ReadonlySet<number>;
  /** Keys whose value the run authenticates with (the managing key): never revoked. */
  authenticatingIds?: ReadonlySet<number>;
  /** Keys a deployment still running may use (a target whose new value no deployment reads yet): never revoked. */
  deployedIds?: ReadonlySet<number>;
}): RevocationSelection {
  const { keys, family, keep, newKey, revokeKeyIds, listedBefore } = input;
  const protectedIds = input.protectedIds ?? new Set<number>();
  const rebuilt = input.rebuiltIds ?? new Set<number>();
  const leaked = input.leakedIds ?? new Set<number>();
  const authenticating = input.authenticatingIds ?? new Set<number>();
  const deployed = input.deployedIds ?? new Set<number>();
  const previous = new Set(mutant('keep-by-last-used') ? mostRecentlyUsed(keys, family, newKey) : (input.previousIds ?? []));
  const isNew = (k: KeyEntry) => k.id === newKey?.id;
  const olderThanNew = (k: KeyEntry) => !newKey || (!isNew(k) && (listedBefore?.has(k.id) === true || !isNewerKey(k, newKey)));
  const appearedDuringRun = (k: KeyEntry) => listedBefore !== undefined && !listedBefore.has(k.id) && !isNew(k);

  const members = familyMembers(keys, family);
  const appeared = members.filter(appearedDuringRun);
  const candidates = members.filter(
    (k) =>
      olderThanNew(k) &&
      !appearedDuringRun(k) &&
      !protectedIds.has(k.id) &&
      !rebuilt.has(k.id) &&
      !authenticating.has(k.id) &&
      !deployed.has(k.id),
  );
  const first = candidates.filter((k) => previous.has(k.id) && !leaked.has(k.id));
  // A leaked key the targets held keeps its slot, revoked or not (the leak rule revokes it); so does
  // one kept for a running deployment or a dropped target: the slot is not an older key's (seeds 10, 229).
  // Never the key the run holds: it is no older key, and takes no slot of keep's (the idle run of a clock: clock.test.ts).
  const slotOnly = (id: number) => id !== newKey?.id && (leaked.has(id) || protectedIds.has(id) || deployed.has(id));
  const leakedHeld = [...previous].filter(slotOnly).length;
  // A leaked key in the history is a slot too (marked undefined), given to no other key; so is one
  // kept for a dropped target or a running deployment (seed 229).
  const history: Array<KeyEntry | undefined> = input.recorded
    ? (input.historyIds ?? [])
        .filter((id) => !previous.has(id))
        .flatMap((id) => (slotOnly(id) ? [undefined] : candidates.filter((k) => k.id === id)))
    : candidates.filter((k) => !previous.has(k.id) && k.last_used_at && !leaked.has(k.id));
  let slots = keep - 1;
  const kept = new Set<number>();
  // A previous key that takes its slot without being kept here (a dropped target's, a deployment's, a leaked one) counts too:
  // the others are then more than keep allows, kept all the same, and named (seed 600001205).
  const keptBeyondKeep = slots > 0 && first.length + leakedHeld > slots ? first : [];
  for (const key of first) if (slots > 0 || keptBeyondKeep.length) kept.add(key.id);
  slots = Math.max(0, slots - first.length - leakedHeld);
  for (const key of history.slice(0, slots)) if (key) kept.add(key.id);
  const revoke = new Map<number, KeyEntry>();
  for (const key of candidates) if (!kept.has(key.id)) revoke.set(key.id, key);

  const notLive: number[] = [];
  const skipped: RevocationSelection['skipped'] = [];
  for (const id of revokeKeyIds) {
    const key = keys.find((k) => k.id === id);
    if (newKey && id === newKey.id) skipped.push({ id, reason: 'created-by-this-run' });
    else if (!key) notLive.push(id);
    else if (appearedDuringRun(key)) skipped.push({ id, reason: 'appeared-during-run' });
    else if (!olderThanNew(key)) skipped.push({ id, reason: 'newer-than-new-key' });
    else if (protectedIds.has(id)) skipped.push({ id, reason: 'dropped-target-may-hold' });
    else if (authenticating.has(id)) skipped.push({ id, reason: 'authenticating-key' });
    else if (deployed.has(id)) skipped.push({ id, reason: 'deployment-may-use' });
    else revoke.set(id, key);
  }
  const oldestFirst = [...revoke.values()].sort((a, b) => (isNewerKey(a, b) ? 1 : -1));
  return { revoke: oldestFirst, notLive, skipped, appeared, keptBeyondKeep };
}

/** Mutant 'keep-by-last-used' (internal/mutants.ts): the key last used, as `keep` went before the record. */
function mostRecentlyUsed(keys: readonly KeyEntry[], family: string, newKey: KeyEntry | undefined): number[] {
  const used = familyMembers(keys, family).filter((k) => k.id !== newKey?.id && k.last_used_at);
  return used
    .sort((a, b) => Date.parse(b.last_used_at!) - Date.parse(a.last_used_at!))
    .slice(0, 1)
    .map((k) => k.id);
}

/** Another family's record the run settles (record/record-plan.ts), as far as revoking goes. */
export interface OtherFamilyKeys {
  family: string;
  /** Its keys are of the run's kind: in the listing. */
  sameKind: boolean;
  /** No target is left in its record. */
  empty: boolean;
  /** Key ids its record names. */
  ids: readonly number[];
  /** Of a record that stays (not empty), the keys no target it still names may hold: those alone are settled. */
  goneOnly?: readonly number[];
  /** Keys live when its record was rebuilt (`rebuildRecord`): valid until named in revokeKeyIds. */
  rebuilt?: readonly number[];
}

export interface OtherFamilySettlement {
  family: string;
  /** As its record: a family may have a record of each kind of key, settled apart. */
  sameKind: boolean;
  /** Live keys of the family, held by no target any more: revoked. */
  revoke: KeyEntry[];
  /** Ids the run cannot see (another kind of key): named in a warning, never left silently valid. */
  unseen: number[];
  /** Keys of the family made during this run: the record stays, and the next run settles it. */
  deferred: KeyEntry[];
  /** Keys of the family the run's own targets may still hold (its record says so): the record stays. */
  heldHere: KeyEntry[];
  /**
   * Keys its rebuilt record protects (a target its lost record named may hold them): the record
   * stays, and they stay valid until named in revokeKeyIds (seed 20266081).
   */
  rebuilt: KeyEntry[];
  /** Every live key of the family that stays valid with its record (nothing revoked): each warning names them all. */
  staying: KeyEntry[];
}

/**
 * Which keys of other families go, once every target holds the new key (I5: a record left naming
 * no target means no target holds its keys: a renamed prefix, a switched kind, a renamed secret
 * gone from every target its record names). Only a family whose record names no target (or, of a
 * renamed secret's record that stays, the keys only targets where it is gone may hold); never a
 * key of the run's own family; only keys the preflight listed (I3). A key one of the run's own
 * targets may still hold (`heldIds`: its record names it for a target, as when a renamed secret's
 * old value was copied; `protectedIds`: a dropped target's) revokes nothing of the family and keeps
 * its record, named in a warning, for a later run. A family of another kind is not in the listing:
 * its ids are named.
 */
export function selectOtherFamilyRevocations(input: {
  others: readonly OtherFamilyKeys[];
  keys: readonly KeyEntry[];
  family: string;
  heldIds: ReadonlySet<number>;
  protectedIds?: ReadonlySet<number>;
  listedBefore?: ReadonlySet<number>;
}): OtherFamilySettlement[] {
  const { keys, family, heldIds, listedBefore } = input;
  const own = new Set(familyMembers(keys, family).map((k) => k.id));
  const protectedIds = input.protectedIds ?? new Set<number>();
  return input.others
    .filter((other) => other.empty || (other.sameKind && other.goneOnly?.length))
    .map((other) => {
      if (!other.sameKind)
        return {
          family: other.family,
          sameKind: false,
          revoke: [],
          unseen: [...other.ids],
          deferred: [],
          heldHere: [],
          rebuilt: [],
          staying: [],
        };
      const named = new Set(other.ids);
      const mine = (k: KeyEntry) =>
        other.empty ? named.has(k.id) || familyMembers([k], other.family).length > 0 : other.goneOnly!.includes(k.id);
      const theirs = keys.filter((k) => mine(k) && !own.has(k.id));
      const deferred = listedBefore ? theirs.filter((k) => !listedBefore.has(k.id)) : [];
      const heldHere = theirs.filter((k) => heldIds.has(k.id) || protectedIds.has(k.id));
      const rebuilt = theirs.filter((k) => other.rebuilt?.includes(k.id));
      const stays = deferred.length > 0 || heldHere.length > 0 || rebuilt.length > 0;
      const revoke = stays ? [] : theirs.sort((a, b) => (isNewerKey(a, b) ? 1 : -1));
      return { family: other.family, sameKind: true, revoke, unseen: [], deferred, heldHere, rebuilt, staying: stays ? theirs : [] };
    });
}
