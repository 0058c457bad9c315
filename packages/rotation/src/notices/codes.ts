// The closed list of notice codes, and the codes a family can be stuck for: what a program switches on.

/**
 * Why a family is stuck (stuck/): each a notice whose words are the remedy. Only a person can help;
 * runs make no key until one acknowledges (`acknowledge`).
 */
export const STUCK_REASONS = ['left-without-key', 'leaked-key-valid', 'record-unreadable', 'lease-taken-over', 'repeated-failure'] as const;

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
  ...STUCK_REASONS,
  'person-not-called',
] as const;

/** Why a family is stuck: one of STUCK_REASONS, the code of the notice whose words are the remedy. */
export type StuckReason = (typeof STUCK_REASONS)[number];

/** A notice's code: what happened, in a word a program can switch on. */
export type NoticeCode = (typeof NOTICE_CODES)[number];
