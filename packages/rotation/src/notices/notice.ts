// What a run tells a person, as data: each notice has a code from a closed list and the facts it is
// about (key ids, target specs, families), and says what to do as data too. The steps push notices
// and decide nothing from words; notices/render.ts words each one, once (review 4393a1e, room 2).
// Ids, names and target specs only: never a key value.

/** Every notice code, in the order of a run (preflight, revoke, then answering alerts). */
export const NOTICE_CODES = [
  'stuck',
  'stuck-acknowledged',
  'rebuild-record-unneeded',
  'record-rebuilt',
  'rebuilt-keys-kept',
  'unreadable-other-record',
  'dropped-target',
  'other-family-dropped-target',
  'other-family-unheld',
  'other-kind-unheld',
  'renamed-secret-keys-valid',
  'retired-target-unrecorded',
  'unmanaged-current-key',
  'misplaced-record',
  'leaked-key-not-of-family',
  'unreachable-target-left-out',
  'leaked-key-dropped-holders',
  'target-unwritten',
  'record-not-narrowed',
  'kept-beyond-keep',
  'revoke-key-id-skipped',
  'development-not-sensitive',
  'deployment-not-ready',
  'awaiting-deploy',
  'appeared',
  'concurrent-rotation',
  'lease-lapsed',
  'other-family-deferred',
  'other-family-held-here',
  'other-family-rebuilt-kept',
  'revoke-unconfirmed',
  'other-family-not-forgotten',
  'other-family-settle-failed',
  'app-token-not-revoked',
  'alerts-without-value',
  'unmanaged-leaked-key',
  'other-family-alert',
  'left-without-key',
  'leaked-key-valid',
  'record-unreadable',
  'lease-taken-over',
  'repeated-failure',
  'person-not-called',
] as const;

/**
 * Why a family is stuck (stuck/): each a notice whose words are the remedy. Only a person can help;
 * runs make no key until one acknowledges (`acknowledge`).
 */
export const STUCK_REASONS = [
  'left-without-key',
  'leaked-key-valid',
  'record-unreadable',
  'lease-taken-over',
  'repeated-failure',
] as const satisfies readonly NoticeCode[];

/** Why a family is stuck: one of STUCK_REASONS, the code of the notice whose words are the remedy. */
export type StuckReason = (typeof STUCK_REASONS)[number];

/** A notice's code: what happened, in a word a program can switch on. */
export type NoticeCode = (typeof NOTICE_CODES)[number];

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

/** Why a key named in `revokeKeyIds` was not revoked. */
export type RevokeSkipReason =
  | 'created-by-this-run'
  | 'appeared-during-run'
  | 'newer-than-new-key'
  | 'dropped-target-may-hold'
  | 'authenticating-key'
  | 'deployment-may-use';

/** An alert, by where it is (`OWNER/REPO#NUMBER` in words). */
export interface NoticeAlert {
  repository: string;
  number: number;
}

interface Base<C extends NoticeCode> {
  code: C;
  /** What a person does about it; empty when nothing. */
  actions: NoticeAction[];
}

/** Keys a notice names, with their names where the run knows them (`null`: a key it cannot list). */
interface NamedKeys {
  keyIds: number[];
  /** The names of `keyIds`, in the same order. */
  keyNames: Array<string | null>;
}

/** `rebuildRecord` is set, but the family's record reads. */
export interface RebuildRecordUnneededNotice extends Base<'rebuild-record-unneeded'> {
  family: string;
}

/** The family's record was rebuilt in place of unreadable ones; `keyIds` were live and stay valid. */
export interface RecordRebuiltNotice extends Base<'record-rebuilt'> {
  family: string;
  /** The unreadable records replaced (variable names). */
  replaced: string[];
  keyIds: number[];
}

/** Keys that were live when the family's record was rebuilt stay valid. */
export interface RebuiltKeysKeptNotice extends Base<'rebuilt-keys-kept'> {
  family: string;
  keyIds: number[];
}

/** Another family's record cannot be read (or is newer): the run goes on, its keys stay valid. */
export interface UnreadableOtherRecordNotice extends Base<'unreadable-other-record'> {
  /** The record's variable. */
  variable: string;
  family?: string;
  problem: 'newer' | 'unparsable';
  format?: number;
  detail: string;
}

