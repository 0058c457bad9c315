// A record bigger than one GitHub variable spreads over parts, written in a crash-safe order: the
// parts first, into the slot (A or B) the current head does not use, then the head, which names
// the slot, the count and a hash of the whole text; only then are the other slot's parts deleted.
// A crash before the head is written leaves the old head and its parts whole; after, the new ones.
// A head whose parts are missing or do not match its hash is unreadable, never a shorter record.
//
// The budget: a variable holds at most 48 KB (49,152 bytes; GitHub's limit, see
// https://docs.github.com/actions/reference/workflows-and-actions/variables#limits-for-configuration-variables);
// a part holds at most PART_BYTES, a record at most MAX_PARTS parts, so one family uses at most
// 1 + MAX_PARTS variables (2 × MAX_PARTS parts for a moment while it is rewritten).

import { createHash } from 'node:crypto';
import type { PartSlot } from './variable-names.js';

/** Bytes of a part: below GitHub's 49,152, with room for the head's own fields. */
export const PART_BYTES = 48_000;
/** Parts of one record: 4 × 48,000 bytes, about 4,000 repository targets of 40-character names. */
export const MAX_PARTS = 4;
/** GitHub's limit on a repository's variables (the same page). */
export const REPOSITORY_VARIABLE_LIMIT = 500;

/** The head of a record stored in parts. */
export interface SplitHead {
  keyturn: number;
  family: string;
  secret: string;
  kind: string | undefined;
  parts: { slot: PartSlot; count: number; sha256: string };
}

export interface Split {
  /** The head's value: the record itself when it fits, else a SplitHead. */
  head: string;
  /** The parts' values, in order (empty when the record fits in the head). */
  parts: string[];
}

/**
 * Spreads `text` over parts of at most `partBytes` (UTF-8; PART_BYTES for GitHub's variables), in
 * `slot`, unless it fits in one variable.
 */
export function splitRecordText(text: string, head: Omit<SplitHead, 'parts'>, slot: PartSlot, partBytes = PART_BYTES): Split {
  if (Buffer.byteLength(text, 'utf8') <= partBytes) return { head: text, parts: [] };
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > partBytes) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  const split: SplitHead = { ...head, parts: { slot, count: parts.length, sha256: sha256(text) } };
  return { head: JSON.stringify(split), parts };
}

/** A head's value as a SplitHead, or undefined when it holds the record itself. */
export function readSplitHead(value: string): SplitHead | undefined {
  try {
    const data = JSON.parse(value) as Partial<SplitHead>;
    const parts = data?.parts;
    if (
      parts &&
      typeof parts === 'object' &&
      (parts.slot === 'A' || parts.slot === 'B') &&
      Number.isSafeInteger(parts.count) &&
      typeof parts.sha256 === 'string'
    ) {
      return data as SplitHead;
    }
  } catch {
    // Not JSON: the record reader says so.
  }
  return undefined;
}

/** The whole text from a split head's parts, or why it cannot be had. */
export function joinRecordText(head: SplitHead, parts: ReadonlyArray<string | undefined>): { text: string } | { detail: string } {
  const missing = parts.indexOf(undefined);
  if (missing >= 0 || parts.length !== head.parts.count) {
    return { detail: `part ${missing >= 0 ? missing + 1 : parts.length + 1} of ${head.parts.count} is missing` };
  }
  const text = parts.join('');
  if (sha256(text) !== head.parts.sha256)
    return { detail: `its ${head.parts.count} parts do not match its hash (one was edited or is stale)` };
  return { text };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
