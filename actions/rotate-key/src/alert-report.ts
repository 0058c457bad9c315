// What answering the secret-scanning alerts ends with: the outputs (the existing ones from the
// emergency rotation, when one ran; `resolved-alerts` and `unmanaged-alerts`), and the job summary:
// each alert, what was done, and how long the leaked key lived after the run started.

import type { LeakAlertsError, LeakAlertsReport, PartialRotationReport } from '@keyturn/rotation';
import { formatDuration, type JobSummary } from '@keyturn/action-common';
import { countNoun } from '@keyturn/api/toolkit';
import { inInputWords } from './inputs.js';
import { noticeNote, rotationOutputs } from './report.js';

const ref = (alert: { repository: string; number: number }) => `${alert.repository}#${alert.number}`;

export function alertOutputs(report: LeakAlertsReport): Record<string, string> {
  const last: PartialRotationReport | undefined = report.rotations.at(-1);
  const base = last ? rotationOutputs(last) : { 'key-id': '', 'key-name': '', 'revoked-key-ids': '[]', targets: '[]', rotated: 'false' };
  return {
    ...base,
    // Every key the run's rotations revoked, not only the last one's.
    'revoked-key-ids': JSON.stringify(report.rotations.flatMap((r) => r.revokedKeyIds)),
    'resolved-alerts': JSON.stringify(report.answered.filter((a) => a.resolved).map(ref)),
    'unmanaged-alerts': JSON.stringify(report.unmanaged.map(ref)),
  };
}

export function alertSummary(report: LeakAlertsReport, error?: LeakAlertsError): JobSummary {
  const title = error
    ? `Leaked keys (${report.secretType}): some alerts of this family are still open`
    : report.openAlerts === 0
      ? `Leaked keys (${report.secretType}): no open alert`
      : `Leaked keys (${report.secretType}): answered`;
  const rows: string[][] = [];
  for (const alert of report.answered) {
    const died = alert.msToRevocation === undefined ? '' : `, revoked ${formatDuration(alert.msToRevocation)} after this run started`;
    const what = alert.rotated ? `rotated out of every target${died}` : 'already revoked';
    const answer = alert.resolved
      ? 'alert resolved as revoked'
      : alert.keyRevoked
        ? 'alert not resolved (already resolved on GitHub)'
        : 'KEY STILL VALID: alert left open';
    rows.push([ref(alert), `key ${alert.keyId}`, `${what}; ${answer}`]);
  }
  for (const alert of report.otherFamily) {
    rows.push([ref(alert), `key ${alert.keyId}`, `family ${alert.family} (secret ${alert.secretName}): left open for its own workflow`]);
  }
  for (const alert of report.unmanaged) {
    rows.push([ref(alert), 'unknown', 'not a key keyturn manages: revoke it in the platform console, then resolve the alert; left open']);
  }
  const notes = [
    `Scope: ${report.scope}; ${countNoun(report.openAlerts, 'open alert')} read; run took ${formatDuration(report.durationMs)}.`,
  ];
  notes.push(...report.notices.map(noticeNote));
  if (error) notes.push(`Error: ${inInputWords(error.summary)}`, `What to do: ${inInputWords(error.advice)}`);
  return { title, headers: ['Alert', 'Key', 'Result'], rows, notes };
}
