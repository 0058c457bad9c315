// The one error rotateKey throws once its options are accepted: a machine-readable code, which step
// failed, what happened, what to do, and the partial report (which targets hold which key). It
// never holds a key value.

import { KeyturnError } from '@keyturn/api';
import type { RotationStep } from './log.js';
import type { NoticeAction } from './notices/notice.js';
import { rotatedKeyRefused } from './platform.js';
import type { PartialRotationReport } from './report.js';

/**
 * Why a rotation failed, for a program to act on (the message is for people):
 * - `invalid-options`: an option was refused before any request (nothing was changed).
 * - `current-key-rejected`: the platform refused the current key (401); put a working key in the secret.
 * - `platform-failed`: another platform failure of the current key (403, 429, 5xx, no answer), or any
 *   failure of the managing key (`managingApiKey`; the advice names it).
 * - `target-unreachable`: the preflight found a target that cannot take the secret (nothing was changed).
 * - `github-app-failed`: with a GitHub App, the preflight could not get an installation token for an
 *   owner (not installed there, a permission or repository missing, the JWT refused); nothing was changed.
 * - `record-failed`: the target record could not be read or written, or names a conflict (a retired
 *   target still holding the secret, targets of two families).
 * - `create-lost`: the answer to creating the key was lost; a key of that name was looked for and revoked.
 * - `hook-failed`: the onKeyCreated hook threw; the new key was revoked.
 * - `verify-failed`: the new key did not work in time, or was refused.
 * - `auth-mismatch`: the platform's GET /auth says the new key is of another account or kind than
 *   the key it replaces; the new key was revoked and nothing was written.
 * - `leaked-key-left`: an emergency rotation (`leakedKey`) revoked the leaked key, but some targets
 *   could not be given the new key and are left without a working key (report.leak.unwritten); or
 *   the leaked key could not be revoked (report.leak.revoked is false: revoke it in the console).
 * - `lease-held`: another run of the secret held its lease (README, "Concurrent rotations") for as
 *   long as this run waits; nothing was changed.
 * - `stood-down`: the run waited for another run of the secret, which rotated it meanwhile and revoked
 *   the key this run started with; nothing was changed and nothing is left to do (a success for a
 *   scheduled job: the Action and the CLI end well).
 * - `concurrent-rotation`: a newer rotation of the secret ran during this one; this run backed off or stopped.
 * - `target-failed`: writing a target failed; the report says which targets may hold the new key.
 * - `revoke-failed`: every target holds the new key, but listing or revoking the old keys failed.
 * - `aborted`: the caller's AbortSignal fired before the run ended (whatever failed after it); the
 *   summary says where it stopped, the report which targets may hold the new key.
 * - `stuck`: the family is stuck (its record's mark: README, "A stuck family"): only a person can
 *   help, so the run made no key; `actions` holds `{ do: 'acknowledge' }`, the report's notice `stuck` says why.
 */
export type RotationErrorCode =
  | 'invalid-options'
  | 'current-key-rejected'
  | 'platform-failed'
  | 'target-unreachable'
  | 'github-app-failed'
  | 'record-failed'
  | 'create-lost'
  | 'hook-failed'
  | 'verify-failed'
  | 'auth-mismatch'
  | 'leaked-key-left'
  | 'lease-held'
  | 'stood-down'
  | 'concurrent-rotation'
  | 'target-failed'
  | 'revoke-failed'
  | 'aborted'
  | 'stuck';

/** The parts of a RotationError a step decides; the report is added by the context. */
export interface RotationFailure {
  code: RotationErrorCode;
  step: RotationStep;
  /** What happened, without the advice. */
  summary: string;
  /** What to do about it. */
  advice: string;
  /** What to do about it as data, where a program can act (the advice's words are for people). */
  actions?: NoticeAction[];
  cause?: unknown;
}

/** Thrown by rotateKey when a run fails: `code` says why, `report` what was done before. */
export class RotationError extends KeyturnError {
  override name = 'RotationError';
  /** Why the run failed, for a program (see RotationErrorCode). */
  readonly code: RotationErrorCode;
  /** The step that failed. */
  readonly step: RotationStep;
  /** What happened, without the advice. */
  readonly summary: string;
  /** What to do about it. */
  readonly advice: string;
  /** What to do about it as data (the notices' vocabulary), where a program can act; often none. */
  readonly actions: NoticeAction[];
  /** What the run did before it failed: which targets hold (or may hold) the new key, what was revoked. */
  readonly report: PartialRotationReport;

  constructor(init: RotationFailure & { report: PartialRotationReport }) {
    super(`${sentence(init.summary)} ${sentence(init.advice)}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.step = init.step;
    this.summary = init.summary;
    this.advice = init.advice;
    this.actions = init.actions ?? [];
    this.report = init.report;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      step: this.step,
      message: this.message,
      advice: this.advice,
      actions: this.actions,
      report: this.report,
    };
  }
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The code of a failure of the current key's platform request: refused (401), or anything else (the managing key's too). */
export function platformFailureCode(error: unknown): RotationErrorCode {
  return rotatedKeyRefused(error) ? 'current-key-rejected' : 'platform-failed';
}
