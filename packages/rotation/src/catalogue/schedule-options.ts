// The catalogue's rows for when a run rotates and who hears of it: the clock, a stuck family's
// acknowledgement and the person called, and a dry run.

import type { CatalogueOption } from './option-entry.js';

/** When a run rotates, and who is called when a family is stuck, in the order the front ends list them. */
export const SCHEDULE_OPTIONS = {
  'rotate-every': {
    path: 'rotateEvery',
    type: 'clock',
    input: 'rotate-every',
    doc:
      'Rotate only once the key every target holds is this old: whole minutes, hours or days (90m, 12h, 7d). A younger key makes the ' +
      'run a no-op (output rotated: false) that reads the target record and lists the keys, nothing more; so schedule the workflow ' +
      'hourly, and a missed or failed rotation is retried within the hour. Empty: every run rotates.',
    cli: {
      flag: '--rotate-every <duration>',
      key: 'rotate-every',
      help:
        'rotate only once the key every target holds is this old: 90m, 12h, 7d; a younger key makes the run a no-op (exit 0, "rotated":' +
        ' false) that reads the record and lists the keys',
    },
  },
  'revoke-after': {
    path: 'revokeAfter',
    type: 'clock',
    input: 'revoke-after',
    doc:
      'A key superseded by a rotation stays valid this long (24h, 7d), for jobs that started with it; the first run at or after that ' +
      'time revokes it, once the record shows no target holds it (an hourly rotate-every run does, rotating nothing). With keep, a key ' +
      'stays valid until both let it go. A leaked key ignores it. Empty: a superseded key goes as soon as keep lets it.',
    cli: {
      flag: '--revoke-after <duration>',
      key: 'revoke-after',
      help:
        'a superseded key stays valid this long (24h, 7d); the first run at or after that time revokes it, once no target holds it ' +
        '(with --keep, the later of the two)',
    },
  },
  acknowledge: {
    path: 'acknowledge',
    type: 'boolean',
    default: 'false',
    input: 'acknowledge',
    doc:
      'true: the family is stuck (a run ended where only a person can help, and every run since made no key; its issue says why) and ' +
      'you fixed the cause: this run clears the stuck mark and rotates, and the first run to succeed closes the issue. Set it on one ' +
      'run (workflow_dispatch), not on the schedule. Without a stuck mark it changes nothing.',
    cli: {
      flag: '--acknowledge',
      key: 'acknowledge',
      help: 'the family is stuck and you fixed the cause: clear its stuck mark, then rotate (keyturn acknowledge clears it alone); once',
    },
  },
  'notify-url': {
    path: 'notifyUrl',
    type: 'secret',
    input: 'notify-url',
    doc:
      'A stuck family: besides its issue, POST a small JSON document ({"text", "family", "reason", "since", "remedy", "runUrl"}) to this ' +
      'URL when the issue is opened or updated (on getting stuck, then at most once a day): a Slack or Microsoft Teams incoming webhook ' +
      'shows "text". From a secret (the URL is the webhook\'s credential); masked. Empty: the issue only.',
    cli: {
      env: 'KEYTURN_NOTIFY_URL',
      file: '--notify-url-file <path>',
      help: 'a file holding a Slack or Teams incoming webhook URL, posted to when the family gets stuck and once a day while it is',
    },
  },
  'issue-token': {
    // The runner evaluates the default: the Action reads it as given.
    path: 'issueToken',
    type: 'secret',
    default: '${{ github.token }}',
    input: 'issue-token',
    doc:
      "The token that opens, updates and closes a stuck family's issue in the repository running the workflow: by default the " +
      'workflow\'s own GITHUB_TOKEN, which needs "permissions: issues: write". A failure to open the issue never fails the run (a ' +
      'warning says so). Masked.',
  },
  'dry-run': {
    path: 'dryRun',
    type: 'boolean',
    default: 'false',
    mode: 'rotation',
    input: 'dry-run',
    doc: 'true: check everything and print the plan, change nothing.',
    cli: { flag: '--dry-run', help: 'check everything and print the plan; change nothing' },
  },
} as const satisfies Record<string, CatalogueOption>;
