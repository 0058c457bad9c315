// rotate-key: mask the secrets, read the inputs, run @keyturn/rotation's rotateKey with its log
// folded per step, set the outputs, summarise, and turn any error into the step's failure.

import * as core from '@actions/core';
import { OptionError } from '@keyturn/api';
import { optionMistake } from '@keyturn/api/values';
import {
  answerLeakAlerts,
  LeakAlertsError,
  type LeakAlertsReport,
  RotationError,
  type RotationLogEntry,
  type PartialRotationReport,
  type RotationReport,
  type RotationStep,
  rotateKey,
} from '@keyturn/rotation';
import {
  failureAnnotation,
  logGitHubRequest,
  logRequestEvent,
  maskSecretInputs,
  maskValue,
  publishResult,
  runnerProxyFetch,
  StepGroups,
} from '@keyturn/action-common';
import { inInputWords, inputOfOption, type RotateInputs, readRotateInputs, rotateKeyOptions, SECRET_INPUTS } from './inputs.js';
import { maskUnlessFingerprint } from './fingerprint-mask.js';
import { maskPrivateKey } from './private-key-mask.js';
import { alertOutputs, alertSummary } from './alert-report.js';
import { rotationOutputs, rotationSummary } from './report.js';
import { publishInventory } from './inventory.js';
import { countNoun } from '@keyturn/api/toolkit';

const STEP_TITLES: Record<RotationStep, string> = {
  preflight: 'Preflight: check the current key and every target',
  create: 'Create the new key',
  verify: 'Verify the new key',
  store: 'Store the new key in every target',
  revoke: 'Revoke old keys',
};

export async function run(): Promise<void> {
  const groups = new StepGroups(STEP_TITLES);
  try {
    maskSecretInputs(SECRET_INPUTS);
    maskPrivateKey(core.getInput('private-key'));
    maskUnlessFingerprint(core.getInput('leaked-key-fingerprint'));
    const inputs = readRotateInputs();
    if (inputs.alertSecretType !== undefined) return await answerAlerts(inputs, groups);
    groups.enter('preflight');
    const report = await rotate(inputs, (entry) => logEntry(groups, entry));
    groups.close();
    await finish(report);
    core.info(doneMessage(report));
    await publishInventory(inputs, await runnerProxyFetch({ origins: [inputs.githubApiUrl], log: () => {}, mask: maskValue }));
  } catch (error) {
    groups.close();
    if (error instanceof RotationError && error.code === 'stood-down') {
      // Another run of the secret did the job while this one waited: nothing to do, and no failure.
      core.notice(inInputWords(error.message));
      return;
    }
    if (error instanceof RotationError) {
      await finish(error.report, error);
      core.setFailed(inInputWords(error.message));
    } else {
      core.setFailed(inInputWords(failureAnnotation(error)));
    }
  }
}

async function rotate(inputs: RotateInputs, log: (entry: RotationLogEntry) => void): Promise<RotationReport> {
  return rotateKey(await rotationOf(inputs, log));
}

/** The rotation the inputs describe, through the runner's proxy, its values masked. */
async function rotationOf(inputs: RotateInputs, log: (entry: RotationLogEntry) => void) {
  // The origins the runner's proxy settings are logged for.
  const fetch = await runnerProxyFetch({ origins: [inputs.apiUrl, inputs.githubApiUrl], log: core.info, mask: maskValue });
  return {
    // A GitHub App's installation tokens are masked as they are minted, before any request uses them.
    ...rotateKeyOptions(inputs, { fetch, onPlatformRequest: logRequestEvent, onGitHubRequest: logGitHubRequest, onGitHubToken: maskValue }),
    log,
    // Masked the moment it exists, before any line could hold it.
    onKeyCreated: maskValue,
  };
}

/**
 * Alert mode (alert-secret-type): the open secret-scanning alerts of the custom pattern, each value
 * masked the moment it is read; this family's leaked keys rotated out, revoked and their alerts
 * resolved; the others reported and left open.
 */
async function answerAlerts(inputs: RotateInputs, groups: StepGroups<RotationStep>): Promise<void> {
  const { GITHUB_SERVER_URL: server = 'https://github.com', GITHUB_RUN_ID: runId } = process.env;
  const line = ({ level, message }: { level: 'info' | 'warning'; message: string }) => {
    groups.close();
    (level === 'warning' ? core.warning : core.info)(inInputWords(message));
  };
  try {
    const report = await answerLeakAlerts({
      rotation: { ...(await rotationOf(inputs, (entry) => logEntry(groups, entry))), defaultRepository: inputs.repository },
      secretType: inputs.alertSecretType as string,
      scope: inputs.alertScope,
      runUrl: inputs.repository && runId ? `${server}/${inputs.repository}/actions/runs/${runId}` : undefined,
      onAlertValue: maskValue,
      log: line,
    });
    groups.close();
    await publishResult(alertOutputs(report), alertSummary(report));
    core.info(alertsDoneMessage(report));
  } catch (error) {
    groups.close();
    // The library checks alert-scope and alert-secret-type (`alerts.scope`): said as the input.
    const input = error instanceof OptionError ? inputOfOption(error.option) : undefined;
    if (input !== undefined) {
      const given = { 'alert-scope': inputs.alertScope, 'alert-secret-type': inputs.alertSecretType }[input];
      throw optionMistake(input, error as OptionError, given ?? '');
    }
    if (!(error instanceof LeakAlertsError)) throw error;
    await publishResult(alertOutputs(error.report), alertSummary(error.report, error));
    core.setFailed(inInputWords(error.message));
  }
}

function alertsDoneMessage(report: LeakAlertsReport): string {
  const resolved = report.answered.filter((a) => a.resolved).length;
  const left = report.otherFamily.length + report.unmanaged.length;
  return (
    `Alerts: ${countNoun(report.openAlerts, 'open alert')} read, ${countNoun(resolved, 'alert')} ` +
    `resolved, ${countNoun(report.rotations.length, 'emergency rotation')}; ${countNoun(left, 'alert')} left open for another ` +
    `family or for you.`
  );
}

function logEntry(groups: StepGroups<RotationStep>, entry: RotationLogEntry): void {
  // The error comes back as the RotationError, whose message setFailed shows outside the groups.
  if (entry.level === 'error') return;
  groups.enter(entry.step);
  // The rotation names its options; the workflow's author reads the inputs they came from.
  const message = inInputWords(entry.message);
  if (entry.level === 'warning') core.warning(message);
  else core.info(message);
}

function finish(report: PartialRotationReport, error?: RotationError): Promise<void> {
  return publishResult(rotationOutputs(report), rotationSummary(report, error));
}

function doneMessage(report: RotationReport): string {
  if (report.idle) {
    return (
      `Not due: key ${report.idle.keyId} is younger than rotate-every ${report.idle.rotateEvery}; nothing rotated (next rotation ` +
      `due ${report.idle.rotateAt}); revoked ${countNoun(report.revokedKeyIds.length, 'key')} past its deadline.`
    );
  }
  if (report.dryRun) return `Dry run: would create ${report.plan?.keyName ?? 'a key'}; nothing was changed.`;
  return (
    `Rotated: key ${report.keyId} (${report.keyName}) is in ${countNoun(report.targets.length, 'target')}; ` +
    `revoked ${countNoun(report.revokedKeyIds.length, 'key')}.`
  );
}
