// `keyturn status`'s declaration; the run is run/status.ts.

import type { Command } from 'commander';
import { addCredentialFlags } from '../credentials.js';
import { defineCommand, loadConfigReader } from '../define-command.js';
import { STATUS_SETTINGS } from '../command-settings.js';

/** What the command does, in the program's help. */
export const STATUS_SUMMARY =
  "Show what the target record says: for each key family (or --family), its targets and the key ids each may hold, the keys' " +
  'fingerprints, ages and the last rotation. Read-only.';

const EXAMPLE = `export GITHUB_TOKEN=... NEON_API_KEY=...   # NEON_API_KEY is optional: it adds each key's age
keyturn status --record-repo acme/ops --family keyturn-repo-acme-web-neon-api-key-1a2b3c`;

export function statusCommand(loadRun = () => import('../run/status.js')): Command {
  const command = defineCommand('status', STATUS_SUMMARY, EXAMPLE, STATUS_SETTINGS);
  addCredentialFlags(command, ['github-token', 'gitlab-token', 'api-key']);
  return command.action(async (_flags, cmd: Command) => (await loadRun()).runStatus(cmd, loadConfigReader));
}
