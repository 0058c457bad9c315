// What a rotation ends with, in the forms a workflow reads: the outputs (never the key), and the
// job summary table. Built from the rotation report, whole or partial (a RotationError's); the
// rotation's words name the Action's inputs (inInputWords).

import {
  type LeakReport,
  type Notice,
  type PartialRotationReport,
  type RotationError,
  renderNotice,
  STUCK_REASONS,
} from '@keyturn/rotation';
import { formatDuration, type JobSummary } from '@keyturn/action-common';
import { inInputWords } from './inputs.js';

export function rotationOutputs(report: PartialRotationReport): Record<string, string> {
  // A key the run revoked again (rollback, back-off) is no new key: it must not be used.
  const live = !report.newKeyRevoked;
  // The planned name only in a dry run: after a failure it names a key that does not exist.
  const keyName = report.dryRun ? report.plan?.keyName : report.keyName;
  return {
    'key-id': live && report.keyId !== undefined ? String(report.keyId) : '',
    'key-name': live ? (keyName ?? '') : '',
    'revoked-key-ids': JSON.stringify(report.revokedKeyIds),
    targets: JSON.stringify(report.targets),
    // Whether a new key is in every target: false for a run rotate-every made a no-op, a dry run, a failure.
    rotated: String(!report.dryRun && live && report.keyId !== undefined && report.targets.length > 0),
    ...(report.idle && { 'not-due-until': report.idle.rotateAt }),
    // Set once the run looked at the deadlines (revoke-after, or a record that holds one).
    ...(report.revocationsDue && { 'revocations-due': JSON.stringify(report.revocationsDue) }),
    // An emergency rotation's own word on the leak, once the run found the leaked key (unset otherwise).
    ...(report.leak && { 'leaked-key-revoked': String(report.leak.revoked) }),
    // A stuck family (found stuck, or got stuck by this run): why and since when, as data.
    ...stuckOutput(report),
  };
}

/** The `stuck` output: `{ family, reason, since }` of the family's stuck mark, when the run found or made one. */
function stuckOutput(report: PartialRotationReport): { stuck?: string } {
  for (const notice of report.notices) {
    if (notice.code === 'stuck') return { stuck: JSON.stringify({ family: notice.family, reason: notice.reason, since: notice.since }) };
    if ((STUCK_REASONS as readonly string[]).includes(notice.code) && 'family' in notice) {
      return { stuck: JSON.stringify({ family: notice.family, reason: notice.code, since: undefined }) };
    }
  }
  return {};
}

function list(values: readonly (string | number)[]): string {
  return values.length > 0 ? values.join(', ') : 'none';
}

export function rotationSummary(report: PartialRotationReport, error?: RotationError): JobSummary {
  const title = error
    ? `Key rotation of ${report.secretName} failed at the ${error.step} step`
    : report.idle
      ? `Key rotation of ${report.secretName}: not due, nothing rotated`
      : report.dryRun
        ? `Key rotation of ${report.secretName}: dry run, nothing changed`
        : `Key rotation of ${report.secretName}: done`;
  const rows: string[][] = report.idle
    ? [
        ['Key every target holds', `${report.idle.keyId} (${report.idle.keyName}), made ${report.idle.createdAt}`],
        ['Next rotation due', `${report.idle.rotateAt} (rotate-every: ${report.idle.rotateEvery})`],
        ['Keys revoked (deadline passed)', list(report.revokedKeyIds)],
      ]
    : report.dryRun
      ? [
          ['Key to create', report.plan?.keyName ?? ''],
          ['Targets to write', list(report.plan?.targets ?? [])],
          ['Keys to revoke', list(report.plan?.revokeKeyIds ?? [])],
        ]
      : [
          ['New key id', report.keyId === undefined ? '' : `${report.keyId}${report.newKeyRevoked ? ' (revoked again)' : ''}`],
          ['New key name', report.keyName ?? ''],
          ['Targets written', list(report.targets)],
          ['Keys revoked', list(report.revokedKeyIds)],
        ];
  if (report.leak) rows.push(...leakRows(report.leak));
  if (report.revocationsDue?.length)
    rows.push(['Superseded keys valid until (revoke-after)', report.revocationsDue.map((d) => `${d.keyId} until ${d.dueAt}`).join(', ')]);
  rows.push(['Key family', report.family], ['Duration', formatDuration(report.durationMs)]);
  if (report.restoredTargets?.length) rows.push(['Targets given the previous key back', list(report.restoredTargets)]);
  if (report.droppedTargets?.length) rows.push(['Dropped targets (their keys stay valid)', list(report.droppedTargets)]);
  const notes = report.notices.map(noticeNote);
  if (error) notes.push(`Error: ${inInputWords(error.summary)}`, `What to do: ${inInputWords(error.advice)}`);
  return { title, headers: ['', report.dryRun ? 'Plan' : 'Result'], rows, notes };
}

/** A notice, worded by the library's renderer in the Action's inputs' names. */
export function noticeNote(notice: Notice): string {
  return `Warning: ${inInputWords(renderNotice(notice))}`;
}

/** An emergency rotation: the leaked key, who held it, when it died, and who was left without a key. */
function leakRows(leak: LeakReport): string[][] {
  const revoked = leak.revoked
    ? `yes${leak.msToRevocation === undefined ? ' (already revoked)' : `, ${formatDuration(leak.msToRevocation)} after the run started`}`
    : 'NO: revoke it in the platform console now';
  const rows = [
    ['Leaked key', String(leak.keyId)],
    ['Leaked key revoked', revoked],
    ['Targets that held the leaked key', list(leak.heldBy)],
  ];
  if (leak.unwritten.length) rows.push(['Targets left without a working key', list(leak.unwritten)]);
  return rows;
}
