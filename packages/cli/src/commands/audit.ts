// `keyturn audit`'s declaration; the run is run/audit.ts.

import type { Command } from 'commander';
import { addCredentialFlags } from '../credentials.js';
import { defineCommand, loadConfigReader } from '../define-command.js';
import { AUDIT_SETTINGS } from '../command-settings.js';

/** What the command does, in the program's help. */
export const AUDIT_SUMMARY =
  "List the account's keys (or an organization's, with --org-id) by family and kind, with age and last use, and flag keys no " +
  'target record knows, recorded keys no recorded target holds, and keys older than --max-age; with --org or --gitlab-group, ' +
  'list every copy of the secret there instead, and flag copies no record names or edited since. Read-only; exit 5 when ' +
  'something is flagged.';

const EXAMPLE = `export NEON_API_KEY=... GITHUB_TOKEN=...
keyturn audit --record-repo acme/ops --max-age 90 --output json   # exit 5 when a key is flagged
keyturn audit --record-repo acme/ops --org acme --match 'NEON*' --resume audit.checkpoint   # every copy in acme's secrets`;

export function auditCommand(loadRun = () => import('../run/audit.js')): Command {
  const command = defineCommand('audit', AUDIT_SUMMARY, EXAMPLE, AUDIT_SETTINGS);
  addCredentialFlags(command, ['api-key', 'github-token', 'gitlab-token']);
  return command.action(async (_flags, cmd: Command) => (await loadRun()).runAudit(cmd, loadConfigReader));
}
