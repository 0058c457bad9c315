// `keyturn rotate`'s run: @keyturn/rotation's rotateKey with every option the rotate-key Action has. The
// result (the report, never a key value) on stdout; each step's progress and warnings on stderr.

import { countNoun } from '@keyturn/api/toolkit';
import { type PartialRotationReport, RotationError, type RotationReport, rotateKey } from '@keyturn/rotation';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { commandContext } from '../command-context.js';
import type { ConfigReaderLoader } from '../define-command.js';
import { ROTATE_SETTINGS } from '../command-settings.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { renderTable, writeResult } from '../output.js';
import { inCliWords, pastedLeakedKey, readRotateSetup } from '../rotate-options.js';
import { interruptSignal } from '../interrupt.js';
import { rotationLog } from '../rotation-log.js';

export async function runRotate(cmd: Command, loadConfigReader: ConfigReaderLoader): Promise<void> {
  const ctx = await commandContext(cmd, ROTATE_SETTINGS, loadConfigReader);
  const pasted = pastedLeakedKey(ctx.settings);
  if (pasted) ctx.secrets.add(pasted);
  const setup = readRotateSetup(ctx.settings, ctx.flags);
  for (const value of setup.credentials) ctx.secrets.add(value);
  for (const note of setup.notes) ctx.progress.line(note, 'warning');
  const interrupt = interruptSignal();
  let report: PartialRotationReport;
  let failure: RotationError | undefined;
  try {
    report = await rotateKey({
      ...setup.options,
      signal: interrupt.signal,
      // Known from the moment it exists: no line written after can hold it.
      onKeyCreated: (value) => ctx.secrets.add(value),
      log: rotationLog(ctx.progress),
    });
  } catch (error) {
    if (!(error instanceof RotationError)) throw error;
    failure = error;
    report = error.report;
  } finally {
    interrupt.dispose();
  }
  // Another run of the secret did the job meanwhile: a success, said as such.
  const stoodDown = failure?.code === 'stood-down';
  ctx.progress.done(
    stoodDown
      ? `Stood down: ${inCliWords(failure!.message)}`
      : failure
        ? `Rotation failed (${failure.code}) at ${failure.step}.`
        : doneLine(report as RotationReport),
    !failure || stoodDown,
  );
  writeResult(ctx.format, ctx.secrets, rotateJson(report, failure), () => rotateTable(report, failure));
  if (failure && !stoodDown) throw new CliError(inCliWords(failure.message), exitCodeOf(failure));
}

function doneLine(report: RotationReport): string {
  if (report.idle) {
    return (
      `Not due: key ${report.idle.keyId} is younger than --rotate-every ${report.idle.rotateEvery} (next rotation ` +
      `due ${report.idle.rotateAt}); nothing rotated; revoked ${countNoun(report.revokedKeyIds.length, 'key')} past its deadline.`
    );
  }
  if (report.dryRun) {
    const targets = countNoun(report.plan.targets.length, 'target');
    return `Dry run: would create ${report.plan.keyName} and write ${targets}; nothing was changed.`;
  }
  return (
    `Rotated: key ${report.keyId} (${report.keyName}) is in ${countNoun(report.targets.length, 'target')}; ` +
    `revoked ${countNoun(report.revokedKeyIds.length, 'key')}.`
  );
}

/** The JSON result (schema: `rotate` in schema/output.schema.json). */
function rotateJson(report: PartialRotationReport, failure: RotationError | undefined): object {
  return {
    command: 'rotate',
    ok: !failure || failure.code === 'stood-down',
    dryRun: report.dryRun,
    family: report.family,
    secretName: report.secretName,
    keyId: report.keyId ?? null,
    keyName: report.keyName ?? report.plan?.keyName ?? null,
    targets: report.targets,
    revokedKeyIds: report.revokedKeyIds,
    plan: report.plan ?? null,
    rotated: !failure && !report.dryRun && report.keyId !== undefined,
    notDue: report.idle ?? null,
    revocationsDue: report.revocationsDue ?? [],
    droppedTargets: report.droppedTargets ?? [],
    restoredTargets: report.restoredTargets ?? [],
    leak: report.leak ?? null,
    notices: report.notices,
    warnings: report.warnings.map(inCliWords),
    durationMs: Math.round(report.durationMs),
    error: failure
      ? {
          code: failure.code,
          step: failure.step,
          summary: inCliWords(failure.summary),
          advice: inCliWords(failure.advice),
          actions: failure.actions,
        }
      : null,
  };
}

function rotateTable(report: PartialRotationReport, failure: RotationError | undefined): string {
  const rows: Array<[string, string]> = [
    ['family', report.family],
    ['secret', report.secretName],
    [
      'new key',
      report.keyId !== undefined
        ? `${report.keyId} (${report.keyName})`
        : report.plan
          ? `${report.plan.keyName} (dry run: not created)`
          : 'none',
    ],
    ['targets', (report.dryRun ? (report.plan?.targets ?? []) : report.targets).join(', ') || 'none'],
    ['revoked', (report.dryRun ? (report.plan?.revokeKeyIds ?? []) : report.revokedKeyIds).join(', ') || 'none'],
  ];
  if (report.idle)
    rows.push(['not due', `key ${report.idle.keyId} made ${report.idle.createdAt}; next rotation due ${report.idle.rotateAt}`]);
  if (report.revocationsDue?.length)
    rows.push(['revocations due', report.revocationsDue.map((d) => `${d.keyId} at ${d.dueAt}`).join(', ')]);
  if (report.droppedTargets?.length) rows.push(['dropped', report.droppedTargets.join(', ')]);
  if (report.notices.length) rows.push(['notices', report.notices.map((n) => n.code).join(', ')]);
  if (failure) rows.push(['failed', `${failure.code} at ${failure.step}`]);
  return renderTable(['', report.dryRun ? 'dry run' : 'rotation'], rows);
}

/** The exit code of a failed rotation (README, "Exit codes"). */
function exitCodeOf(failure: RotationError): ExitCode {
  if (failure.code === 'aborted') return EXIT.interrupted;
  if (failure.code === 'invalid-options') return EXIT.usage;
  if (failure.code === 'lease-held') return EXIT.leaseHeld;
  if (failure.code === 'stuck') return EXIT.stuck;
  return EXIT.failed;
}
