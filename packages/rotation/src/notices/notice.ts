// What a run tells a person, as data: each notice has a code from a closed list and the facts it is
// about (key ids, target specs, families), and says what to do as data too. The steps push notices
// and decide nothing from words; notices/render.ts words each one, once (review 4393a1e, room 2).
// Ids, names and target specs only: never a key value.
// The notices' types are in one file per family of notice; this module is where they are all imported from.

import type { NoticeCode } from './codes.js';
import type {
  AlertsWithoutValueNotice,
  LeakedKeyDroppedHoldersNotice,
  LeakedKeyNotOfFamilyNotice,
  OtherFamilyAlertNotice,
  TargetUnwrittenNotice,
  UnmanagedLeakedKeyNotice,
  UnreachableTargetLeftOutNotice,
} from './leak-notices.js';
import type {
  OtherFamilyDeferredNotice,
  OtherFamilyHeldHereNotice,
  OtherFamilyNotForgottenNotice,
  OtherFamilyRebuiltKeptNotice,
  OtherFamilySettleFailedNotice,
  RevokeUnconfirmedNotice,
} from './other-family-notices.js';
import type {
  MisplacedRecordNotice,
  RebuildRecordUnneededNotice,
  RebuiltKeysKeptNotice,
  RecordNotNarrowedNotice,
  RecordRebuiltNotice,
  UnreadableOtherRecordNotice,
} from './record-notices.js';
import type {
  AppTokenNotRevokedNotice,
  AppearedNotice,
  ConcurrentRotationNotice,
  KeptBeyondKeepNotice,
  LeaseLapsedNotice,
  RevokeKeyIdSkippedNotice,
} from './revoke-notices.js';
import type { PersonNotCalledNotice, StuckAcknowledgedNotice, StuckNotice, StuckReasonNotice } from './stuck-notices.js';
import type {
  DroppedTargetNotice,
  OtherFamilyDroppedTargetNotice,
  OtherFamilyUnheldNotice,
  OtherKindUnheldNotice,
  RenamedSecretKeysValidNotice,
  RetiredTargetUnrecordedNotice,
  UnmanagedCurrentKeyNotice,
} from './target-notices.js';
import type { AwaitingDeployNotice, DeploymentNotReadyNotice, DevelopmentNotSensitiveNotice } from './vercel-notices.js';

export { NOTICE_CODES, STUCK_REASONS } from './codes.js';
export type { StuckReason, NoticeCode } from './codes.js';
export type { NoticeAction } from './base.js';
export type {
  RebuildRecordUnneededNotice,
  RecordRebuiltNotice,
  RebuiltKeysKeptNotice,
  UnreadableOtherRecordNotice,
  MisplacedRecordNotice,
  RecordNotNarrowedNotice,
} from './record-notices.js';
export type {
  DroppedTargetNotice,
  OtherFamilyDroppedTargetNotice,
  OtherFamilyUnheldNotice,
  OtherKindUnheldNotice,
  RenamedSecretKeysValidNotice,
  RetiredTargetUnrecordedNotice,
  UnmanagedCurrentKeyNotice,
} from './target-notices.js';
export type {
  KeptBeyondKeepNotice,
  RevokeSkipReason,
  RevokeKeyIdSkippedNotice,
  AppearedNotice,
  ConcurrentRotationNotice,
  LeaseLapsedNotice,
  AppTokenNotRevokedNotice,
} from './revoke-notices.js';
export type {
  OtherFamilyDeferredNotice,
  OtherFamilyHeldHereNotice,
  OtherFamilyRebuiltKeptNotice,
  RevokeUnconfirmedNotice,
  OtherFamilyNotForgottenNotice,
  OtherFamilySettleFailedNotice,
} from './other-family-notices.js';
export type {
  NoticeAlert,
  LeakedKeyDroppedHoldersNotice,
  TargetUnwrittenNotice,
  LeakedKeyNotOfFamilyNotice,
  UnreachableTargetLeftOutNotice,
  AlertsWithoutValueNotice,
  UnmanagedLeakedKeyNotice,
  OtherFamilyAlertNotice,
} from './leak-notices.js';
export type {
  LeftWithoutKeyNotice,
  LeakedKeyValidNotice,
  RecordUnreadableNotice,
  LeaseTakenOverNotice,
  RepeatedFailureNotice,
  StuckReasonNotice,
  StuckNotice,
  StuckAcknowledgedNotice,
  PersonNotCalledNotice,
} from './stuck-notices.js';
export type { DevelopmentNotSensitiveNotice, DeploymentNotReadyNotice, AwaitingDeployNotice } from './vercel-notices.js';

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

/** The notice of `code`. */
export type NoticeOf<C extends NoticeCode> = Extract<Notice, { code: C }>;

/** Every key id a notice names (the keys it says stay valid, and those that stay with them). */
export function noticeKeyIds(notice: Notice): number[] {
  const ids = 'keyIds' in notice ? notice.keyIds : [];
  return 'alsoValid' in notice ? [...ids, ...notice.alsoValid] : [...ids];
}
