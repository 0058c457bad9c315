// Notices of emergency rotations and of answering secret-scanning alerts.
import type { NoticesOf } from './base.js';

/** An alert, by where it is (`OWNER/REPO#NUMBER` in words). */
export interface NoticeAlert {
  repository: string;
  number: number;
}

/** Each notice's facts, by its code. */
interface LeakFacts {
  /** Dropped targets may hold the leaked key, which is revoked all the same: they are left without a working key. */
  'leaked-key-dropped-holders': {
    targets: string[];
    keyIds: number[];
  };
  /** A target that does not hold the leaked key could not be written: it keeps its key. */
  'target-unwritten': {
    target: string;
    newKeyId: number;
    error: string;
  };
  /** A key of an alert named as leaked is not of this run's family: the emergency rotation leaves it alone. */
  'leaked-key-not-of-family': {
    /** The key as named: `key 12`, or `the key of fingerprint …`. */
    leakedKey: string;
    family: string;
  };
  /** An emergency rotation goes on without a target it cannot reach, and revokes the leaked key all the same. */
  'unreachable-target-left-out': {
    targets: string[];
    secretName: string;
    keyIds: number[];
    problem: string;
    advice: string;
  };
  /** Open alerts came without their value: they cannot be matched and stay open. */
  'alerts-without-value': {
    count: number;
    secretType: string;
  };
  /** An alert's key that no record knows: keyturn does not manage it. */
  'unmanaged-leaked-key': {
    alerts: NoticeAlert[];
    fingerprint: string;
    /** Where the records were searched. */
    recordStore: string;
  };
  /** An alert's key of another family: left open for that family's workflow. */
  'other-family-alert': {
    alerts: NoticeAlert[];
    keyIds: number[];
    family: string;
    secretName: string;
  };
}

/** A notice of an emergency rotation or of answering alerts. */
export type LeakNotice = NoticesOf<LeakFacts>;
