// The options of a rotation, described once: where each goes in rotateKey's options, what its text
// reads into, its default and documentation, and how each front end spells it (the rotate-key
// Action's input, the CLI's flag, keyturn.yml key and environment variable). The Action's inputs and
// the CLI's flags are read from this table, and tests hold action.yml and `keyturn rotate --help` to
// it. To add an option: a row here, then its use (CONTRIBUTING.md, "Adding an option").

import type { CatalogueOption } from './option-entry.js';

/** Every option of a rotation, by name (its Action input, else its CLI key), in the order the front ends list them. */
export const ROTATION_OPTIONS = {
  'api-key': {
    path: 'platform.apiKey',
    type: 'secret',
    input: 'api-key',
    doc: 'The current key, from the secret being rotated, e.g. ${{ secrets.NEON_API_KEY }}. Masked in the log.',
    cli: { env: 'NEON_API_KEY', file: '--api-key-file <path>', help: 'a file holding the platform API key' },
  },
  'api-url': {
    path: 'platform.baseUrl',
    type: 'text',
    default: 'https://console.neon.tech/api/v2',
    input: 'api-url',
    doc: 'Platform API base URL (https; plain http only on loopback, for the emulator).',
    cli: { flag: '--api-url <url>', key: 'api-url', help: 'platform API base URL; http only on loopback' },
  },
  'github-token': {
    path: 'github.token',
    aliases: ['github'],
    type: 'secret',
    input: 'github-token',
    doc:
      'A token that can write the target secrets: a fine-grained personal access token with "Secrets: write" (and "Environments: write"' +
      ' for environment secrets, organization "Secrets: write" for organization secrets) or a GitHub App installation token. It also ' +
      'needs "Variables: Read and write" on the repository running the workflow, where the target record is kept. GITHUB_TOKEN cannot ' +
      'write secrets. Masked in the log. Give this, or app-id and private-key.',
    cli: { env: 'GITHUB_TOKEN', file: '--github-token-file <path>', help: 'a file holding a GitHub token' },
  },
  'app-id': {
    path: 'github.appId',
    type: 'text',
    credential: true,
    input: 'app-id',
    doc:
      "A GitHub App's id (App settings > General > App ID), with private-key, instead of github-token: the run mints one installation " +
      'token per owner it writes to, with only the permissions its targets need, and revokes them at its end.',
    cli: {
      flag: '--app-id <id>',
      key: 'app-id',
      env: 'KEYTURN_GITHUB_APP_ID',
      help: "a GitHub App's id, with its private key (KEYTURN_GITHUB_APP_PRIVATE_KEY or --app-private-key-file), instead of GITHUB_TOKEN",
    },
  },
  'private-key': {
    path: 'github.privateKey',
    type: 'pem',
    input: 'private-key',
    doc:
      "The GitHub App's private key, the whole .pem file (App settings > Private keys), e.g. ${{ secrets.ROTATION_APP_PRIVATE_KEY }}. " +
      'Masked in the log, line by line.',
    cli: {
      env: 'KEYTURN_GITHUB_APP_PRIVATE_KEY',
      file: '--app-private-key-file <path>',
      help: "the GitHub App's private key (.pem), with --app-id",
    },
  },
  'github-api-url': {
    path: 'github.baseUrl',
    type: 'text',
    default: 'https://api.github.com',
    doc: "GitHub's REST API root (GitHub Enterprise Server's own): the Action takes the runner's GITHUB_API_URL.",
    cli: { flag: '--github-api-url <url>', key: 'github-api-url', env: 'GITHUB_API_URL', help: 'GitHub API URL' },
  },
  'gitlab-token': {
    path: 'gitlab.token',
    aliases: ['gitlab'],
    type: 'secret',
    input: 'gitlab-token',
    doc:
      'For gitlab: and gitlab-group: targets: a GitLab personal, project or group access token with the api scope, whose user has the ' +
      'Maintainer role on each project (Owner on each group) it writes. Masked in the log.',
    cli: {
      env: 'GITLAB_TOKEN',
      file: '--gitlab-token-file <path>',
      help: 'a file holding a GitLab access token with the api scope, for GitLab targets or record',
    },
  },
  'gitlab-url': {
    path: 'gitlab.apiUrl',
    type: 'text',
    default: 'https://gitlab.com/api/v4',
    input: 'gitlab-url',
    doc: 'The GitLab REST API root: GitLab.com by default; a self-managed instance is https://HOST/api/v4.',
    cli: {
      flag: '--gitlab-url <url>',
      key: 'gitlab-url',
      env: 'CI_API_V4_URL',
      help: 'GitLab API root, for gitlab: and gitlab-group: targets and a GitLab record',
    },
  },
  'vercel-token': {
    path: 'vercel.token',
    aliases: ['vercel'],
    type: 'secret',
    input: 'vercel-token',
    doc:
      "For vercel: targets: a Vercel access token whose scope includes each project's team (or your personal account), of a Member or " +
      "Owner there (a Developer cannot change Production's variables). Masked in the log.",
    cli: {
      env: 'VERCEL_TOKEN',
      file: '--vercel-token-file <path>',
      help: "a file holding a Vercel access token whose scope includes the projects' team, for Vercel targets",
    },
  },
  'vercel-url': {
    path: 'vercel.apiUrl',
    type: 'text',
    default: 'https://api.vercel.com',
    input: 'vercel-url',
    doc: "Vercel's REST API root.",
    cli: { flag: '--vercel-url <url>', key: 'vercel-url', help: "Vercel's API root, for vercel: targets" },
  },
  'vercel-redeploy': {
    path: 'vercelRedeploy',
    type: 'boolean',
    default: 'true',
    input: 'vercel-redeploy',
    doc:
      "For vercel: production targets: redeploy the project's current production deployment after writing the variable, and wait until" +
      ' it is READY before any old key is revoked. With false, the old key stays valid until a run sees a deploy made after the write ' +
      '(a notice says so).',
    cli: {
      flag: '--without-vercel-redeploy',
      key: 'without-vercel-redeploy',
      negates: true,
      help: 'vercel: production targets are not redeployed: the old key stays valid until a run sees a deploy made after the write',
    },
  },
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
  'key-kind': {
    path: 'keyKind.kind',
    aliases: ['keyKind'],
    type: 'choice',
    choices: ['personal', 'organization', 'project'],
    default: 'personal',
    input: 'key-kind',
    doc:
      "The kind of key in api-key: personal (a user's key), organization (an organization's key, with org-id) or project (a " +
      'project-scoped key, with org-id and project-id: the least a deploy workflow needs; it manages no keys, so managing-api-key is ' +
      'required).',
    cli: {
      flag: '--key-kind <kind>',
      key: 'key-kind',
      help: 'personal, organization (with --org-id) or project (with --org-id and --project-id)',
    },
  },
  'org-id': {
    path: 'keyKind.orgId',
    type: 'text',
    input: 'org-id',
    doc: 'The organization of an organization or project key (e.g. org-morning-bread-81040908). An error with key-kind personal.',
    cli: { flag: '--org-id <id>', key: 'org-id', help: 'the organization of an organization or project key' },
  },
  'project-id': {
    path: 'keyKind.projectId',
    type: 'text',
    input: 'project-id',
    doc: 'The project of a project-scoped key. An error unless key-kind is project.',
    cli: {
      flag: '--project-id <id>',
      key: 'project-id',
      help: 'the project (of a project key; for wait, the project whose operations to await)',
    },
  },
  'managing-api-key': {
    path: 'managingApiKey',
    type: 'secret',
    input: 'managing-api-key',
    doc:
      'A key that creates, lists and revokes the rotated keys when the key in api-key cannot, from its own secret: a personal key of a ' +
      'member of the organization (an admin, for an organization key), or an organization key. Required for key-kind project; refused ' +
      'for personal. The rotated key is still proven with a request its own scope allows. Masked in the log.',
    cli: {
      env: 'KEYTURN_MANAGING_API_KEY',
      file: '--managing-api-key-file <path>',
      help: "a file holding the key that manages the rotated kind's keys",
    },
  },
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

/** An option's name in the catalogue: its Action input, else its CLI key. */
export type CatalogueName = keyof typeof ROTATION_OPTIONS;

/** The keyturn.yml keys (and setting names) the catalogue gives the CLI. */
export type CatalogueKey = { [N in CatalogueName]: CliOf<N> extends { key: infer K extends string } ? K : never }[CatalogueName];

/** The options the CLI reads as credentials: from an environment variable or a file, never a flag. */
export type CredentialName = { [N in CatalogueName]: CliOf<N> extends { file: string } ? N : never }[CatalogueName];

type CliOf<N extends CatalogueName> = (typeof ROTATION_OPTIONS)[N] extends { cli: infer C } ? C : undefined;

/** Each option with its name, in the table's order. */
export function catalogueOptions(): Array<CatalogueOption & { name: CatalogueName }> {
  return Object.entries(ROTATION_OPTIONS).map(([name, option]) => ({ ...(option as CatalogueOption), name: name as CatalogueName }));
}
