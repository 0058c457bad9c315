// A record store kept in variables of one place (a GitHub repository's Actions variables, a GitLab
// project's CI/CD variables), one per family and kind of key (variable-names.ts), a big one spread
// over parts (parts.ts) in a crash-safe order. The service's requests and its refusals' advice are
// the backend's; everything about the records is here, the same for every service.

import { KeyturnError } from '@keyturn/api';
import type { LeaseBackend } from '../lease/lease-backend.js';
import { option } from '../option-names.js';
import { mutant } from '../internal/mutants.js';
import { readRecordText, writeRecordText } from './format.js';
import { noteWrittenAt } from './written-at.js';
import { joinRecordText, MAX_PARTS, PART_BYTES, readSplitHead, splitRecordText } from './parts.js';
import type { LoadedRecords, RecordStore, TargetRecord, UnreadableRecord } from './target-record.js';
import { legacyVariableName, type PartSlot, parsePartName, partVariableName, RECORD_PREFIX, recordVariableName } from './variable-names.js';
import { probe } from '../internal/probes.js';

/** A record store failure: what happened and what to do. Never holds a credential. */
export class RecordError extends KeyturnError {
  override name = 'RecordError';
  constructor(
    message: string,
    readonly advice: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** The variable that holds a record (the record's kind is set before it is saved). */
export function variableOf(record: TargetRecord): string {
  return record.keyKind === undefined ? legacyVariableName(record.family) : recordVariableName(record.family, record.keyKind);
}

/** The size of a record's text, in bytes, against its budget (MAX_PARTS × PART_BYTES). */
export function recordBytes(record: TargetRecord): number {
  return Buffer.byteLength(writeRecordText(record), 'utf8');
}

export const RECORD_BUDGET_BYTES = MAX_PARTS * PART_BYTES;

/** What a service's variables give a record store. Its methods throw the service's own errors. */
export interface VariableBackend {
  /** `the variables of acme/ops`, for messages. */
  place: string;
  /** The most bytes a part holds: below the service's limit on one variable's value. */
  partBytes: number;
  /** The service's limit on the place's variables, and what to do when it is reached; none: not checked. */
  limit?: { count: number; holder: string; service: string; advice: string };
  /** Every variable of the place, by name, with when it was last written where the service says. */
  list(): Promise<Array<{ name: string; value: string; updatedAt?: string }>>;
  create(name: string, value: string): Promise<void>;
  /** One variable's value; throws the service's error (a missing one: `isMissing`). */
  read(name: string): Promise<string>;
  update(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
  /**
   * Deletes `name` with one attempt, never retried: a lease's release, whose retry after the first
   * attempt landed unanswered would delete the lease another run took meanwhile (seed 12272368).
   */
  removeOnce?(name: string): Promise<void>;
  /** A create refused because the variable exists (created meanwhile, or a retried create that landed). */
  isConflict(error: unknown): boolean;
  /** An update or delete refused because the variable is gone. */
  isMissing(error: unknown): boolean;
  /** The RecordError for a failed request: `what` failed, with advice fitting the service's answer. */
  failure(error: unknown, what: string, existingCount: number, variable?: string): RecordError;
}

export interface VariableRecordStore extends RecordStore {
  lease: LeaseBackend;
  /**
   * Variables the place holds (all of them, as the last load saw), against the service's limit: the
   * preflight checks a record fits (GitHub's 500 a repository). Absent when the backend has no limit to check.
   */
  variableCount?(): number;
}

export function variableRecordStore(backend: VariableBackend): VariableRecordStore {
  const { place } = backend;
  /** Every variable name of the place (upper-case), as loaded and written since. */
  const existing = new Set<string>();
  /** The slot each head's parts are in now. */
  const slots = new Map<string, PartSlot>();

  const put = async (name: string, value: string) => {
    try {
      // Created when the load did not see it; a conflict (created meanwhile, or a create whose reply
      // was lost and retried) or a missing variable (deleted meanwhile) switches to the other request.
      if (existing.has(name))
        await backend
          .update(name, value)
          .catch((error) => (backend.isMissing(error) ? backend.create(name, value) : Promise.reject(error)));
      else
        await backend
          .create(name, value)
          .catch((error) => (backend.isConflict(error) ? backend.update(name, value) : Promise.reject(error)));
      existing.add(name);
    } catch (error) {
      throw backend.failure(error, `Writing the record of which targets hold the keys (${name}) to`, existing.size, name);
    }
  };

  const drop = async (name: string, what: string) => {
    try {
      await backend.remove(name);
    } catch (error) {
      // Already gone (an earlier attempt whose reply was lost) is what was wanted.
      if (!backend.isMissing(error)) throw backend.failure(error, what, existing.size);
    }
    existing.delete(name);
  };

  const partsOf = (head: string) => [...existing].filter((name) => parsePartName(name)?.head === head);

  const lease: LeaseBackend = {
    describe: () => place,
    create: (name, value) =>
      backend.create(name, value).then(
        () => true,
        (error) =>
          backend.isConflict(error) ? false : Promise.reject(backend.failure(error, `Taking the lease ${name} in`, existing.size, name)),
      ),
    read: (name) =>
      backend
        .read(name)
        .catch((error) =>
          backend.isMissing(error)
            ? undefined
            : Promise.reject(backend.failure(error, `Reading the lease ${name} in`, existing.size, name)),
        ),
    update: (name, value) =>
      backend
        .update(name, value)
        .catch((error) => Promise.reject(backend.failure(error, `Renewing the lease ${name} in`, existing.size, name))),
    remove: (name) =>
      (backend.removeOnce ?? backend.remove)(name).catch((error) =>
        backend.isMissing(error)
          ? undefined
          : Promise.reject(backend.failure(error, `Releasing the lease ${name} in`, existing.size, name)),
      ),
  };

  return {
    describe: () => place,
    lease,
    ...(backend.limit && { variableCount: () => existing.size }),
    async load(): Promise<LoadedRecords> {
      let variables: Array<{ name: string; value: string; updatedAt?: string }>;
      try {
        variables = await backend.list();
      } catch (error) {
        throw backend.failure(error, 'Reading', existing.size);
      }
      const values = new Map<string, string>();
      const updatedAt = new Map<string, string | undefined>();
      for (const variable of variables) {
        const name = variable.name?.toUpperCase() ?? '';
        existing.add(name);
        if (name.startsWith(RECORD_PREFIX)) values.set(name, variable.value ?? '');
        if (name.startsWith(RECORD_PREFIX)) updatedAt.set(name, variable.updatedAt);
      }
      const records: Array<{ name: string; record: TargetRecord }> = [];
      const unreadable: UnreadableRecord[] = [];
      for (const [name, value] of values) {
        if (parsePartName(name)) continue;
        const split = readSplitHead(value);
        let text = value;
        if (split) {
          slots.set(name, split.parts.slot);
          const parts = Array.from({ length: split.parts.count }, (_, i) => values.get(partVariableName(name, split.parts.slot, i + 1)));
          const joined = joinRecordText(split, parts);
          if ('detail' in joined) {
            if (mutant('split-record-unmatched-absent')) continue;
            probe('record-parts-refused');
            unreadable.push({ name, family: split.family, problem: 'unparsable', detail: joined.detail });
            continue;
          }
          text = joined.text;
          probe('record-parts-read');
        }
        const read = readRecordText(text);
        if ((read.kind === 'newer' && mutant('newer-record-absent')) || (read.kind === 'unparsable' && mutant('unparsable-record-absent')))
          continue;
        if (read.kind === 'newer')
          unreadable.push({ name, family: read.family, problem: 'newer', format: read.format, detail: `format ${read.format}` });
        else if (read.kind === 'unparsable') unreadable.push({ name, problem: 'unparsable', detail: read.detail });
        else if (variableOf(read.record) !== name) {
          unreadable.push({
            name,
            family: read.record.family,
            problem: 'unparsable',
            detail: `it holds the record of family ${read.record.family}, whose variable is ${variableOf(read.record)} (copied by hand?)`,
            misplaced: true,
          });
        } else {
          records.push({ name, record: read.record });
          noteWrittenAt(read.record, updatedAt.get(name));
        }
      }
      // A record moved from its format-1 variable, whose old variable a crash left: the new one holds it.
      const moved = new Set(records.filter((r) => r.record.keyKind !== undefined).map((r) => r.record.family));
      return {
        records: records.filter((r) => r.record.keyKind !== undefined || !moved.has(r.record.family)).map((r) => r.record),
        unreadable,
      };
    },
    async save(record, replacing = []) {
      if (record.keyKind === undefined) throw new Error('a record is saved with its kind of key');
      const name = variableOf(record);
      const text = writeRecordText(record);
      const slot: PartSlot = slots.get(name) === 'A' ? 'B' : 'A';
      const split = splitRecordText(
        text,
        { keyturn: 2, family: record.family, secret: record.secretName, kind: record.keyKind },
        slot,
        backend.partBytes,
      );
      // The same budget everywhere: as many parts as RECORD_BUDGET_BYTES takes at this service's part size.
      if (split.parts.length > Math.ceil(RECORD_BUDGET_BYTES / backend.partBytes)) {
        throw new RecordError(
          `The record of family ${record.family} would take ${Buffer.byteLength(text, 'utf8')} bytes, more than its budget ` +
            `of ${RECORD_BUDGET_BYTES}`,
          `Retire the targets no longer rotated (${option('retireTargets')}), or rotate the targets as several families ` +
            `(${option('family')}), then run again.`,
          undefined,
        );
      }
      const names = [...split.parts.map((_, i) => partVariableName(name, slot, i + 1)), name];
      const added = names.filter((n) => !existing.has(n)).length;
      const { limit } = backend;
      if (limit && existing.size + added > limit.count) {
        throw new RecordError(
          `Writing the record of family ${record.family} to ${place} needs ${added} more variable(s), and ${limit.holder} ` +
            `holds ${existing.size} of the ${limit.count} ${limit.service} allows`,
          limit.advice,
          undefined,
        );
      }
      // Parts first, then the head (which names them): a crash in between leaves the old head whole.
      for (const [index, part] of split.parts.entries()) await put(partVariableName(name, slot, index + 1), part);
      await put(name, split.head);
      if (split.parts.length) probe('record-parts-written');
      slots.set(name, slot);
      const stale = partsOf(name).filter((part) => !names.includes(part));
      const legacy = legacyVariableName(record.family);
      const gone = [
        ...stale,
        ...(existing.has(legacy) && legacy !== name ? [legacy] : []),
        ...replacing.filter((n) => n !== name && existing.has(n)),
      ];
      // Left behind on failure: harmless (the head names its parts; the new record is read first).
      for (const old of gone) await drop(old, `Deleting ${old} from`).catch(() => undefined);
    },
    async remove(record) {
      const name = variableOf(record);
      for (const old of [...partsOf(name), name, legacyVariableName(record.family)]) {
        if (old === name || existing.has(old)) await drop(old, `Deleting the record of family ${record.family} (${old}) from`);
      }
    },
  };
}
