// What step 4 ended with, as a value: the write loop and the rollback decide it, messages.ts says
// it, and rotate-key.ts reads whether to go on. Every variant says which targets may hold the new
// key (`mayHold`, in target order): the report's `targets` is exactly that.

import type { SecretTarget } from '../../targets/secret-target.js';
import type { OwnKeyRevocation } from '../revocation.js';

export type StoreOutcome =
  /**
   * Every target holds the new key; in an emergency rotation (`leakedKey`), every target that
   * could be written: `leftOut` are those that could not (no rollback: the leaked key goes all the
   * same). `ownKey` is set when none could, so the new key was revoked.
   */
  | { kind: 'stored'; mayHold: SecretTarget[]; leftOut?: FailedWrite[]; ownKey?: OwnKeyRevocation }
  /** A newer rotation existed before the first write (the verify step's listing): nothing written. */
  | { kind: 'backed-off'; why: string; mayHold: []; ownKey: OwnKeyRevocation }
  /** The record could not say that the targets may hold the new key: nothing written. */
  | { kind: 'record-failed'; error: unknown; mayHold: []; ownKey: OwnKeyRevocation }
  /** The run stopped writing, with no rollback: a newer rotation took over (`why` names it); it writes every target. */
  | { kind: 'stopped'; reason: 'concurrent'; why: string; mayHold: SecretTarget[] }
  /** The caller aborted: no rollback. `ownKey` is set when no target may hold the new key, so it was revoked. */
  | { kind: 'stopped'; reason: 'aborted'; mayHold: SecretTarget[]; ownKey?: OwnKeyRevocation }
  /** A write failed: what the rollback did. `ownKey` is set when no target may hold the new key. */
  | { kind: 'write-failed'; failed: FailedWrite; rollback: Rollback; mayHold: SecretTarget[]; ownKey?: OwnKeyRevocation };

export interface FailedWrite {
  target: SecretTarget;
  /**
   * 'write': the target refused or failed; 'check': the newer-rotation listing before it failed
   * (nothing sent); 'preflight': the target could not be reached (an emergency rotation went on without it).
   */
  during: 'write' | 'check' | 'preflight';
  cause: unknown;
  /** The write may have landed: no answer or a 5xx, or a custom target's failure that is not a TargetError. */
  mayHaveLanded: boolean;
  /** The target's clock when it served its public key to this run, before any write of the run there. */
  servedAt: Date | undefined;
}

export interface Rollback {
  /** Targets given the previous key back; undefined when writing it back was not started (`halt`). */
  restored: string[] | undefined;
  /** Why the previous key was not written back (to all that needed it). */
  halt?: WriteBackHalt;
  /** Why the failed target is proven to keep the key it held (its write did not land), if it is. */
  untouched?: string;
  /** Targets given the previous key back where a write of the new key got no answer: it may still land after. */
  landLate?: string[];
}

export type WriteBackHalt =
  | { reason: 'no-previous-key' }
  | { reason: 'concurrent'; why: string }
  | { reason: 'previous-key-dead' }
  /** The listing before the first write-back ('first'), or before a later one ('later'), failed. */
  | { reason: 'check-failed'; error: unknown; during: 'first' | 'later' };
