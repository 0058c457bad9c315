// Answering GitHub's secret-scanning alerts for leaked platform keys (README, "When a key leaks"):
// read the open alerts of the custom pattern's secret type, mask each value the moment it is read,
// match its fingerprint to the target records, and for a key of this family run the emergency
// rotation (rotateKey with `leakedKey`), then resolve the alert as revoked once the platform itself
// refuses the key. Another family's key is left to that family's workflow; a key no record knows is
// reported, never resolved. A run with nothing open reads one page of alerts and stops.

import { OptionError } from '@keyturn/api';
import { countNoun, systemRuntime } from '@keyturn/api/toolkit';
import { checkOptions } from '../check-options.js';
import { gitHubClients, recordStore } from '../connect.js';
import { RotationError } from '../errors.js';
import type { GitHubNeed } from '../github-app/needs.js';
import type { RotateKeyOptions } from '../options.js';
import type { Notice, NoticeAlert } from '../notices/notice.js';
import { renderNotice } from '../notices/render.js';
import { keyFingerprint } from '../record/fingerprint.js';
import type { TargetRecord } from '../record/target-record.js';
import { rotateKeyWith } from '../rotate-key.js';
import { createGitLabClient } from '../targets/gitlab/gitlab-client.js';
import { type AlertScope, describeAlertScope, parseAlertScope } from './alert-scope.js';
import { ALERT_PERMISSIONS, alertFailureAdvice } from './alert-permissions.js';
import { listOpenAlerts, type ReadAlert, resolveAlertRevoked } from './alerts-api.js';
import { keyIsRevoked } from './key-liveness.js';
import { currentKeyClient } from './platform-access.js';
import { type AlertRef, LeakAlertsError, type LeakAlertsReport } from './report.js';
import { probe as codeProbe } from '../internal/probes.js';

/** The options of `answerLeakAlerts`: the family's rotation, and which alerts to answer. */
export interface AnswerLeakAlertsOptions {
  /**
   * The family's rotation, as its scheduled workflow runs it (same platform key, targets, secret
   * name, record and GitHub access). The record is required: it is how a leaked value is matched.
   */
  rotation: RotateKeyOptions;
  /** The custom pattern's secret type (GitHub: `secret_type`), as the alerts carry it. */
  secretType: string;
  /** `repo:OWNER/REPO` or `org:ORG`; default: `rotation.defaultRepository`. */
  scope?: string;
  /** Linked from each resolved alert's comment (the workflow run's page). */
  runUrl?: string;
  /** Called with each alert's value the moment it is read, before anything else sees it (the Action masks it). */
  onAlertValue?: (value: string) => void | Promise<void>;
  /** Progress lines of the alerts' side (the rotations log through `rotation.log`). Never a value. */
  log?: (entry: { level: 'info' | 'warning'; message: string }) => void;
}

/** One leaked key of this family, and the alerts that found it. */
interface OwnLeak {
  keyId: number;
  fingerprint: string;
  value: string;
  alerts: ReadAlert[];
}

/**
 * Answers the open secret-scanning alerts of `secretType` in `scope`: this family's leaked keys are
 * rotated out and revoked, then their alerts resolved as revoked; the others are reported and left
 * open. Throws a LeakAlertsError (with the report) when an alert of this family stays open.
 */
