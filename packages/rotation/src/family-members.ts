// A family's keys in a listing, newest first: what the record plan and the revocation plan count.

import { isFamilyMember } from './family.js';

export interface KeyEntry {
  id: number;
  name: string;
  created_at: string;
  /** `null` when the key was never used; absent when unknown (counted as used). */
  last_used_at?: string | null;
}

/** Newer = created later; the higher id breaks a tie (ids grow). */
export function isNewerKey(a: KeyEntry, b: KeyEntry): boolean {
  const [ta, tb] = [Date.parse(a.created_at), Date.parse(b.created_at)];
  return ta !== tb ? ta > tb : a.id > b.id;
}

export function familyMembers<K extends KeyEntry>(keys: readonly K[], family: string): K[] {
  return keys.filter((k) => isFamilyMember(k.name, family)).sort((a, b) => (isNewerKey(a, b) ? -1 : 1));
}