/** A target the record names is no longer listed: the keys it may hold stay valid. */
export interface DroppedTargetNotice extends Base<'dropped-target'>, NamedKeys {
  target: string;
  secretName: string;
}

/** A target another family's record of this secret names is no longer listed: its keys stay valid. */
export interface OtherFamilyDroppedTargetNotice extends Base<'other-family-dropped-target'>, NamedKeys {
  target: string;
  family: string;
  secretName: string;
}

/** Another family's live keys that none of the targets its record still names may hold. */
export interface OtherFamilyUnheldNotice extends Base<'other-family-unheld'>, NamedKeys {
  family: string;
  /** The targets its record still names. */
  targets: string[];
  secretName: string;
}

/** A family of another kind of key that no target holds a key of: revoke its keys in the console. */
export interface OtherKindUnheldNotice extends Base<'other-kind-unheld'> {
  family: string;
  /** Its kind of key (`personal`, `organization:ORG`, `project:ORG/PROJECT`). */
  keyKind: string;
  /** This run's kind of key. */
  runKeyKind: string;
  keyIds: number[];
  /** Its record's variable, to delete once its keys are revoked. */
  variable: string;
}

/**
 * A record of another secret name naming listed targets, whose secret is gone from some of them
 * (a rename half done): its live keys stay valid while the secret may exist at `present` or `unknown`.
 */
export interface RenamedSecretKeysValidNotice extends Base<'renamed-secret-keys-valid'> {
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
}

/** A target in `retireTargets` that no record of the secret names: nothing to retire. */
export interface RetiredTargetUnrecordedNotice extends Base<'retired-target-unrecorded'> {
  target: string;
  secretName: string;
}

/** The current key was not made by this rotation and is not in `revokeKeyIds`: it stays valid. */
export interface UnmanagedCurrentKeyNotice extends Base<'unmanaged-current-key'>, NamedKeys {
  family: string;
  secretName: string;
}

/** Dropped targets may hold the leaked key, which is revoked all the same: they are left without a working key. */
export interface LeakedKeyDroppedHoldersNotice extends Base<'leaked-key-dropped-holders'> {
  targets: string[];
  keyIds: number[];
}

/** A target that does not hold the leaked key could not be written: it keeps its key. */
export interface TargetUnwrittenNotice extends Base<'target-unwritten'> {
  target: string;
  newKeyId: number;
  error: string;
}

/** The record could not be narrowed to the new key after the writes. */
export interface RecordNotNarrowedNotice extends Base<'record-not-narrowed'> {
  error: string;
  /** Retired targets the record still names. */
  retired: string[];
}

/** More keys than `keep` stay valid: the run cannot tell which one the targets hold. */
export interface KeptBeyondKeepNotice extends Base<'kept-beyond-keep'>, NamedKeys {
  keep: number;
  /** True when the record names them all (a run was stopped); false without a record. */
  recorded: boolean;
}

/** A key named in `revokeKeyIds` was not revoked. */
export interface RevokeKeyIdSkippedNotice extends Base<'revoke-key-id-skipped'> {
  keyIds: number[];
  reason: RevokeSkipReason;
}

/** A family key appeared during the run (a concurrent rotation's): left valid. */
export interface AppearedNotice extends Base<'appeared'>, NamedKeys {
  /** True when it is newer than this run's key. */
  newer: boolean;
  newKeyId: number;
  secretName: string;
}

/** A concurrent rotation ran: no key was revoked (`keyIds` were planned). */
export interface ConcurrentRotationNotice extends Base<'concurrent-rotation'> {
  secretName: string;
  keyIds: number[];
}

/** What every notice about settling another family carries: the keys it is about, and the family's other keys that stay with them. */
interface Settlement {
  family: string;
  keyIds: number[];
  /** The family's other live keys, which stay valid with its record too. */
  alsoValid: number[];
}

/** Keys of another family appeared during the run: its record stays for the next rotation. */
export interface OtherFamilyDeferredNotice extends Base<'other-family-deferred'>, Settlement {
  secretName: string;
}

/** Keys of another family stay: a target of this run's family may hold them. */
export interface OtherFamilyHeldHereNotice extends Base<'other-family-held-here'>, Settlement {
  runFamily: string;
  secretName: string;
}

/** Keys of another family stay: they were live when its record was rebuilt. */
export interface OtherFamilyRebuiltKeptNotice extends Base<'other-family-rebuilt-kept'>, Settlement {}

