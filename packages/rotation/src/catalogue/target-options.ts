// The catalogue's rows for what is rotated where: the secret, its targets and family, retired
// targets, and the keys kept or revoked.

import type { CatalogueOption } from './option-entry.js';

/** The secret, its targets, its family and the keys kept, in the order the front ends list them. */
export const TARGET_OPTIONS = {
  'secret-name': {
    path: 'secretName',
    type: 'text',
    default: 'NEON_API_KEY',
    input: 'secret-name',
    doc: 'The secret to write the new key to.',
    cli: { flag: '--secret-name <name>', key: 'secret-name', help: 'the secret written in every target' },
  },
  targets: {
    path: 'targets',
    type: 'targets',
    input: 'targets',
    doc:
      'Where to write the secret, one per line or comma-separated: repo:OWNER/REPO, env:OWNER/REPO:ENVIRONMENT, ' +
      'org:ORG[:all|private|selected:REPO,REPO], dependabot:OWNER/REPO, Codespaces secrets (GitHub.com only): codespaces:OWNER/REPO, ' +
      'codespaces-org:ORG[:all|private|selected:REPO,REPO], codespaces-user[:OWNER/REPO,OWNER/REPO], GitLab CI/CD variables (with ' +
      'gitlab-token) gitlab:GROUP/PROJECT[:ENV_SCOPE], gitlab-group:GROUP[:ENV_SCOPE], and Vercel environment variables (with ' +
      'vercel-token) vercel:PROJECT[:production|preview|development][@TEAM]. Empty: the current repository.',
    cli: {
      flag: '--target <spec>',
      key: 'targets',
      help:
        'a target, repeatable or comma-separated: repo:OWNER/REPO, env:OWNER/REPO:ENV, org:ORG[:all|private|selected:REPO,REPO], ' +
        'dependabot:OWNER/REPO, codespaces:OWNER/REPO, codespaces-org:ORG[:...], codespaces-user[:OWNER/REPO,...], ' +
        'gitlab:GROUP/PROJECT[:ENV_SCOPE], gitlab-group:GROUP[:ENV_SCOPE], vercel:PROJECT[:production|preview|development][@TEAM] ' +
        '(keyturn.yml: targets)',
    },
  },
  'key-name-prefix': {
    path: 'family',
    type: 'text',
    input: 'key-name-prefix',
    doc:
      'The key family: new keys are named <prefix>-<UTC time>. Empty: the family the target record names for these targets, else one ' +
      'derived from the targets (their order does not matter).',
    cli: {
      flag: '--key-name-prefix <family>',
      key: 'key-name-prefix',
      help: "the key family: new keys are named <prefix>-<UTC time> (default: the record's, else derived from the targets)",
    },
  },
  'retire-targets': {
    path: 'retireTargets',
    type: 'targets',
    input: 'retire-targets',
    doc:
      'Targets taken out of the rotation, as specs, once their secret is deleted there: the target record forgets them and the keys ' +
      'they held may be revoked. A target that still holds the secret is refused. A target dropped from targets without this keeps its ' +
      'key valid.',
    cli: {
      flag: '--retire-target <spec>',
      key: 'retire-targets',
      help: 'a target taken out of the rotation once its secret is deleted there, repeatable (keyturn.yml: retire-targets)',
    },
  },
  keep: {
    path: 'keep',
    type: 'integer',
    default: '1',
    input: 'keep',
    doc: 'How many of the newest keys of the family stay valid, the new one included (2 keeps the previous key for jobs already running).',
    cli: { flag: '--keep <n>', key: 'keep', help: 'how many of the newest keys of the family stay valid, the new one included' },
  },
  'revoke-key-ids': {
    path: 'revokeKeyIds',
    type: 'key-ids',
    input: 'revoke-key-ids',
    doc: 'More key ids to revoke once the new key is stored, one per line or comma-separated: e.g. the first key, made in the console.',
    cli: {
      flag: '--revoke-key-id <id>',
      key: 'revoke-key-ids',
      help: 'another key id to revoke once the new key is stored, repeatable (keyturn.yml: revoke-key-ids)',
    },
  },
} as const satisfies Record<string, CatalogueOption>;
