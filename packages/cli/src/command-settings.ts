// Which settings (flags and keyturn.yml keys) and credentials each command takes: read by the
// declarations (commands/) and by the runs (run/), which must not load commander again.

import { type CredentialName, catalogueOptions } from '@keyturn/rotation/catalogue';
import type { SettingName } from './settings.js';

export const DEFAULT_CONFIG_FILE = 'keyturn.yml';
export const OUTPUT_FORMATS = ['json', 'table'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `keyturn rotate`'s settings: the option catalogue's, but alert mode's. */
export const ROTATE_SETTINGS = catalogueSettings('alerts');

/** A scheduled job answering alerts rotates as `rotate` does, minus what only a run by hand names (the leaked key). */
export const ANSWER_ALERTS_SETTINGS = catalogueSettings('rotation');

/** `keyturn acknowledge` finds the family as `rotate` does (and takes --acknowledge for granted). */
export const ACKNOWLEDGE_SETTINGS = ROTATE_SETTINGS.filter(
  (name) => !['acknowledge', 'leaked-key-id', 'leaked-key-fingerprint', 'rotate-every', 'revoke-after', 'rebuild-record'].includes(name),
);

/** The credentials a rotation reads, as the option catalogue lists them. */
export const ROTATE_CREDENTIALS = catalogueOptions().flatMap((option) => (option.cli?.file ? [option.name as CredentialName] : []));

export const WAIT_SETTINGS = ['api-url', 'project-id', 'operation-ids', 'timeout', 'interval'] as const satisfies readonly SettingName[];

/** Where a read-only command finds the target records, and the platform. */
const RECORD_READING = ['record-repo', 'record-gitlab-project', 'gitlab-url', 'github-api-url', 'api-url'] as const;

export const STATUS_SETTINGS = [...RECORD_READING, 'family'] as const satisfies readonly SettingName[];

/** The settings only an audit of copies (`--org`, `--gitlab-group`) reads; the keys' audit reads the others. */
export const COPIES_AUDIT_SETTINGS = [
  'org',
  'gitlab-group',
  'match',
  'secret-name',
  'resume',
  'read-interval',
] as const satisfies readonly SettingName[];

export const AUDIT_SETTINGS = [...RECORD_READING, 'org-id', 'max-age', ...COPIES_AUDIT_SETTINGS] as const satisfies readonly SettingName[];

/**
 * The catalogue's options with a keyturn.yml key, but those only `butMode` takes, in the table's
 * order: the targets first (what every run names), then the options every run takes, then its mode's.
 */
function catalogueSettings(butMode: 'rotation' | 'alerts'): SettingName[] {
  const options = catalogueOptions().filter((option) => option.cli?.key && option.mode !== butMode);
  const rank = (option: (typeof options)[number]) => (option.name === 'targets' ? 0 : option.mode === undefined ? 1 : 2);
  return options.sort((a, b) => rank(a) - rank(b)).map((option) => option.cli!.key as SettingName);
}
