// What a rotation did (or, in a dry run, would do). Holds ids, names and target specs: never a key value.

import type { RevocationDue } from './clock/deadlines.js';
import type { NotDue } from './protocol/clock-check.js';
import type { Notice } from './notices/notice.js';

export type { NotDue, RevocationDue };

/** What a dry run would do. */
export interface RotationPlan {
  /** The key the run would create. */
  keyName: string;
  /** The targets it would write, as specs. */
  targets: string[];
  /** The key ids it would revoke once every target holds the new key. */
  revokeKeyIds: number[];
}

/** What an emergency rotation (`leakedKey`) did with the leaked key. Ids and target specs only. */
export interface LeakReport {
  /** The leaked key's id, as the record knows it. */
  keyId: number;
  /** True once the leaked key is revoked (by this run, or found already revoked). */
  revoked: boolean;
  /** The targets the record says may hold the leaked key (dropped ones too), as specs. */
  heldBy: string[];
  /** Targets left without a working key: they held the leaked key and could not be given the new one. */
  unwritten: string[];
  /** Milliseconds from the start of the run to the revocation, on the run's clock (absent until revoked by this run). */
  msToRevocation?: number;
}

/** What every report holds, dry run or not. */
interface ReportBase {
  /** The key family rotated (the prefix of its key names). */
  family: string;
  secretName: string;
  /** Targets that hold the new key, as specs (none in a dry run). */
  targets: string[];
  /** Keys revoked by this run (or found already revoked). */
  revokedKeyIds: number[];
  /** What the run tells a person, as data: a code and its facts (notices/notice.ts), in order. */
  notices: Notice[];
  /** The notices in words (notices/render.ts), one each, in the same order. */
  warnings: string[];
  /** Targets the record names that are no longer listed: their keys stay valid (see the notices). */
  droppedTargets?: string[];
  /** An emergency rotation's leaked key: which targets held it, whether and when it was revoked. */
  leak?: LeakReport;
  /** Superseded keys still valid until their deadline (revokeAfter), soonest first; absent when the run did not look. */
  revocationsDue?: RevocationDue[];
  durationMs: number;
}

/** What a run that finished planned (a dry run) or carried out. */
interface FinishedBase extends ReportBase {
  plan: RotationPlan;
}

/** A dry run that checked everything: its plan, nothing changed. */
export interface DryRunReport extends FinishedBase {
  dryRun: true;
  /** No key is created in a dry run (present so `report.keyId` reads on either kind). */
  keyId?: undefined;
  keyName?: undefined;
  idle?: undefined;
}

/** A rotation done: every target holds the new key. */
export interface RunReport extends FinishedBase {
  dryRun: false;
  /** The new key. */
  keyId: number;
  keyName: string;
  idle?: undefined;
}

/**
 * A run that rotated nothing: the key every target holds is younger than rotateEvery (`idle` says
 * which, and when the next rotation is due). It may have revoked superseded keys whose deadline passed.
 */
export interface IdleReport extends ReportBase {
  dryRun: false;
  idle: NotDue;
  revocationsDue: RevocationDue[];
  plan?: undefined;
  keyId?: undefined;
  keyName?: undefined;
}

/** What rotateKey returns: a dry run has its plan, a real run its new key, an idle run (rotateEvery) why it made none. */
export type RotationReport = DryRunReport | RunReport | IdleReport;

/**
 * What a run did before it failed (RotationError's `report`): any of the fields above, as far as
 * the run got, and what a failure adds.
 */
export interface PartialRotationReport extends ReportBase {
  dryRun: boolean;
  plan?: RotationPlan;
  /** The new key, once created. */
  keyId?: number;
  keyName?: string;
  /** Targets that were given the previous key back after a failed write. */
  restoredTargets?: string[];
  /** True when the run revoked the key it created (a rollback or a back-off). */
  newKeyRevoked?: boolean;
  /** A run the clock made a no-op (rotateEvery): why. */
  idle?: NotDue;
}

export function emptyReport(fields: { dryRun: boolean; family: string; secretName: string }): PartialRotationReport {
  return { ...fields, targets: [], revokedKeyIds: [], notices: [], warnings: [], durationMs: 0 };
}

/** The report of a run that finished: the plan of a dry run, the new key of a real one. */
export function finishedReport(report: PartialRotationReport): RotationReport {
  const { dryRun, plan, keyId, keyName, restoredTargets: _r, newKeyRevoked: _n, idle, ...base } = report;
  if (idle && !dryRun) return { ...base, dryRun: false, idle, revocationsDue: base.revocationsDue ?? [] };
  if (!plan) throw new Error('a rotation ended without a plan');
  if (dryRun) return { ...base, dryRun: true, plan };
  if (keyId === undefined || keyName === undefined) throw new Error('a rotation ended without a new key');
  return { ...base, dryRun: false, plan, keyId, keyName };
}
