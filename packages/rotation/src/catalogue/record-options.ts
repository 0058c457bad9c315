// The catalogue's rows for the target record and the lease that keeps runs of one secret apart.

import type { CatalogueOption } from './option-entry.js';

/** The target record and the lease, in the order the front ends list them. */
export const RECORD_OPTIONS = {
  'rebuild-record': {
    path: 'rebuildRecord',
    type: 'boolean',
    default: 'false',
    input: 'rebuild-record',
    doc:
      'true: the target record of the family cannot be read (edited by hand, cut short), and is rebuilt from the listed targets. Every ' +
      'live key of the family then stays valid until named in revoke-key-ids, as a target the lost record named may hold it. Remove it ' +
      'after one run.',
    cli: {
      flag: '--rebuild-record',
      key: 'rebuild-record',
      help: "the family's record cannot be read: rebuild it from the targets (every live key of the family stays valid); once",
    },
  },
  'record-repo': {
    path: 'record.repository',
    aliases: ['record'],
    type: 'text',
    doc:
      'The repository whose Actions variables keep the target record: the Action keeps it in the repository running the workflow ' +
      '(GITHUB_REPOSITORY).',
    cli: {
      flag: '--record-repo <owner/repo>',
      key: 'record-repo',
      help:
        'the repository whose Actions variables keep the target record (default GITHUB_REPOSITORY; without one a dropped target is not ' +
        'recognised)',
    },
  },
  'record-gitlab-project': {
    path: 'record.gitlab',
    type: 'text',
    doc: "The GitLab project whose CI/CD variables keep the target record, instead of a repository's variables.",
    cli: {
      flag: '--record-gitlab-project <group/project|id>',
      key: 'record-gitlab-project',
      help:
        'the GitLab project whose CI/CD variables keep the target record, instead of --record-repo (default in a GitLab CI job without ' +
        'a GitHub record repository: CI_PROJECT_ID)',
    },
  },
  'lease-wait': {
    path: 'lease.waitMs',
    type: 'duration',
    default: '11m',
    input: 'lease-wait',
    doc:
      'How long to wait for another run of this secret that holds its lease (a second workflow, a hand run, the CLI elsewhere): one run' +
      ' writes at a time, whatever concurrency group the workflows have. Seconds (90) or a number with a unit (30s, 5m). A run still ' +
      'waiting then fails, naming the run that holds it and when it started, having changed nothing. The default outlasts a crashed ' +
      "run's lease (10 minutes), which the run then takes over.",
    cli: {
      flag: '--lease-wait <duration>',
      key: 'lease-wait',
      help: 'how long to wait for another run of the secret that holds its lease (one run writes at a time), e.g. 90s, 5m; then exit 7',
    },
  },
  'without-lease': {
    path: 'lease',
    type: 'boolean',
    doc:
      'Take no lease: only where every run of this secret is in one concurrency group, as it must be without a record. The Action ' +
      'always keeps a record, so always takes the lease.',
    cli: {
      flag: '--without-lease',
      key: 'without-lease',
      negates: true,
      help: 'take no lease: only where every run of this secret is in one queue (a CI concurrency group), as it must be without a record',
    },
  },
} as const satisfies Record<string, CatalogueOption>;