/** Revoking another family's keys was answered 404 though they were listed live: its record stays. */
export interface RevokeUnconfirmedNotice extends Base<'revoke-unconfirmed'>, NamedKeys {
  family: string;
  secretName: string;
}

/** Another family's record could not forget targets: its live keys stay valid. */
export interface OtherFamilyNotForgottenNotice extends Base<'other-family-not-forgotten'> {
  family: string;
  /** The targets it was to forget (identities). */
  targets: string[];
  error: string;
  /** Its live keys, which stay valid. */
  keyIds: number[];
  /** Retired targets it still names: keep them in `retireTargets`. */
  retired: string[];
}

/** Another family that names no target could not be settled: its record stays. */
export interface OtherFamilySettleFailedNotice extends Base<'other-family-settle-failed'> {
  family: string;
  error: string;
  secretName: string;
}

/** A GitHub App installation token could not be revoked (it expires within the hour). */
export interface AppTokenNotRevokedNotice extends Base<'app-token-not-revoked'> {
  owner: string;
  problem: string;
}

/** Open alerts came without their value: they cannot be matched and stay open. */
export interface AlertsWithoutValueNotice extends Base<'alerts-without-value'> {
  count: number;
  secretType: string;
}

/** An alert's key that no record knows: keyturn does not manage it. */
export interface UnmanagedLeakedKeyNotice extends Base<'unmanaged-leaked-key'> {
  alerts: NoticeAlert[];
  fingerprint: string;
  /** Where the records were searched. */
  recordStore: string;
}

/** An alert's key of another family: left open for that family's workflow. */
export interface OtherFamilyAlertNotice extends Base<'other-family-alert'> {
  alerts: NoticeAlert[];
  keyIds: number[];
  family: string;
  secretName: string;
}

/** Something a run tells a person: `code` says what, the other fields are its facts. */
export type Notice =
  | RebuildRecordUnneededNotice
  | RecordRebuiltNotice
  | RebuiltKeysKeptNotice
  | UnreadableOtherRecordNotice
  | DroppedTargetNotice
  | OtherFamilyDroppedTargetNotice
  | OtherFamilyUnheldNotice
  | OtherKindUnheldNotice
  | RenamedSecretKeysValidNotice
  | RetiredTargetUnrecordedNotice
  | UnmanagedCurrentKeyNotice
  | LeakedKeyDroppedHoldersNotice
  | TargetUnwrittenNotice
  | RecordNotNarrowedNotice
  | KeptBeyondKeepNotice
  | RevokeKeyIdSkippedNotice
  | DevelopmentNotSensitiveNotice
  | DeploymentNotReadyNotice
  | AwaitingDeployNotice
  | AppearedNotice
  | ConcurrentRotationNotice
  | OtherFamilyDeferredNotice
  | OtherFamilyHeldHereNotice
  | OtherFamilyRebuiltKeptNotice
  | RevokeUnconfirmedNotice
  | OtherFamilyNotForgottenNotice
  | OtherFamilySettleFailedNotice
  | AppTokenNotRevokedNotice
  | MisplacedRecordNotice
  | LeakedKeyNotOfFamilyNotice
  | UnreachableTargetLeftOutNotice
  | LeaseLapsedNotice
  | AlertsWithoutValueNotice
  | UnmanagedLeakedKeyNotice
  | OtherFamilyAlertNotice
  | StuckReasonNotice
  | StuckNotice
  | StuckAcknowledgedNotice
  | PersonNotCalledNotice;

/** An emergency rotation left targets without a working key (report.leak.unwritten): the family is stuck. */
export interface LeftWithoutKeyNotice extends Base<'left-without-key'> {
  family: string;
  targets: string[];
}

/** A leaked key could not be revoked and is still valid: the family is stuck. */
export interface LeakedKeyValidNotice extends Base<'leaked-key-valid'> {
  family: string;
  keyIds: number[];
}

/** The family's record cannot be read (`variable`, `detail` says why): every run stops before making a key. */
export interface RecordUnreadableNotice extends Base<'record-unreadable'> {
  family: string;
  variable: string;
  detail: string;
}

/** `runs` runs in a row each found the lease of the secret lapsed (its holder crashed or was cancelled): the family is stuck. */
export interface LeaseTakenOverNotice extends Base<'lease-taken-over'> {
  family: string;
  secretName: string;
  runs: number;
}

