// `keyturn rotate`'s declaration: every option of the option catalogue, as flags (and keyturn.yml
// keys) and credentials. The run is run/rotate.ts.

import { ROTATION_OPTIONS } from '@keyturn/rotation/catalogue';
import type { Command } from 'commander';
import { addCredentialFlags } from '../credentials.js';
import { defineCommand, loadConfigReader } from '../define-command.js';
import { ROTATE_SETTINGS, ROTATE_CREDENTIALS } from '../command-settings.js';
import { helpOf } from '../settings.js';

/** What the command does, in the program's help. */
export const ROTATE_SUMMARY =
  'Rotate the platform API key in NEON_API_KEY: create a new key, check it works, store it sealed in every target, then revoke ' +
  'the old keys. A failure leaves every target a working key.';

const EXAMPLE =
  `export NEON_API_KEY=... GITHUB_TOKEN=...   # the key being rotated; a token that can write the secrets
keyturn rotate --target ` +
  `repo:acme/web --target env:acme/web:production --record-repo acme/ops --dry-run
# In GitLab CI (GITLAB_TOKEN set): the record ` +
  `goes to the pipeline's project (CI_PROJECT_ID) unless --record-repo or --record-gitlab-project says where
keyturn rotate ` +
  `--target gitlab:acme/web --target repo:acme/web
# A leaked key: name it by fingerprint, never by value
keyturn rotate --target ` +
  `repo:acme/web --leaked-key-fingerprint "$(keyturn fingerprint < leaked.txt)"`;

export function rotateCommand(loadRun = () => import('../run/rotate.js')): Command {
  const command = defineCommand('rotate', ROTATE_SUMMARY, EXAMPLE, ROTATE_SETTINGS).option(
    ROTATION_OPTIONS['dry-run'].cli.flag,
    helpOf('dry-run'),
  );
  addCredentialFlags(command, ROTATE_CREDENTIALS);
  return command.action(async (_flags, cmd: Command) => (await loadRun()).runRotate(cmd, loadConfigReader));
}