export async function answerLeakAlerts(options: AnswerLeakAlertsOptions): Promise<LeakAlertsReport> {
  const runtime = options.rotation?.runtime ?? systemRuntime;
  const started = runtime.now();
  const why = 'a leaked value is matched to its key by the fingerprints the record keeps';
  const noRecord = new OptionError('record', `answering alerts needs the target record (record): ${why}`);
  if (options.rotation && !options.rotation.record) throw noRecord;
  const { checked, problems } = checkOptions(options.rotation);
  if (!checked) throw problems[0];
  if (typeof options.secretType !== 'string' || !/^\S{1,255}$/.test(options.secretType)) {
    throw new OptionError(
      'alerts.secretType',
      "alerts.secretType must be the custom pattern's secret type, as GitHub names it (no spaces)",
    );
  }
  const scope = parseAlertScope(options.scope, options.rotation.defaultRepository);
  if (!checked.github) throw new OptionError('github', `answering alerts needs GitHub access (github): ${ALERT_PERMISSIONS}`);
  if (!checked.record) throw noRecord;

  const log = (level: 'info' | 'warning', message: string) => {
    try {
      options.log?.({ level, message });
    } catch {
      // An observer's failure never changes the run.
    }
  };
  const report: LeakAlertsReport = {
    scope: describeAlertScope(scope),
    secretType: options.secretType,
    openAlerts: 0,
    withoutValue: 0,
    answered: [],
    otherFamily: [],
    unmanaged: [],
    rotations: [],
    failedRotations: [],
    notices: [],
    warnings: [],
    durationMs: 0,
  };
  const notice = (told: Notice) => {
    const message = renderNotice(told);
    report.notices.push(told);
    report.warnings.push(message);
    log('warning', message);
  };
  const finish = () => {
    report.durationMs = runtime.now() - started;
    return report;
  };

  const github = gitHubClients(checked.github, checked, (line) => log('info', line));
  const alertsClient = github.clientFor(alertNeed(scope));
  // The record is GitHub's here (alert mode runs in a GitHub workflow); a GitLab record needs its own client.
  const gitlab = checked.gitlab && createGitLabClient(checked.gitlab, { runtime, log: (line) => log('info', line) });
  const records = recordStore(checked.record, github, gitlab)!;
  try {
    if (github.appTokens) await github.appTokens.mintAll((line) => log('info', line));
    const onValue = async (value: string) => {
      await options.onAlertValue?.(value);
    };
    const { alerts, withoutValue } = await listOpenAlerts(alertsClient, scope, options.secretType, onValue);
    report.openAlerts = alerts.length;
    report.withoutValue = withoutValue;
    if (withoutValue > 0) notice({ code: 'alerts-without-value', count: withoutValue, secretType: options.secretType, actions: [] });
    log('info', `Read ${countNoun(alerts.length, 'open alert')} of secret type ${options.secretType} in the ${report.scope}`);
    if (alerts.length === 0) return finish();

    const loaded = await records.load();
    const byFingerprint = groupByFingerprint(alerts);
    const knowing = (fingerprint: string) => loaded.records.filter((r) => Object.values(r.fingerprints).includes(fingerprint));
    const own: OwnLeak[] = [];
    if ([...byFingerprint.keys()].some((fp) => knowing(fp).length > 0)) {
      // The family this workflow rotates, as rotateKey chooses it: its preflight, changing nothing.
      // A target it cannot reach does not stop it: the emergency rotation goes on without such a target.
      report.family = (
        await rotateKeyWith({ ...options.rotation, dryRun: true, log: undefined, leakedKey: undefined }, { familyOnly: true })
      ).family;
    }
    for (const [fingerprint, found] of byFingerprint) {
      const record = knowing(fingerprint).find((r) => r.family === report.family) ?? knowing(fingerprint)[0];
      if (!record) {
        report.unmanaged.push(...found.map(refOf));
        notice({
          code: 'unmanaged-leaked-key',
          alerts: found.map(alertOf),
          fingerprint,
          recordStore: records.describe(),
          actions: [{ do: 'revoke-in-console', keyIds: [] }],
        });
        continue;
      }
      const keyId = keyIdOf(record, fingerprint);
      if (record.family !== report.family) {
        report.otherFamily.push(...found.map((a) => ({ ...refOf(a), keyId, family: record.family, secretName: record.secretName })));
        notice({
          code: 'other-family-alert',
          alerts: found.map(alertOf),
          keyIds: [keyId],
          family: record.family,
          secretName: record.secretName,
          actions: [],
        });
        continue;
      }
      own.push({ keyId, fingerprint, value: found[0]!.value, alerts: found });
    }

    const failures: string[] = [];
    const probe = currentKeyClient(checked);
    const live: OwnLeak[] = [];
    for (const leak of own) {
      if (!(await keyIsRevoked(probe, leak.value))) live.push(leak);
      else log('info', `Key ${leak.keyId} of family ${report.family} (${describe(leak.alerts)}) is already revoked on the platform`);
    }
    // One emergency rotation revokes every leaked key of the family: one new key, no key made in between.
    let msToRevocation: number | undefined;
    if (live.length) {
      const rotationStart = runtime.now() - started;
      for (const leak of live)
        log('info', `Key ${leak.keyId} of family ${report.family} leaked (${describe(leak.alerts)}): emergency rotation`);
      const ids = live.map((l) => l.keyId).join(', ');
      try {
        const done = await rotateKeyWith(
          { ...options.rotation, leakedKey: { fingerprint: live[0]!.fingerprint } },
          { alsoLeaked: live.slice(1).map((l) => ({ fingerprint: l.fingerprint })) },
        );
        report.rotations.push(done);
        if (done.leak?.msToRevocation !== undefined) msToRevocation = rotationStart + done.leak.msToRevocation;
      } catch (error) {
        if (!(error instanceof RotationError)) throw error;
        report.rotations.push(error.report);
        report.failedRotations.push({ code: error.code, step: error.step, keyIds: live.map((l) => l.keyId), actions: error.actions });
        if (error.report.leak?.msToRevocation !== undefined) msToRevocation = rotationStart + error.report.leak.msToRevocation;
        failures.push(`the emergency rotation of key${live.length > 1 ? 's' : ''} ${ids} failed: ${error.message}`);
      }
    }
    for (const leak of own) {
      const rotated = live.includes(leak);
      // Resolved only on the platform's own word that the key is dead.
      const keyRevoked = await keyIsRevoked(probe, leak.value);
      if (!keyRevoked)
        failures.push(`key ${leak.keyId} is still valid, so ${describe(leak.alerts)} stay${leak.alerts.length > 1 ? '' : 's'} open`);
      for (const alert of leak.alerts) {
        const resolved =
          keyRevoked &&
          (await resolveAlertRevoked(alertsClient, alert, resolutionComment(leak.keyId, report.family!, rotated, options.runUrl)));
        if (resolved) codeProbe('alert-resolved');
        if (resolved) log('info', `Resolved alert ${alert.repository}#${alert.number} as revoked`);
        report.answered.push({
          ...refOf(alert),
          keyId: leak.keyId,
          fingerprint: leak.fingerprint,
          rotated,
          keyRevoked,
          resolved,
          ...(rotated && msToRevocation !== undefined && { msToRevocation }),
        });
      }
    }
    if (failures.length) {
      throw new LeakAlertsError(
        `Answering the alerts of family ${report.family} left some open: ${failures.join('; ')}`,
        'Every target the rotation reached holds a working key (see the rotation above); fix what it names and run this ' +
          'workflow again: it finishes what remains, and resolves each alert once its key is revoked',
        finish(),
      );
    }
    return finish();
  } catch (error) {
    if (error instanceof LeakAlertsError || error instanceof OptionError) throw error;
    throw new LeakAlertsError(
      `Answering the secret-scanning alerts of the ${report.scope} failed: ${(error as Error)?.message ?? String(error)}`,
      alertFailureAdvice(error, report.scope),
      finish(),
      { cause: error },
    );
  } finally {
    if (github.appTokens) await github.appTokens.revokeAll();
  }
}

