// Which keys a rotation revokes: family members older than the newest `keep` (the new key counts),
// plus the ids the caller names. Never the new key, never a key newer than it (DESIGN.md, step 5).

import { isFamilyMember } from '../family.js';

export interface KeyEntry {
  id: number;
  name: string;
  created_at: string;
  /** `null` when the key was never used; absent when unknown (counted as used). */
  last_used_at?: string | null;
}

export interface RevocationSelection {
  /** Live keys to revoke, oldest first. */
  revoke: KeyEntry[];
  /** Named ids that are not live: already revoked, nothing to do. */
  notLive: number[];
  /** Named ids left alone, with why. */
  skipped: Array<{ id: number; reason: string }>;
  /** Family members made during the run by a concurrent rotation (not in `listedBefore`): never revoked. */
  appeared: KeyEntry[];
}

/** Newer = created later; the higher id breaks a tie (ids grow). */
export function isNewerKey(a: KeyEntry, b: KeyEntry): boolean {
  const [ta, tb] = [Date.parse(a.created_at), Date.parse(b.created_at)];
  return ta !== tb ? ta > tb : a.id > b.id;
}

export function familyMembers<K extends KeyEntry>(keys: readonly K[], family: string): K[] {
  return keys.filter((k) => isFamilyMember(k.name, family)).sort((a, b) => (isNewerKey(a, b) ? -1 : 1));
}

/** Members of the family newer than `own`: by its listing, else by its creation time, else by id (ids grow). */
export function newerMembers<K extends KeyEntry>(
  keys: readonly K[],
  family: string,
  own: { id: number; name: string; created_at?: string },
): K[] {
  const entry = keys.find((k) => k.id === own.id) ?? (own.created_at ? { ...own, created_at: own.created_at } : undefined);
  return familyMembers(keys, family).filter((k) => k.id !== own.id && (entry ? isNewerKey(k, entry) : k.id > own.id));
}

/** Names the newer keys of a family, for an error: "A newer key of family F exists: 7 (F-…)". */
export function describeNewer(family: string, newer: readonly KeyEntry[]): string {
  return `A newer key of family ${family} exists: ${newer.map((k) => `${k.id} (${k.name})`).join(', ')}`;
}

/**
 * Which members stay valid: the new key, then the probable current key (the key jobs use now), then
 * the newest others, up to `keep`. By age alone a crashed run's key (verified, so used, but stored
 * nowhere) would take the slot of the key the targets hold. `currentKeyId` is the key the
 * preflight listing shows as most recently used: the one that listed, unless another key was used
 * in the same instant.
 *
 * `newKey` undefined plans a rotation that has not created its key yet (preflight, dry run): the
 * future key is counted as the newest member. `listedBefore` holds the ids the preflight listed:
 * a key made since belongs to a concurrent rotation whose write may still land, so it is never
 * revoked here (the next rotation, which lists it up front, revokes it). A listed key may be in
 * flight too (its run created it before this run's preflight and is still writing): that run
 * checks for a newer key before each later write and stops (store.ts); the revoke step revokes
 * nothing at all while any key appeared (revoke.ts).
 */
export function selectRevocations(input: {
  keys: readonly KeyEntry[];
  family: string;
  keep: number;
  newKey?: KeyEntry;
  revokeKeyIds: readonly number[];
  listedBefore?: ReadonlySet<number>;
  currentKeyId?: number;
}): RevocationSelection {
  const { keys, family, keep, newKey, revokeKeyIds, listedBefore, currentKeyId } = input;
  const isNew = (k: KeyEntry) => k.id === newKey?.id;
  const olderThanNew = (k: KeyEntry) => !newKey || (!isNew(k) && !isNewerKey(k, newKey));
  const appearedDuringRun = (k: KeyEntry) => listedBefore !== undefined && !listedBefore.has(k.id) && !isNew(k);
  // Never used and older than the new key: an orphan of a lost create, which no target holds (a
  // key stored by a rotation was used by that rotation's verify step). It takes no keep slot.
  const isOrphan = (k: KeyEntry) => k.last_used_at === null && olderThanNew(k);

  const members = familyMembers(keys, family);
  const appeared = members.filter(appearedDuringRun);
  const revoke = new Map<number, KeyEntry>();
  let slots = newKey ? keep : keep - 1;
  const rank = (k: KeyEntry) => (isNew(k) ? 0 : k.id === currentKeyId ? 1 : 2);
  // A stable sort: within a rank, newest first.
  for (const key of [...members].sort((a, b) => rank(a) - rank(b))) {
    if (appearedDuringRun(key)) continue;
    if (isOrphan(key)) revoke.set(key.id, key);
    else if (slots > 0) slots--;
    else if (olderThanNew(key)) revoke.set(key.id, key);
  }

  const notLive: number[] = [];
  const skipped: RevocationSelection['skipped'] = [];
  for (const id of revokeKeyIds) {
    const key = keys.find((k) => k.id === id);
    if (newKey && id === newKey.id) skipped.push({ id, reason: 'it is the key this run created' });
    else if (!key) notLive.push(id);
    else if (appearedDuringRun(key)) skipped.push({ id, reason: 'it appeared during this run (a concurrent rotation made it)' });
    else if (!olderThanNew(key)) skipped.push({ id, reason: 'it is newer than the key this run created' });
    else revoke.set(id, key);
  }
  const oldestFirst = [...revoke.values()].sort((a, b) => (isNewerKey(a, b) ? 1 : -1));
  return { revoke: oldestFirst, notLive, skipped, appeared };
}
