// What every notice carries: its code and what a person does about it, as data (the words are render.ts's).
import type { NoticeCode } from './codes.js';

/**
 * What a person does about a notice, as data (the words are the renderer's). Several actions are
 * alternatives unless the notice's words say otherwise.
 * - `retire-or-relist`: delete the secret at `targets` and name them in `retireTargets`, or put them back in `targets`.
 * - `keep-in-retire-targets`: keep `targets` in `retireTargets` until a run ends without this notice.
 * - `name-in-revoke-key-ids`: once no target holds them, name `keyIds` in `revokeKeyIds`.
 * - `delete-old-secret`: if this secret replaced `secretName` (a rename), delete `secretName` at `targets`.
 * - `revoke-in-console`: revoke `keyIds` in the platform console, then delete `variable` (when named).
 * - `fix-other-record`: fix the record `variable` with the workflow that rotates its family.
 * - `remove-rebuild-record`: take `rebuildRecord` out of the workflow.
 * - `rebuild-record`: run once with `rebuildRecord`: true (an unreadable record of this family).
 * - `choose-family`: give `family` as one of `families` (the targets belong to several), or rotate each apart.
 * - `serialize-rotations`: run the rotations of one secret in a concurrency group.
 * - `run-again`: run again once the cause is fixed (or later: the next rotation finishes).
 * - `acknowledge`: once the cause is fixed, run once with `acknowledge`: true; the runs then rotate again.
 */
export type NoticeAction =
  | { do: 'retire-or-relist'; targets: string[] }
  | { do: 'keep-in-retire-targets'; targets: string[] }
  | { do: 'name-in-revoke-key-ids'; keyIds: number[] }
  | { do: 'delete-old-secret'; secretName: string; targets: string[] }
  | { do: 'revoke-in-console'; keyIds: number[]; variable?: string }
  | { do: 'fix-other-record'; variable: string }
  | { do: 'remove-rebuild-record' }
  | { do: 'rebuild-record' }
  | { do: 'choose-family'; families: string[] }
  | { do: 'serialize-rotations' }
  | { do: 'run-again' }
  | { do: 'acknowledge' };

export interface Base<C extends NoticeCode> {
  code: C;
  /** What a person does about it; empty when nothing. */
  actions: NoticeAction[];
}

/** Keys a notice names, with their names where the run knows them (`null`: a key it cannot list). */
export interface NamedKeys {
  keyIds: number[];
  /** The names of `keyIds`, in the same order. */
  keyNames: Array<string | null>;
}

/** A family of notices from its facts (a map: each code to the fields of its notice), each with its code and actions. */
export type NoticesOf<Facts extends { [C in keyof Facts]: C extends NoticeCode ? object : never }> = {
  [C in keyof Facts & NoticeCode]: Base<C> & Facts[C];
}[keyof Facts & NoticeCode];
