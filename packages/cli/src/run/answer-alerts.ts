// `keyturn answer-alerts`'s run: @keyturn/rotation's answerLeakAlerts with rotate's options. Each
// alert's value is added to the values no output may hold the moment it is read. The result
// (alerts by repository and number, key ids and fingerprints, never a value) on stdout.

import { OptionError } from '@keyturn/api';
import { countNoun } from '@keyturn/api/toolkit';
import { answerLeakAlerts, LeakAlertsError, type LeakAlertsReport } from '@keyturn/rotation';
import type { Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import { ANSWER_ALERTS_SETTINGS } from '../command-settings.js';
import { commandContext } from '../command-context.js';
import type { ConfigReaderLoader } from '../define-command.js';
import { EXIT } from '../exit-codes.js';
import { renderTable, writeResult } from '../output.js';
import { inCliWords, readRotateSetup, wordOfOption } from '../rotate-options.js';
import { optionMistakeAt } from '../setting-reader.js';
import { rotationLog } from '../rotation-log.js';
import { flagOf } from '../settings.js';

export async function runAnswerAlerts(
  cmd: Command,
  loadConfigReader: ConfigReaderLoader,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const ctx = await commandContext(cmd, ANSWER_ALERTS_SETTINGS, loadConfigReader);
  const mistakes: string[] = [];
  const secretType = ctx.settings.get('alert-secret-type');
  if (!secretType)
    mistakes.push(
      `${flagOf('alert-secret-type')} is required: the secret type of your custom pattern for platform keys (repository or ` +
        `organization settings > Code security > Secret scanning > Custom patterns)`,
    );
  const scope = ctx.settings.get('alert-scope')?.text;
  if (!scope && !env.GITHUB_REPOSITORY)
    mistakes.push(`no ${flagOf('alert-scope')}: pass repo:OWNER/REPO or org:ORG, whose alerts to answer`);
  let setup: ReturnType<typeof readRotateSetup> | undefined;
  try {
    setup = readRotateSetup(ctx.settings, ctx.flags, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // Without a record there is no lease either: the record's own mistake below says it for both.
    mistakes.push(...error.mistakes.filter((m) => !m.startsWith(`${flagOf('record-repo')}: no record store`)));
  }
  // The record is how a leaked value is matched to its key: without one nothing can be answered.
  const recordGiven = setup
    ? Boolean(setup.options.record)
    : Boolean(
        ctx.settings.get('record-repo') ||
          ctx.settings.get('record-gitlab-project') ||
          env.GITHUB_REPOSITORY ||
          (env.GITLAB_CI === 'true' && env.CI_PROJECT_ID),
      );
  if (!recordGiven) {
    mistakes.push(
      `no target record: pass ${flagOf('record-repo')} or ${flagOf('record-gitlab-project')} (the record the family's rotations ` +
        `keep), or run in the GitHub Actions or GitLab CI job that rotates it`,
    );
  }
  if (mistakes.length || !setup) throw new UsageError(mistakes);
  for (const value of setup.credentials) ctx.secrets.add(value);

  let report: LeakAlertsReport;
  let failure: LeakAlertsError | undefined;
  try {
    report = await answerLeakAlerts({
      rotation: {
        ...setup.options,
        defaultRepository: env.GITHUB_REPOSITORY || undefined,
        onKeyCreated: (value) => ctx.secrets.add(value),
        log: rotationLog(ctx.progress),
      },
      secretType: secretType!.text,
      scope,
      // Known before anything else sees it: no line written after can hold it.
      onAlertValue: (value) => ctx.secrets.add(value),
      log: (entry) =>
        entry.level === 'warning'
          ? ctx.progress.line(inCliWords(entry.message), 'warning')
          : ctx.progress.update(inCliWords(entry.message)),
    });
  } catch (error) {
    // The library checks --alert-scope and --alert-secret-type (`alerts.scope`): said as the flag.
    if (error instanceof OptionError)
      throw new UsageError([inCliWords(optionMistakeAt(wordOfOption(error.option) ?? error.option, error))]);
    if (!(error instanceof LeakAlertsError)) throw error;
    failure = error;
    report = error.report;
  }
  ctx.progress.done(failure ? `Alerts: ${inCliWords(failure.summary)}.` : doneLine(report), !failure);
  writeResult(ctx.format, ctx.secrets, alertsJson(report, failure), () => alertsTable(report));
  if (failure) throw new CliError(inCliWords(failure.message), EXIT.alertsOpen);
}

function doneLine(report: LeakAlertsReport): string {
  const resolved = report.answered.filter((a) => a.resolved).length;
  const left = report.otherFamily.length + report.unmanaged.length;
  return (
    `Alerts: ${countNoun(report.openAlerts, 'open alert')} read, ${countNoun(resolved, 'alert')} ` +
    `resolved, ${countNoun(report.rotations.length, 'emergency rotation')}; ${countNoun(left, 'alert')} left open for another ` +
    `family or for you.`
  );
}

const ref = (alert: { repository: string; number: number }) => `${alert.repository}#${alert.number}`;

/** The JSON result (schema: `answer-alerts` in schema/output.schema.json). */
function alertsJson(report: LeakAlertsReport, failure: LeakAlertsError | undefined): object {
  return {
    command: 'answer-alerts',
    ok: !failure,
    scope: report.scope,
    secretType: report.secretType,
    openAlerts: report.openAlerts,
    withoutValue: report.withoutValue,
    family: report.family ?? null,
    answered: report.answered.map((a) => ({
      alert: ref(a),
      keyId: a.keyId,
      fingerprint: a.fingerprint,
      rotated: a.rotated,
      keyRevoked: a.keyRevoked,
      resolved: a.resolved,
      msToRevocation: a.msToRevocation ?? null,
    })),
    otherFamily: report.otherFamily.map((a) => ({ alert: ref(a), keyId: a.keyId, family: a.family, secretName: a.secretName })),
    unmanaged: report.unmanaged.map(ref),
    rotations: report.rotations.map((r) => ({
      family: r.family,
      keyId: r.keyId ?? null,
      keyName: r.keyName ?? null,
      targets: r.targets,
      revokedKeyIds: r.revokedKeyIds,
    })),
    notices: report.notices,
    warnings: report.warnings.map(inCliWords),
    durationMs: Math.round(report.durationMs),
    error: failure ? { summary: inCliWords(failure.summary), advice: inCliWords(failure.advice) } : null,
  };
}

function alertsTable(report: LeakAlertsReport): string {
  const rows: Array<[string, string]> = [];
  for (const a of report.answered) {
    const answer = a.resolved
      ? 'resolved as revoked'
      : a.keyRevoked
        ? 'not resolved (resolved on GitHub already)'
        : 'KEY STILL VALID: left open';
    rows.push([ref(a), `key ${a.keyId}: ${a.rotated ? 'rotated out' : 'already revoked'}; ${answer}`]);
  }
  for (const a of report.otherFamily)
    rows.push([ref(a), `key ${a.keyId}: family ${a.family} (secret ${a.secretName}), left open for its own job`]);
  for (const a of report.unmanaged)
    rows.push([ref(a), 'not a key keyturn manages: revoke it in the platform console, then resolve the alert; left open']);
  if (rows.length === 0) rows.push(['none', `no open alert of ${report.secretType} in ${report.scope}`]);
  return renderTable(['alert', 'answer'], rows);
}
