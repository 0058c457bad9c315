// Which settings (flags and keyturn.yml keys) and credentials each command takes: read by the
// declarations (commands/) and by the runs (run/), which must not load commander again.

import type { CredentialName } from './credentials.js';
import type { SettingName } from './settings.js';

export const DEFAULT_CONFIG_FILE = 'keyturn.yml';
export const OUTPUT_FORMATS = ['json', 'table'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const ROTATE_SETTINGS = [
  'targets',
  'retire-targets',
  'secret-name',
  'key-name-prefix',
  'keep',
  'revoke-key-ids',
  'rotate-every',
  'revoke-after',
  'key-kind',
  'org-id',
  'project-id',
  'api-url',
  'github-api-url',
  'record-repo',
  'record-gitlab-project',
  'gitlab-url',
  'vercel-url',
  'without-vercel-redeploy',
  'app-id',
  'rebuild-record',
  'acknowledge',
  'lease-wait',
  'without-lease',
  'leaked-key-id',
  'leaked-key-fingerprint',
] as const satisfies readonly SettingName[];

/** A scheduled job answering alerts rotates as `rotate` does, minus what only a run by hand names (the leaked key). */
export const ANSWER_ALERTS_SETTINGS = [
  'alert-secret-type',
  'alert-scope',
  ...ROTATE_SETTINGS.filter((name) => name !== 'leaked-key-id' && name !== 'leaked-key-fingerprint'),
] as const satisfies readonly SettingName[];

export const ROTATE_CREDENTIALS = ['apiKey', 'githubToken', 'gitlabToken', 'vercelToken', 'appPrivateKey', 'managingApiKey', 'notifyUrl'] as const satisfies readonly CredentialName[];

/** `keyturn acknowledge` finds the family as `rotate` does (and takes --acknowledge for granted). */
export const ACKNOWLEDGE_SETTINGS = ROTATE_SETTINGS.filter(
  (name) => !['acknowledge', 'leaked-key-id', 'leaked-key-fingerprint', 'rotate-every', 'revoke-after', 'rebuild-record'].includes(name),
) as readonly SettingName[];

export const WAIT_SETTINGS = ['api-url', 'project-id', 'operation-ids', 'timeout', 'interval'] as const satisfies readonly SettingName[];

export const STATUS_SETTINGS = ['record-repo', 'record-gitlab-project', 'gitlab-url', 'github-api-url', 'api-url', 'family'] as const satisfies readonly SettingName[];

export const AUDIT_SETTINGS = [
  'record-repo',
  'record-gitlab-project',
  'gitlab-url',
  'github-api-url',
  'api-url',
  'org-id',
  'max-age',
  'org',
  'gitlab-group',
  'match',
  'secret-name',
  'resume',
  'read-interval',
] as const satisfies readonly SettingName[];

/** The settings only an audit of copies (`--org`, `--gitlab-group`) reads; the keys' audit reads the others. */
export const COPIES_AUDIT_SETTINGS = ['org', 'gitlab-group', 'match', 'secret-name', 'resume', 'read-interval'] as const satisfies readonly SettingName[];
