// Notices about targets dropped, retired or renamed, and the keys they may hold (which stay valid).
import type { NamedKeys, NoticesOf } from './base.js';

/** Each notice's facts, by its code. */
interface TargetFacts {
  /** A target the record names is no longer listed: the keys it may hold stay valid. */
  'dropped-target': NamedKeys & {
    target: string;
    secretName: string;
  };
  /** A target another family's record of this secret names is no longer listed: its keys stay valid. */
  'other-family-dropped-target': NamedKeys & {
    target: string;
    family: string;
    secretName: string;
  };
  /** Another family's live keys that none of the targets its record still names may hold. */
  'other-family-unheld': NamedKeys & {
    family: string;
    /** The targets its record still names. */
    targets: string[];
    secretName: string;
  };
  /** A family of another kind of key that no target holds a key of: revoke its keys in the console. */
  'other-kind-unheld': {
    family: string;
    /** Its kind of key (`personal`, `organization:ORG`, `project:ORG/PROJECT`). */
    keyKind: string;
    /** This run's kind of key. */
    runKeyKind: string;
    keyIds: number[];
    /** Its record's variable, to delete once its keys are revoked. */
    variable: string;
  };
  /**
   * A record of another secret name naming listed targets, whose secret is gone from some of them
   * (a rename half done): its live keys stay valid while the secret may exist at `present` or `unknown`.
   */
  'renamed-secret-keys-valid': {
    family: string;
    keyIds: number[];
    /** The secret the record names (the old name). */
    otherSecret: string;
    secretName: string;
    /** Targets where the other secret is gone. */
    gone: string[];
    /** Targets where it still exists. */
    present: string[];
    /** Targets the run cannot check (not listed, or unreadable). */
    unknown: string[];
    /** True when its keys are of this run's kind (the next run revokes them). */
    sameKind: boolean;
    keyKind?: string;
    variable: string;
  };
  /** A target in `retireTargets` that no record of the secret names: nothing to retire. */
  'retired-target-unrecorded': {
    target: string;
    secretName: string;
  };
  /** The current key was not made by this rotation and is not in `revokeKeyIds`: it stays valid. */
  'unmanaged-current-key': NamedKeys & {
    family: string;
    secretName: string;
  };
}

/** A notice about targets the run dropped, renamed or does not hold. */
export type TargetNotice = NoticesOf<TargetFacts>;
