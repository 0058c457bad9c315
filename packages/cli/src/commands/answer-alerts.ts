// `keyturn answer-alerts`'s declaration: the rotate-key Action's alert mode (alert-secret-type) as a
// command of its own, since it is a job of its own (a schedule, no leaked key named by hand, its own
// result). It takes rotate's options, minus --leaked-key-* and --dry-run. The run is run/answer-alerts.ts.

import type { Command } from 'commander';
import { ANSWER_ALERTS_SETTINGS, ROTATE_CREDENTIALS } from '../command-settings.js';
import { addCredentialFlags } from '../credentials.js';
import { defineCommand, loadConfigReader } from '../define-command.js';

/** What the command does, in the program's help. */
export const ANSWER_ALERTS_SUMMARY =
  "Answer GitHub's secret-scanning alerts for this family's keys: each leaked key is rotated out of every target and revoked, " +
  "then its alert resolved as revoked. Another family's key or an unknown key is reported and left open.";

const EXAMPLE =
  `export NEON_API_KEY=... GITHUB_TOKEN=...   # the family's key; a token that can read and resolve the alerts and write the ` +
  `secrets
keyturn answer-alerts --alert-secret-type acme_neon_api_key --alert-scope org:acme --target repo:acme/web --record-repo ` +
  `acme/ops`;

export function answerAlertsCommand(loadRun = () => import('../run/answer-alerts.js')): Command {
  const command = defineCommand('answer-alerts', ANSWER_ALERTS_SUMMARY, EXAMPLE, ANSWER_ALERTS_SETTINGS);
  addCredentialFlags(command, ROTATE_CREDENTIALS);
  return command.action(async (_flags, cmd: Command) => (await loadRun()).runAnswerAlerts(cmd, loadConfigReader));
}
