// What a run tells a person, as data: each notice has a code from a closed list and the facts it is
// about (key ids, target specs, families), and says what to do as data too. The steps push notices
// and decide nothing from words; notices/render.ts words each one, once (review 4393a1e, room 2).
// Ids, names and target specs only: never a key value.
// The notices' types are in one file per family of notice; this module is where they are all imported from.

import type { NoticeCode } from './codes.js';
import type { LeakNotice } from './leak-notices.js';
import type { OtherFamilyNotice } from './other-family-notices.js';
import type { RecordNotice } from './record-notices.js';
import type { RevokeNotice } from './revoke-notices.js';
import type { StuckFamilyNotice } from './stuck-notices.js';
import type { TargetNotice } from './target-notices.js';
import type { VercelNotice } from './vercel-notices.js';

export { NOTICE_CODES, STUCK_REASONS } from './codes.js';
export type { StuckReason, NoticeCode } from './codes.js';
export type { NoticeAction } from './base.js';
export type { RevokeSkipReason } from './revoke-notices.js';
export type { NoticeAlert } from './leak-notices.js';
export type { StuckReasonNotice } from './stuck-notices.js';

/** Something a run tells a person: `code` says what, the other fields are its facts. */
export type Notice = RecordNotice | TargetNotice | RevokeNotice | OtherFamilyNotice | LeakNotice | StuckFamilyNotice | VercelNotice;

/** The notice of `code`. */
export type NoticeOf<C extends NoticeCode> = Extract<Notice, { code: C }>;

/** Every key id a notice names (the keys it says stay valid, and those that stay with them). */
export function noticeKeyIds(notice: Notice): number[] {
  const ids = 'keyIds' in notice ? notice.keyIds : [];
  return 'alsoValid' in notice ? [...ids, ...notice.alsoValid] : [...ids];
}
