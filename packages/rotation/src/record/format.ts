// The stored form of a target record: JSON with a format number (`keyturn`). Format 2 (this one)
// groups targets by the keys they may hold (a family whose targets all hold one key costs little
// more than their names), keeps a spec only where it differs from the identity other than in case
// (GitHub's owner, repository and environment names ignore case, so the identity names the same
// target: 1,000 mixed-case targets would otherwise double the record), and adds the key
// kind, the fingerprints and the rebuilt keys; `creating` (added within format 2: a release that
// does not know it reads the record as before) marks a record written just before a key is made.
// Format 1 (0.x releases up to the record's first version) is read and migrated. A format above
// RECORD_FORMAT, or text that is not a record, is reported as such: never taken for an absent record.
// Format 3 is format 2 with what an older release must not ignore: the revocation deadlines
// (`due`, revokeAfter), which a release that knows no deadline would break by revoking early. It is
// written only when the record holds one, so a record without them stays readable by older releases.
// Format 4 adds the stuck mark (`stuck`, stuck/), which an older release must not ignore either: it
// would rotate a family only a person can help. It is written only while the mark is held, so an
// older release refuses the record ("written by a newer keyturn") only then, and reads it again once
// a person acknowledged. `failures` and `recovered` are added within format 2 (as `creating`): an
// older release ignoring them only forgets a streak or leaves an issue open.

import { STUCK_REASONS } from '../notices/notice.js';
import type { FailureStreak, Recovery, StuckMark } from '../stuck/stuck-mark.js';
import { emptyRecord, type TargetEntry, type TargetRecord } from './target-record.js';

/** The newest format this build writes; it reads every format up to it. */
export const RECORD_FORMAT = 4;
/** The format of a record that holds nothing of format 3 (no deadline). */
const PLAIN_FORMAT = 2;
/** The format of a record with deadlines and no stuck mark. */
const DEADLINE_FORMAT = 3;

export type RecordText =
  | { kind: 'record'; record: TargetRecord; format: number }
  | { kind: 'newer'; format: number; family: string | undefined }
  | { kind: 'unparsable'; detail: string };

/** Reads the text of a stored record, of any format this build knows. */
export function readRecordText(text: string): RecordText {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'unparsable', detail: text.trim() ? 'not JSON (edited by hand, or cut short?)' : 'empty' };
  }
  if (!isObject(data)) return { kind: 'unparsable', detail: 'not a JSON object' };
  const format = data.keyturn;
  if (!Number.isSafeInteger(format) || (format as number) < 1) return { kind: 'unparsable', detail: 'no format number ("keyturn")' };
  if ((format as number) > RECORD_FORMAT) {
    return { kind: 'newer', format: format as number, family: typeof data.family === 'string' ? data.family : undefined };
  }
  try {
    const record = format === 1 ? readFormat1(data) : readFormat2(data, format as number);
    return { kind: 'record', record, format: format as number };
  } catch (error) {
    return { kind: 'unparsable', detail: (error as Error).message };
  }
}

/** The text of `record` in the current format. */
export function writeRecordText(record: TargetRecord): string {
  const groups = new Map<string, string[]>();
  const specs: Record<string, string> = {};
  for (const [identity, entry] of Object.entries(record.targets).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const keys = entry.keyIds.join(',');
    groups.set(keys, [...(groups.get(keys) ?? []), identity]);
    if (entry.spec.toLowerCase() !== identity) specs[identity] = entry.spec;
  }
  const due = Object.keys(record.due ?? {}).length ? record.due : undefined;
  const stored: Record<string, unknown> = {
    keyturn: record.stuck ? RECORD_FORMAT : due ? DEADLINE_FORMAT : PLAIN_FORMAT,
    family: record.family,
    secret: record.secretName,
    kind: record.keyKind,
    targets: [...groups].map(([keys, identities]) => [keys ? keys.split(',').map(Number) : [], identities]),
    held: record.held,
    fingerprints: record.fingerprints,
  };
  if (Object.keys(specs).length) stored.specs = specs;
  if (record.rebuilt.length) stored.rebuilt = record.rebuilt;
  if (record.creatingAbove !== undefined) stored.creating = record.creatingAbove;
  if (due) stored.due = due;
  if (record.awaiting && Object.keys(record.awaiting).length) stored.awaiting = record.awaiting;
  if (record.stuck) stored.stuck = record.stuck;
  if (record.failures) stored.failures = record.failures;
  if (record.recovered) stored.recovered = record.recovered;
  return JSON.stringify(stored);
}

/** Format 1: `{ keyturn: 1, family, secret, targets: { identity: { spec, keys } }, held }`. */
function readFormat1(data: Record<string, unknown>): TargetRecord {
  const record = emptyRecord(text(data.family, 'family'), text(data.secret, 'secret'), undefined);
  const targets = data.targets ?? {};
  if (!isObject(targets)) throw new Error('"targets" is not an object');
  for (const [identity, entry] of Object.entries(targets)) {
    if (!isObject(entry)) throw new Error(`the target ${identity} is not an object`);
    record.targets[identity] = {
      spec: entry.spec === undefined ? identity : text(entry.spec, 'spec'),
      keyIds: ids(entry.keys ?? [], `keys of ${identity}`),
    };
  }
  record.held = ids(data.held ?? [], 'held');
  return record;
}

/**
 * Format 2: targets as `[[keyIds], [identities]]` groups, `specs` where they differ other than in
 * case; format 3 adds `due`.
 */