/** A GitHub App's need: the alerts of the repository, or of the organization's repositories. */
function alertNeed(scope: AlertScope): GitHubNeed {
  return scope.kind === 'org'
    ? { owner: scope.org, permission: 'secret_scanning_alerts', level: 'write', repositories: [], organization: true }
    : { owner: scope.owner, permission: 'secret_scanning_alerts', level: 'write', repositories: [scope.repo] };
}

function groupByFingerprint(alerts: readonly ReadAlert[]): Map<string, ReadAlert[]> {
  const groups = new Map<string, ReadAlert[]>();
  for (const alert of alerts) {
    const fingerprint = keyFingerprint(alert.value);
    groups.set(fingerprint, [...(groups.get(fingerprint) ?? []), alert]);
  }
  return groups;
}

function keyIdOf(record: TargetRecord, fingerprint: string): number {
  return Number(Object.entries(record.fingerprints).find(([, fp]) => fp === fingerprint)![0]);
}

function refOf(alert: ReadAlert): AlertRef {
  return { repository: alert.repository, number: alert.number, ...(alert.htmlUrl !== undefined && { url: alert.htmlUrl }) };
}

function alertOf(alert: ReadAlert): NoticeAlert {
  return { repository: alert.repository, number: alert.number };
}

function describe(alerts: readonly ReadAlert[]): string {
  return `alert${alerts.length > 1 ? 's' : ''} ${alerts.map((a) => `${a.repository}#${a.number}`).join(', ')}`;
}

function resolutionComment(keyId: number, family: string, rotated: boolean, runUrl: string | undefined): string {
  const what = rotated
    ? `keyturn rotated key ${keyId} of family ${family} out of every target and revoked it`
    : `key ${keyId} of family ${family} was already revoked on the platform; keyturn checked`;
  return runUrl ? `${what}: ${runUrl}` : what;
}
