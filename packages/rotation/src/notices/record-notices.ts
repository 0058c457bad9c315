// Notices about target records: rebuilt, unreadable, misplaced, or not narrowed after the writes.
import type { NoticesOf } from './base.js';

/** Each notice's facts, by its code. */
interface RecordFacts {
  /** `rebuildRecord` is set, but the family's record reads. */
  'rebuild-record-unneeded': {
    family: string;
  };
  /** The family's record was rebuilt in place of unreadable ones; `keyIds` were live and stay valid. */
  'record-rebuilt': {
    family: string;
    /** The unreadable records replaced (variable names). */
    replaced: string[];
    keyIds: number[];
  };
  /** Keys that were live when the family's record was rebuilt stay valid. */
  'rebuilt-keys-kept': {
    family: string;
    keyIds: number[];
  };
  /** Another family's record cannot be read (or is newer): the run goes on, its keys stay valid. */
  'unreadable-other-record': {
    /** The record's variable. */
    variable: string;
    family?: string;
    problem: 'newer' | 'unparsable';
    format?: number;
    detail: string;
  };
  /** A record under a variable that is not its family's (copied by hand?): it chooses no family and stops no other run. */
  'misplaced-record': {
    variable: string;
    family: string;
    detail: string;
    /** True when settling that family was skipped (its keys stay valid, its record stays). */
    settlingSkipped: boolean;
  };
  /** The record could not be narrowed to the new key after the writes. */
  'record-not-narrowed': {
    error: string;
    /** Retired targets the record still names. */
    retired: string[];
  };
}

/** A notice about target records. */
export type RecordNotice = NoticesOf<RecordFacts>;