function readFormat2(data: Record<string, unknown>, format: number): TargetRecord {
  const kind = data.kind === undefined ? undefined : text(data.kind, 'kind');
  const record = emptyRecord(text(data.family, 'family'), text(data.secret, 'secret'), kind);
  const specs = data.specs ?? {};
  if (!isObject(specs)) throw new Error('"specs" is not an object');
  if (!Array.isArray(data.targets)) throw new Error('"targets" is not a list');
  for (const group of data.targets) {
    if (!Array.isArray(group) || group.length !== 2 || !Array.isArray(group[1])) throw new Error('a target group is not [keys, targets]');
    const keyIds = ids(group[0], 'the keys of a target group');
    for (const identity of group[1]) {
      const name = text(identity, 'a target');
      const spec = specs[name] === undefined ? name : text(specs[name], `the spec of ${name}`);
      record.targets[name] = { spec, keyIds: [...keyIds] } satisfies TargetEntry;
    }
  }
  record.held = ids(data.held ?? [], 'held');
  record.rebuilt = ids(data.rebuilt ?? [], 'rebuilt');
  if (data.creating !== undefined) {
    if (!Number.isSafeInteger(data.creating) || (data.creating as number) < 0) throw new Error('"creating" is not a key id');
    record.creatingAbove = data.creating as number;
  }
  if (data.awaiting !== undefined) record.awaiting = awaitingOf(data.awaiting);
  const fingerprints = data.fingerprints ?? {};
  if (!isObject(fingerprints)) throw new Error('"fingerprints" is not an object');
  for (const [id, fingerprint] of Object.entries(fingerprints)) {
    const keyId = Number(id);
    if (!Number.isSafeInteger(keyId) || typeof fingerprint !== 'string' || !/^[0-9a-f]{16}$/.test(fingerprint)) {
      throw new Error(`the fingerprint of key ${id} is not one`);
    }
    record.fingerprints[keyId] = fingerprint;
  }
  if (format >= 3 && data.due !== undefined) record.due = readDue(data.due);
  if (format >= 4 && data.stuck !== undefined) record.stuck = readStuck(data.stuck);
  if (data.failures !== undefined) record.failures = readFailures(data.failures);
  if (data.recovered !== undefined) record.recovered = readRecovered(data.recovered);
  return record;
}

/** `due`: key id → the time (ISO 8601) from which it may be revoked. */
function readDue(value: unknown): Record<number, string> {
  if (!isObject(value)) throw new Error('"due" is not an object');
  const due: Record<number, string> = {};
  for (const [id, at] of Object.entries(value)) {
    const keyId = Number(id);
    if (!Number.isSafeInteger(keyId) || keyId < 1 || typeof at !== 'string' || Number.isNaN(Date.parse(at))) {
      throw new Error(`the revocation deadline of key ${id} is not a time`);
    }
    due[keyId] = at;
  }
  return due;
}

/** `stuck`: since when, the run's URL, and the reason's notice (its code one of STUCK_REASONS). */
function readStuck(value: unknown): StuckMark {
  if (!isObject(value) || !isTime(value.since) || !isObject(value.notice)) throw new Error('"stuck" is not a stuck mark');
  if (!(STUCK_REASONS as readonly unknown[]).includes(value.notice.code) || !Array.isArray(value.notice.actions))
    throw new Error('"stuck" names no reason');
  if (value.runUrl !== undefined) text(value.runUrl, 'the run of "stuck"');
  return value as unknown as StuckMark;
}

/** `failures`: the code of the last runs' failure, how many in a row, since when. */
function readFailures(value: unknown): FailureStreak {
  if (
    !isObject(value) ||
    typeof value.code !== 'string' ||
    !Number.isSafeInteger(value.count) ||
    (value.count as number) < 1 ||
    !isTime(value.since)
  ) {
    throw new Error('"failures" is not a count of failed runs');
  }
  return { code: value.code as FailureStreak['code'], count: value.count as number, since: value.since as string };
}

/** `recovered`: the reason acknowledged, and since when the family had been stuck. */
function readRecovered(value: unknown): Recovery {
  if (!isObject(value) || !(STUCK_REASONS as readonly unknown[]).includes(value.reason) || !isTime(value.since))
    throw new Error('"recovered" is not an acknowledgement');
  return { reason: value.reason as Recovery['reason'], since: value.since as string };
}

function isTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

/** `awaiting`: by target identity, the key written, when, and the deployment it waits past. */
function awaitingOf(value: unknown): NonNullable<TargetRecord['awaiting']> {
  if (!isObject(value)) throw new Error('"awaiting" is not an object');
  const awaiting: NonNullable<TargetRecord['awaiting']> = {};
  for (const [identity, awaited] of Object.entries(value)) {
    if (!isObject(awaited)) throw new Error(`"awaiting" of ${identity} is not an object`);
    const { keyId, writtenAt, deployment, url } = awaited;
    if (!Number.isSafeInteger(keyId) || (keyId as number) < 1) throw new Error(`"awaiting" of ${identity} names no key id`);
    if (writtenAt !== undefined && !Number.isFinite(writtenAt)) throw new Error(`"awaiting" of ${identity} has no time of writing`);
    awaiting[identity] = {
      keyId: keyId as number,
      ...(writtenAt !== undefined && { writtenAt: writtenAt as number }),
      ...(deployment !== undefined && { deployment: text(deployment, 'deployment') }),
      ...(url !== undefined && { url: text(url, 'url') }),
    };
  }
  return awaiting;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || !value) throw new Error(`"${what}" is not a text`);
  return value;
}

function ids(value: unknown, what: string): number[] {
  if (!Array.isArray(value) || !value.every((id) => Number.isSafeInteger(id) && id > 0))
    throw new Error(`${what} is not a list of key ids`);
  return value as number[];
}
