// Notices of the revoke step and the run's end: keys kept or skipped, concurrent runs, tokens left.
import type { NamedKeys, NoticesOf } from './base.js';

/** Why a key named in `revokeKeyIds` was not revoked. */
export type RevokeSkipReason =
  | 'created-by-this-run'
  | 'appeared-during-run'
  | 'newer-than-new-key'
  | 'dropped-target-may-hold'
  | 'authenticating-key'
  | 'deployment-may-use';

/** Each notice's facts, by its code. */
interface RevokeFacts {
  /** More keys than `keep` stay valid: the run cannot tell which one the targets hold. */
  'kept-beyond-keep': NamedKeys & {
    keep: number;
    /** True when the record names them all (a run was stopped); false without a record. */
    recorded: boolean;
  };
  /** A key named in `revokeKeyIds` was not revoked. */
  'revoke-key-id-skipped': {
    keyIds: number[];
    reason: RevokeSkipReason;
  };
  /** A family key appeared during the run (a concurrent rotation's): left valid. */
  appeared: NamedKeys & {
    /** True when it is newer than this run's key. */
    newer: boolean;
    newKeyId: number;
    secretName: string;
  };
  /** A concurrent rotation ran: no key was revoked (`keyIds` were planned). */
  'concurrent-rotation': {
    secretName: string;
    keyIds: number[];
  };
  /** The run's lease lapsed and another run took it: this run revoked nothing. */
  'lease-lapsed': {
    secretName: string;
  };
  /** A GitHub App installation token could not be revoked (it expires within the hour). */
  'app-token-not-revoked': {
    owner: string;
    problem: string;
  };
}

/** A notice about keys the run did not revoke. */
export type RevokeNotice = NoticesOf<RevokeFacts>;
