// `keyturn fingerprint`'s declaration; the run is run/fingerprint.ts.

import type { Command } from 'commander';
import { defineCommand, loadConfigReader } from '../define-command.js';

/** What the command does, in the program's help. */
export const FINGERPRINT_SUMMARY =
  'Print the fingerprint of a key value read from standard input (never from an argument or the environment), as target records ' +
  'keep it: names a leaked key without pasting it anywhere. `keyturn status` shows which targets may hold the key of that ' +
  'fingerprint.';

const EXAMPLE = `pbpaste | keyturn fingerprint            # the value from the clipboard
keyturn fingerprint < leaked-key.txt
keyturn fingerprint                      # on a terminal: paste it (not shown), then Enter`;

export function fingerprintCommand(loadRun = () => import('../run/fingerprint.js')): Command {
  return defineCommand('fingerprint', FINGERPRINT_SUMMARY, EXAMPLE, []).action(async (_flags, cmd: Command) =>
    (await loadRun()).runFingerprint(cmd, loadConfigReader),
  );
}
