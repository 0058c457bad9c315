// The names of the variables that hold records. A record is named by a readable slug of its family
// and a hash of the exact family and kind of key (names are case-folded, so the slug alone could
// join two families): `KEYTURN_RECORD_KEYTURN_REPO_ACME_APP_NEON_API_KEY_1A2B3C_9F3E…`. A record
// too big for one variable continues in parts, `<name>_PART_A1`, `_PART_A2`… (parts.ts). Format 1
// records are named `KEYTURN_RECORD_<20 hex>` (a hash of the family): read, then moved.

import { createHash } from 'node:crypto';

export const RECORD_PREFIX = 'KEYTURN_RECORD_';
const SLUG_LENGTH = 40;
const HASH_LENGTH = 16;
const PART = /^(.+)_PART_([AB])([1-9][0-9]*)$/;

/** The variable that holds the record of `family` for keys of `keyKind`. */
export function recordVariableName(family: string, keyKind: string): string {
  const slug = family
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .slice(0, SLUG_LENGTH)
    .replace(/^_+|_+$/g, '');
  const hash = createHash('sha256').update(`${keyKind}\0${family}`).digest('hex').slice(0, HASH_LENGTH).toUpperCase();
  return `${RECORD_PREFIX}${slug}_${hash}`;
}

/** Where format 1 kept the record of `family`. */
export function legacyVariableName(family: string): string {
  return `${RECORD_PREFIX}${createHash('sha256').update(family).digest('hex').slice(0, 20).toUpperCase()}`;
}

export type PartSlot = 'A' | 'B';

export function partVariableName(head: string, slot: PartSlot, index: number): string {
  return `${head}_PART_${slot}${index}`;
}

/** The head, slot and index of a part's name; undefined for a head. */
export function parsePartName(name: string): { head: string; slot: PartSlot; index: number } | undefined {
  const match = PART.exec(name);
  return match ? { head: match[1]!, slot: match[2] as PartSlot, index: Number(match[3]) } : undefined;
}
