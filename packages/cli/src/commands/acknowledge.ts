// `keyturn acknowledge`'s declaration; the run is run/acknowledge.ts.

import type { Command } from 'commander';
import { addCredentialFlags } from '../credentials.js';
import { defineCommand, loadConfigReader } from '../define-command.js';
import { ACKNOWLEDGE_SETTINGS, ROTATE_CREDENTIALS } from '../command-settings.js';

/** What the command does, in the program's help. */
export const ACKNOWLEDGE_SUMMARY =
  'Clear the stuck mark of the family the targets belong to, once you fixed what got it stuck (its issue says what): no key is ' +
  'made; the next rotate rotates, and closes the issue.';

const EXAMPLE = `export NEON_API_KEY=... GITHUB_TOKEN=...
keyturn acknowledge --target repo:acme/web --target env:acme/web:production --record-repo acme/ops`;

export function acknowledgeCommand(loadRun = () => import('../run/acknowledge.js')): Command {
  const command = defineCommand('acknowledge', ACKNOWLEDGE_SUMMARY, EXAMPLE, ACKNOWLEDGE_SETTINGS);
  addCredentialFlags(command, ROTATE_CREDENTIALS);
  return command.action(async (_flags, cmd: Command) => (await loadRun()).runAcknowledge(cmd, loadConfigReader));
}
