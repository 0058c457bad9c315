// The catalogue's rows for a leaked key (emergency rotation), secret-scanning alerts and the
// inventory of the secret's copies.

import type { CatalogueOption } from './option-entry.js';

/** A leaked key, the alerts and the inventory, in the order the front ends list them. */
export const LEAK_OPTIONS = {
  'leaked-key-id': {
    path: 'leakedKey.id',
    type: 'integer',
    min: 1,
    mode: 'rotation',
    input: 'leaked-key-id',
    doc:
      'An emergency rotation: the id of the key that leaked. It is revoked as soon as every target holds the new key, whatever keep ' +
      'says; a target that cannot be written is left without a working key, named, and the run fails (README, "When a key leaks"). Give' +
      ' this or leaked-key-fingerprint, not both; the key must be one the target record knows.',
    cli: {
      flag: '--leaked-key-id <id>',
      key: 'leaked-key-id',
      help: 'an emergency rotation: this key leaked; it is revoked as soon as every target holds the new key, whatever --keep says',
    },
  },
  'leaked-key-fingerprint': {
    path: 'leakedKey.fingerprint',
    aliases: ['leakedKey'],
    type: 'text',
    mode: 'rotation',
    input: 'leaked-key-fingerprint',
    doc:
      'An emergency rotation: the fingerprint of the key that leaked (16 hex characters, printed by keyturn fingerprint from the value ' +
      'on standard input), never the key itself. As leaked-key-id.',
    cli: {
      flag: '--leaked-key-fingerprint <fingerprint>',
      key: 'leaked-key-fingerprint',
      help:
        'an emergency rotation naming the leaked key by its fingerprint (from `keyturn fingerprint`, reading the value on stdin), never' +
        ' its value',
    },
  },
  'alert-secret-type': {
    path: 'alerts.secretType',
    type: 'text',
    mode: 'alerts',
    input: 'alert-secret-type',
    doc:
      "Alert mode: answer GitHub's secret-scanning alerts for leaked keys of this family, for the custom pattern of this secret type " +
      '(README, "When a key leaks"). Each open alert\'s value is masked the moment it is read; a key this family\'s record knows is ' +
      'rotated out of every target and revoked (an emergency rotation), then its alert is resolved as revoked, linking the run. Another' +
      " family's key, or one keyturn does not manage, is reported and left open. Run it on a schedule, with the targets and " +
      'secret-name of the family\'s rotation workflow. The token needs "Secret scanning alerts: read and write" (a GitHub App: ' +
      'secret_scanning_alerts).',
    cli: {
      flag: '--alert-secret-type <type>',
      key: 'alert-secret-type',
      help: 'the secret type of your secret-scanning custom pattern for platform keys, as GitHub names it (required)',
    },
  },
  'alert-scope': {
    path: 'alerts.scope',
    type: 'text',
    mode: 'alerts',
    input: 'alert-scope',
    doc:
      'Alert mode: whose alerts to read: repo:OWNER/REPO, or org:ORG (every repository the token reaches). Default: the repository ' +
      'running the workflow.',
    cli: {
      flag: '--alert-scope <scope>',
      key: 'alert-scope',
      help: 'whose alerts: repo:OWNER/REPO or org:ORG (default: GITHUB_REPOSITORY)',
    },
  },
  'inventory-org': {
    type: 'login',
    input: 'inventory-org',
    doc:
      'After the rotation, list every copy of the secret in this GitHub organization (its Actions, Dependabot and Codespaces secrets, ' +
      "and each repository's Actions, environment, Dependabot and Codespaces secrets) into the inventory output, joined with the " +
      "family's records: copies no record names and copies edited since are named in a warning. Read-only, about 4 listings a " +
      "repository paced under GitHub's secondary limit (some 5 minutes for 1,000 repositories); needs github-token with read access to" +
      ' those secrets. Default: none (no inventory).',
  },
  'inventory-match': {
    type: 'names',
    input: 'inventory-match',
    doc: 'With inventory-org: the secret names or globs (NEON*) to look for, one a line or comma-separated. Default: secret-name.',
  },
} as const satisfies Record<string, CatalogueOption>;
