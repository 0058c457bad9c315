// What the simulated user of a history knows and has decided (history.ts): the workflow's settings,
// the targets it wrote, what it retires and is excused, and the model's switches.

import type { Excused } from './invariants.js';
import type { RecordEdit } from './record-edits.js';
import type { Rng } from './prng.js';
import type { LeakRounds } from './emergency-rounds.js';
import type { RecordParts } from './record-parts.js';
import type { Credential, SimKeyKind } from './world.js';
import type { RecordKeeper } from './record-place.js';
import type { ClockWatch } from './clock-watch.js';
import type { Schedule } from './timed-model.js';

export interface UserState {
  kind: SimKeyKind;
  credential: Credential;
  secretName: string;
  keep: number;
  list: string[];
  /**
   * Targets the record may name and that were not retired: every target a run listed (the record
   * names them before the key is made, written or not) and every secret the user wrote. A target
   * dropped from the list stays here: the runs warn naming it, and the user retires it or lists it again.
   */
  written: Set<string>;
  /** Targets whose secret the user deleted, named in retire-targets until a run ends well with them. */
  retiring: Set<string>;
  consoleKey: string;
  /** key-name-prefix, given once a run said the targets belong to several families (its advice). */
  family?: string;
  /** rebuild-record, on from a refused unreadable record until a run ends well with it. */
  rebuildRecord: boolean;
  /** Keys a rebuilt record keeps until named in revoke-key-ids once no target holds them (its notice says so). */
  rebuiltKeys: Set<number>;
  /** Lock-outs the product's documentation allows (see invariants.ts), until the target is written again. */
  excused: Excused;
  /**
   * Keys of a family whose record the user deleted: no run can tell they were this secret's
   * (README, "Without a record"), so they are the user's to revoke, not an orphan of the runs.
   */
  forgotten: Set<number>;
  /** The record edit of the last edit, for the check of the run after it. */
  recordEdit?: RecordEdit;
  /**
   * The choices added after the first version of the model (record edits, which family to name)
   * draw from a generator of their own, so a seed found before still plays the same history.
   */
  later: Rng;
  /**
   * Targets the secret was moved away from (the list replaced whole): another family's. Converging
   * retires them rather than listing them beside the new family's (the run would refuse two families).
   */
  movedAway: Set<string>;
  /**
   * An organization rotation's managing key, in a secret of its own: an organization key the user
   * made by hand, named like the family (issue 31, item 2), until a run refuses it and the user
   * makes one of no family, as the refusal says.
   */
  managingKey?: { id: number; key: string };
  /**
   * The user renames as the README says (edits.renameListed): listed targets copied, dropped ones retired, the old name's notices
   * followed.
   */
  renameListed: boolean;
  /** Leaks and alerts (emergency-rounds.ts): this round's mode, and what leaked. */
  leaks: LeakRounds;
  /** The record spread over parts, and damaged (record-parts.ts). */
  parts: RecordParts;
  /** Where the target record (and the lease with it) is kept: the home repository's variables, or the home GitLab project's. */
  record: RecordKeeper;
  /**
   * The record was deleted and no run has ended well since: a record a failed run started then
   * knows nothing of what the targets held (README, Without a record), so keep's promise waits (seed 31337020).
   */
  recordBlind: boolean;
  /** The family is stuck (issue 33, item 3): the user fixed what the issue says and acknowledges it on the next run. */
  acknowledge: boolean;
  /** The timed model's schedule (rotate-every, revoke-after, vercel-redeploy) and its clock's watch; undefined in the model before it. */
  schedule?: Schedule;
  clock?: ClockWatch;
  /** The round's run is the user's dry run. */
  dryRun?: boolean;
}