/** `runs` runs in a row failed the same way (`failure`, a RotationErrorCode; `summary` the last one's words): the family is stuck. */
export interface RepeatedFailureNotice extends Base<'repeated-failure'> {
  family: string;
  failure: string;
  runs: number;
  /** The first of those runs' time (ISO 8601). */
  since: string;
  summary: string;
}

/** Why a family is stuck: the remedy, as data. */
export type StuckReasonNotice =
  | LeftWithoutKeyNotice
  | LeakedKeyValidNotice
  | RecordUnreadableNotice
  | LeaseTakenOverNotice
  | RepeatedFailureNotice;

/** The family is stuck since `since` (its record's mark): this run made no key. */
export interface StuckNotice extends Base<'stuck'> {
  family: string;
  reason: StuckReason;
  since: string;
  /** The run that got stuck, when its caller said (`runUrl`). */
  runUrl?: string;
}

/** `acknowledge`: the family's stuck mark was cleared; this run and the next rotate again. */
export interface StuckAcknowledgedNotice extends Base<'stuck-acknowledged'> {
  family: string;
  reason: StuckReason;
  since: string;
}

/** The issue (or the `notifyUrl` webhook) that calls a person about a stuck family could not be opened, updated, closed or posted. */
export interface PersonNotCalledNotice extends Base<'person-not-called'> {
  family: string;
  channel: 'issue' | 'webhook';
  /** What was being done: `open`, `update`, `close` or `post`. */
  doing: 'open' | 'update' | 'close' | 'post';
  error: string;
}

/** A record under a variable that is not its family's (copied by hand?): it chooses no family and stops no other run. */
export interface MisplacedRecordNotice extends Base<'misplaced-record'> {
  variable: string;
  family: string;
  detail: string;
  /** True when settling that family was skipped (its keys stay valid, its record stays). */
  settlingSkipped: boolean;
}

/** A key of an alert named as leaked is not of this run's family: the emergency rotation leaves it alone. */
export interface LeakedKeyNotOfFamilyNotice extends Base<'leaked-key-not-of-family'> {
  /** The key as named: `key 12`, or `the key of fingerprint …`. */
  leakedKey: string;
  family: string;
}

/** An emergency rotation goes on without a target it cannot reach, and revokes the leaked key all the same. */
export interface UnreachableTargetLeftOutNotice extends Base<'unreachable-target-left-out'> {
  targets: string[];
  secretName: string;
  keyIds: number[];
  problem: string;
  advice: string;
}

/** The run's lease lapsed and another run took it: this run revoked nothing. */
export interface LeaseLapsedNotice extends Base<'lease-lapsed'> {
  secretName: string;
}

/** A new development variable (Vercel) was written `encrypted`: Vercel does not allow it `sensitive`. */
export interface DevelopmentNotSensitiveNotice extends Base<'development-not-sensitive'> {
  target: string;
  secretName: string;
}

/**
 * The redeploy that puts the new key in use did not become READY (its build failed, it was canceled,
 * it was still building at the deadline, or it could not be made): `keyIds`, which the running
 * deployment may use, stay valid. `deploymentUrl` is where to look, when a deployment was made.
 */
export interface DeploymentNotReadyNotice extends Base<'deployment-not-ready'> {
  target: string;
  secretName: string;
  deploymentId?: string;
  deploymentUrl?: string;
  /** Its last state (`ERROR`, `CANCELED`, `BUILDING`...); absent when none was made. */
  readyState?: string;
  error: string;
  keyIds: number[];
}

/** No redeploy: the new value is used from the next deploy after `afterDeployment`; `keyIds` stay valid until a run sees it. */
export interface AwaitingDeployNotice extends Base<'awaiting-deploy'> {
  target: string;
  secretName: string;
  /** The deployment serving now (with the old value); absent when there is none yet. */
  afterDeployment?: string;
  afterUrl?: string;
  keyIds: number[];
}

/** The notice of `code`. */
export type NoticeOf<C extends NoticeCode> = Extract<Notice, { code: C }>;

/** Every key id a notice names (the keys it says stay valid, and those that stay with them). */
export function noticeKeyIds(notice: Notice): number[] {
  const ids = 'keyIds' in notice ? notice.keyIds : [];
  return 'alsoValid' in notice ? [...ids, ...notice.alsoValid] : [...ids];
}
