// Notices of a stuck family: why it is stuck (each reason's words are the remedy), and calling a person.
import type { NoticesOf } from './base.js';
import type { StuckReason } from './codes.js';

/** Each notice's facts, by its code. */
interface StuckReasonFacts {
  /** An emergency rotation left targets without a working key (report.leak.unwritten): the family is stuck. */
  'left-without-key': {
    family: string;
    targets: string[];
  };
  /** A leaked key could not be revoked and is still valid: the family is stuck. */
  'leaked-key-valid': {
    family: string;
    keyIds: number[];
  };
  /** The family's record cannot be read (`variable`, `detail` says why): every run stops before making a key. */
  'record-unreadable': {
    family: string;
    variable: string;
    detail: string;
  };
  /** `runs` runs in a row each found the lease of the secret lapsed (its holder crashed or was cancelled): the family is stuck. */
  'lease-taken-over': {
    family: string;
    secretName: string;
    runs: number;
  };
  /** `runs` runs in a row failed the same way (`failure`, a RotationErrorCode; `summary` the last one's words): the family is stuck. */
  'repeated-failure': {
    family: string;
    failure: string;
    runs: number;
    /** The first of those runs' time (ISO 8601). */
    since: string;
    summary: string;
  };
}

/** Why a family is stuck: the remedy, as data. */
export type StuckReasonNotice = NoticesOf<StuckReasonFacts>;

/** Each notice's facts, by its code. */
interface StuckFamilyFacts {
  /** The family is stuck since `since` (its record's mark): this run made no key. */
  stuck: {
    family: string;
    reason: StuckReason;
    since: string;
    /** The run that got stuck, when its caller said (`runUrl`). */
    runUrl?: string;
  };
  /** `acknowledge`: the family's stuck mark was cleared; this run and the next rotate again. */
  'stuck-acknowledged': {
    family: string;
    reason: StuckReason;
    since: string;
  };
  /** The issue (or the `notifyUrl` webhook) that calls a person about a stuck family could not be opened, updated, closed or posted. */
  'person-not-called': {
    family: string;
    channel: 'issue' | 'webhook';
    /** What was being done: `open`, `update`, `close` or `post`. */
    doing: 'open' | 'update' | 'close' | 'post';
    error: string;
  };
}

/** A notice of a stuck family: why, since when, cleared, or a person not called. */
export type StuckFamilyNotice = NoticesOf<StuckFamilyFacts> | StuckReasonNotice;
