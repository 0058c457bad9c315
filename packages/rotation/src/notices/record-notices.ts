// Notices about target records: rebuilt, unreadable, misplaced, or not narrowed after the writes.
import type { Base } from './base.js';

/** `rebuildRecord` is set, but the family's record reads. */
export interface RebuildRecordUnneededNotice extends Base<'rebuild-record-unneeded'> {
  family: string;
}

/** The family's record was rebuilt in place of unreadable ones; `keyIds` were live and stay valid. */
export interface RecordRebuiltNotice extends Base<'record-rebuilt'> {
  family: string;
  /** The unreadable records replaced (variable names). */
  replaced: string[];
  keyIds: number[];
}

/** Keys that were live when the family's record was rebuilt stay valid. */
export interface RebuiltKeysKeptNotice extends Base<'rebuilt-keys-kept'> {
  family: string;
  keyIds: number[];
}

/** Another family's record cannot be read (or is newer): the run goes on, its keys stay valid. */
export interface UnreadableOtherRecordNotice extends Base<'unreadable-other-record'> {
  /** The record's variable. */
  variable: string;
  family?: string;
  problem: 'newer' | 'unparsable';
  format?: number;
  detail: string;
}

/** A record under a variable that is not its family's (copied by hand?): it chooses no family and stops no other run. */
export interface MisplacedRecordNotice extends Base<'misplaced-record'> {
  variable: string;
  family: string;
  detail: string;
  /** True when settling that family was skipped (its keys stay valid, its record stays). */
  settlingSkipped: boolean;
}

/** The record could not be narrowed to the new key after the writes. */
export interface RecordNotNarrowedNotice extends Base<'record-not-narrowed'> {
  error: string;
  /** Retired targets the record still names. */
  retired: string[];
}

/** A notice about target records. */
export type RecordNotice =
  | RebuildRecordUnneededNotice
  | RecordRebuiltNotice
  | RebuiltKeysKeptNotice
  | UnreadableOtherRecordNotice
  | MisplacedRecordNotice
  | RecordNotNarrowedNotice;
