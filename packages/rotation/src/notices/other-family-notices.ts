// Notices about settling another family of the same secret: why its keys and record stay.
import type { NamedKeys, NoticesOf } from './base.js';

/** What every notice about settling another family carries: the keys it is about, and the family's other keys that stay with them. */
interface Settlement {
  family: string;
  keyIds: number[];
  /** The family's other live keys, which stay valid with its record too. */
  alsoValid: number[];
}

/** Each notice's facts, by its code. */
interface OtherFamilyFacts {
  /** Keys of another family appeared during the run: its record stays for the next rotation. */
  'other-family-deferred': Settlement & {
    secretName: string;
  };
  /** Keys of another family stay: a target of this run's family may hold them. */
  'other-family-held-here': Settlement & {
    runFamily: string;
    secretName: string;
  };
  /** Keys of another family stay: they were live when its record was rebuilt. */
  'other-family-rebuilt-kept': Settlement;
  /** Revoking another family's keys was answered 404 though they were listed live: its record stays. */
  'revoke-unconfirmed': NamedKeys & {
    family: string;
    secretName: string;
  };
  /** Another family's record could not forget targets: its live keys stay valid. */
  'other-family-not-forgotten': {
    family: string;
    /** The targets it was to forget (identities). */
    targets: string[];
    error: string;
    /** Its live keys, which stay valid. */
    keyIds: number[];
    /** Retired targets it still names: keep them in `retireTargets`. */
    retired: string[];
  };
  /** Another family that names no target could not be settled: its record stays. */
  'other-family-settle-failed': {
    family: string;
    error: string;
    secretName: string;
  };
}

/** A notice about settling another family's keys. */
export type OtherFamilyNotice = NoticesOf<OtherFamilyFacts>;
