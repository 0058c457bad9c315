// Public API of @keyturn/rotation's main entry point: rotateKey, its options, its report and log,
// and its errors. The custom-target interface is the second entry point, `@keyturn/rotation/targets`
// (targets.ts). Everything else is internal. index.test.ts pins every name.

export { type AcknowledgeReport, acknowledgeStuck, rotateKey } from './rotate-key.js';
export { CALL_AGAIN_AFTER_MS, STUCK_AFTER_RUNS } from './stuck/stuck-mark.js';
export { checkRotateKeyOptions } from './check-options.js';
export type { GitHubAccess, LeakedKey, PlatformAccess, RotateKeyOptions, TargetList } from './options.js';
export type { GitHubAppAccess } from './github-app/app-access.js';
export type {
  DryRunReport,
  IdleReport,
  LeakReport,
  NotDue,
  PartialRotationReport,
  RevocationDue,
  RotationPlan,
  RotationReport,
  RunReport,
} from './report.js';
export type { RotationLogEntry, RotationLogger, RotationStep } from './log.js';
export { RotationError, type RotationErrorCode } from './errors.js';
export { DEFAULT_SECRET_NAME } from './secret-name.js';
export { FINGERPRINT_LENGTH, keyFingerprint } from './record/fingerprint.js';
export { answerLeakAlerts, type AnswerLeakAlertsOptions } from './leak/answer-alerts.js';
export { LeakAlertsError, type AlertRef, type AnsweredAlert, type LeakAlertsReport, type OtherFamilyAlert } from './leak/report.js';
export type { KeyKind } from './key-kind/key-kind.js';
export { type OptionName, renameOptions } from './option-names.js';
export {
  NOTICE_CODES,
  noticeKeyIds,
  type Notice,
  type NoticeAction,
  type NoticeAlert,
  type NoticeCode,
  type NoticeOf,
  type RevokeSkipReason,
  STUCK_REASONS,
  type StuckReason,
} from './notices/notice.js';
export { renderNotice } from './notices/render.js';
export { AccessMissingError, type AccessNeed } from './access-missing.js';
export { inventoryCopies, inventorySources, type InventoryOptions, type InventoryReport } from './inventory/inventory.js';
export { type InventoriedCopy, joinCopiesWithRecords } from './inventory/join.js';
export { type InventoryCheckpoint, readCheckpoint, type WalkState } from './inventory/checkpoint.js';
export { nameMatcher, namePatternProblem } from './inventory/name-match.js';
export { GITHUB_READ_INTERVAL_MS } from './inventory/read-pacing.js';
export type { CopyStore, SecretCopy, UnreadableListing } from './inventory/secret-copy.js';
export type { WalkProgress as InventoryProgress } from './inventory/walk.js';
export { recordWrittenAt } from './record/written-at.js';
