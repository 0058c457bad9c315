// Which keys a rotation revokes: family members older than the newest `keep` (the new key counts),
// plus the ids the caller names. Never the new key, never a key newer than it (DESIGN.md, step 5).

import { isFamilyMember } from '../family.js';

export interface KeyEntry {
  id: number;
  name: string;
  created_at: string;
}

export interface RevocationSelection {
  /** Live keys to revoke, oldest first. */
  revoke: KeyEntry[];
  /** Named ids that are not live: already revoked, nothing to do. */
  notLive: number[];
  /** Named ids left alone, with why. */
  skipped: Array<{ id: number; reason: string }>;
}

/** Newer = created later; the higher id breaks a tie (ids grow). */
export function isNewerKey(a: KeyEntry, b: KeyEntry): boolean {
  const [ta, tb] = [Date.parse(a.created_at), Date.parse(b.created_at)];
  return ta !== tb ? ta > tb : a.id > b.id;
}

export function familyMembers<K extends KeyEntry>(keys: readonly K[], family: string): K[] {
  return keys.filter((k) => isFamilyMember(k.name, family)).sort((a, b) => (isNewerKey(a, b) ? -1 : 1));
}

/**
 * `newKey` undefined plans a rotation that has not created its key yet (preflight, dry run): the
 * future key is counted as the newest member.
 */
export function selectRevocations(input: {
  keys: readonly KeyEntry[];
  family: string;
  keep: number;
  newKey?: KeyEntry;
  revokeKeyIds: readonly number[];
}): RevocationSelection {
  const { keys, family, keep, newKey, revokeKeyIds } = input;
  const olderThanNew = (k: KeyEntry) => !newKey || (k.id !== newKey.id && !isNewerKey(k, newKey));
  const members = familyMembers(keys, family);
  const keptSlots = newKey ? keep : keep - 1;
  const revoke = new Map<number, KeyEntry>();
  for (const key of members.slice(keptSlots)) if (olderThanNew(key)) revoke.set(key.id, key);

  const notLive: number[] = [];
  const skipped: RevocationSelection['skipped'] = [];
  for (const id of revokeKeyIds) {
    const key = keys.find((k) => k.id === id);
    if (newKey && id === newKey.id) skipped.push({ id, reason: 'it is the key this run created' });
    else if (!key) notLive.push(id);
    else if (!olderThanNew(key)) skipped.push({ id, reason: 'it is newer than the key this run created' });
    else revoke.set(id, key);
  }
  const oldestFirst = [...revoke.values()].sort((a, b) => (isNewerKey(a, b) ? 1 : -1));
  return { revoke: oldestFirst, notLive, skipped };
}
