// What answering the secret-scanning alerts did, alert by alert: ids, repositories, families and
// fingerprints only, never a value. A run that leaves an alert of its own family unanswered ends
// with a LeakAlertsError carrying the report.

import { KeyturnError } from '@keyturn/api';
import type { Notice, NoticeAction } from '../notices/notice.js';
import type { RotationErrorCode } from '../errors.js';
import type { RotationStep } from '../log.js';
import type { PartialRotationReport } from '../report.js';

/** An alert, by where it is. */
export interface AlertRef {
  /** `OWNER/REPO` the value was found in. */
  repository: string;
  number: number;
  /** The alert's page on GitHub, when GitHub said. */
  url?: string;
}

/** An alert whose key this family's record knows. */
export interface AnsweredAlert extends AlertRef {
  keyId: number;
  /** The key's fingerprint (never the value). */
  fingerprint: string;
  /** This run rotated the key out (an emergency rotation); false when it was found already revoked. */
  rotated: boolean;
  /** The platform refuses the key now (asked with the value, after any rotation). */
  keyRevoked: boolean;
  /** This run resolved the alert (as `revoked`); false when the key is still valid or GitHub had it resolved already. */
  resolved: boolean;
  /** Milliseconds from the start of this run to the key's revocation, when this run revoked it. */
  msToRevocation?: number;
}

/** An alert whose key another family's record knows: that family's workflow answers it. */
export interface OtherFamilyAlert extends AlertRef {
  keyId: number;
  family: string;
  secretName: string;
}

/** What `answerLeakAlerts` read and did, alert by alert. */
export interface LeakAlertsReport {
  /** `repository acme/app` or `organization acme`. */
  scope: string;
  secretType: string;
  /** Open alerts of the secret type read (with a value). */
  openAlerts: number;
  /** Open alerts GitHub gave without a value (hidden): they cannot be matched and are left open. */
  withoutValue: number;
  /** The family this run answers for (known once an alert matched some record). */
  family?: string;
  answered: AnsweredAlert[];
  otherFamily: OtherFamilyAlert[];
  /** Keys no record knows: keyturn does not manage them, and never resolves their alerts. */
  unmanaged: AlertRef[];
  /** The emergency rotations this run made, in order (a failed one's partial report too). */
  rotations: PartialRotationReport[];
  /** Each emergency rotation that failed, as data: its RotationError's code, step and actions, and the leaked keys it answered. */
  failedRotations: Array<{ code: RotationErrorCode; step: RotationStep; keyIds: number[]; actions: NoticeAction[] }>;
  /** What the run tells a person, as data (an unmanaged key, an alert of another family), in order. */
  notices: Notice[];
  /** The notices in words (notices/render.ts), one each, in the same order. */
  warnings: string[];
  durationMs: number;
}

/** Answering the alerts left some of this family's alerts open, or could not read them: why, and the report so far. */
export class LeakAlertsError extends KeyturnError {
  override name = 'LeakAlertsError';

  constructor(
    readonly summary: string,
    readonly advice: string,
    readonly report: LeakAlertsReport,
    options?: { cause?: unknown },
  ) {
    super(`${summary}. ${advice}`, options);
  }
}
