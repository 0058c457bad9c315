// `keyturn wait`'s declaration; the run is run/wait.ts.

import type { Command } from 'commander';
import { addCredentialFlags } from '../credentials.js';
import { defineCommand, loadConfigReader } from '../define-command.js';
import { WAIT_SETTINGS } from '../command-settings.js';

/** What the command does, in the program's help. */
export const WAIT_SUMMARY =
  "Wait for a project's operations to finish: those named with --operation-id, or every operation pending now. Exit 0 when all " +
  'finished, 3 when one failed, 4 on timeout.';

const EXAMPLE = `export NEON_API_KEY=...
keyturn wait --project-id purple-shape-411361 --timeout 10m          # every pending operation
keyturn wait --project-id purple-shape-411361 --operation-id 0b1c... --output json`;

export function waitCommand(loadRun = () => import('../run/wait.js')): Command {
  const command = defineCommand('wait', WAIT_SUMMARY, EXAMPLE, WAIT_SETTINGS);
  addCredentialFlags(command, ['api-key']);
  return command.action(async (_flags, cmd: Command) => (await loadRun()).runWait(cmd, loadConfigReader));
}
