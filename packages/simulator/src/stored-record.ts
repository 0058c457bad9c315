// The target record as GitHub stores it (packages/rotation/README.md, the target record): a head variable holding the record, or, for a
// record bigger than one variable, the head naming `_PART_<slot><n>` parts whose text joins to the
// record, checked by the head's SHA-256. Written apart from the rotation's own code, so a test that
// reads a record back, or plants a big one, checks the rotation's reading and writing.

import { createHash } from 'node:crypto';

/** A format-2 record as stored (targets as `[[keyIds], [identities]]` groups). */
export interface StoredRecord {
  keyturn: number;
  family: string;
  secret: string;
  kind: string;
  targets: Array<[number[], string[]]>;
  held: number[];
  fingerprints: Record<string, string>;
  specs?: Record<string, string>;
  rebuilt?: number[];
}

/** The record `head` names among the variables `all`, joined from its parts when it has any; throws when it does not read back whole. */
export function joinStoredRecord(all: ReadonlyMap<string, string>, head: string): { record: StoredRecord; parts: string[] } {
  const value = all.get(head);
  if (value === undefined) throw new Error(`no record variable ${head} (variables: ${[...all.keys()].join(', ')})`);
  const data = JSON.parse(value) as StoredRecord & { parts?: { slot: string; count: number; sha256: string } };
  if (!data.parts) return { record: data, parts: [] };
  const { slot, count, sha256 } = data.parts;
  const names = Array.from({ length: count }, (_, i) => `${head}_PART_${slot}${i + 1}`);
  const text = names.map((name) => all.get(name) ?? '').join('');
  if (createHash('sha256').update(text).digest('hex') !== sha256) throw new Error(`the parts of ${head} do not match its hash`);
  return { record: JSON.parse(text) as StoredRecord, parts: names };
}

/** A record's head variable: named for the record, not one of its parts. */
const RECORD_HEAD = /^KEYTURN_RECORD_(?!.*_PART_[AB]\d+$)/;

/** Every record that reads back whole among `variables` (its parts joined); one damaged or cut (a record edit) is left out. */
export function readableRecords(variables: ReadonlyArray<{ name: string; value: string }>): StoredRecord[] {
  const all = new Map(variables.map((v) => [v.name, v.value]));
  const records: StoredRecord[] = [];
  for (const name of all.keys()) {
    if (!RECORD_HEAD.test(name)) continue;
    try {
      records.push(joinStoredRecord(all, name).record);
    } catch {
      // Damaged or cut: not a record to read.
    }
  }
  return records;
}

/**
 * The variables that store `record` under `head`, in the order to write them: the parts of `slot` (at most `partBytes` each) first, the
 * head last.
 */
export function splitStoredRecord(
  record: StoredRecord,
  head: string,
  slot: 'A' | 'B',
  partBytes: number,
): Array<{ name: string; value: string }> {
  const text = JSON.stringify(record);
  if (text.length <= partBytes) return [{ name: head, value: text }];
  return splitStoredText(text, record, head, slot, partBytes);
}

/** Any text (a record edited whole, JSON or not) spread over parts under a head naming them, its hash right. */
export function splitStoredText(
  text: string,
  { keyturn, family, secret, kind }: Pick<StoredRecord, 'keyturn' | 'family' | 'secret' | 'kind'>,
  head: string,
  slot: 'A' | 'B',
  partBytes: number,
): Array<{ name: string; value: string }> {
  const parts: Array<{ name: string; value: string }> = [];
  for (let i = 0; i * partBytes < text.length; i++)
    parts.push({ name: `${head}_PART_${slot}${i + 1}`, value: text.slice(i * partBytes, (i + 1) * partBytes) });
  const sha256 = createHash('sha256').update(text).digest('hex');
  return [...parts, { name: head, value: JSON.stringify({ keyturn, family, secret, kind, parts: { slot, count: parts.length, sha256 } }) }];
}
