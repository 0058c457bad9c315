// Every option a command takes from a flag or from keyturn.yml, in one table: its flag, its key in
// keyturn.yml (the same name), what it holds. A flag on the command line wins over the file.
// Credentials are not here: credentials.ts reads them from the environment or a file only.

import type { Command } from 'commander';

type Kind = 'text' | 'list' | 'boolean';

interface SettingSpec {
  /** The flag as commander declares it. A list's flag is singular and repeatable (`--target`). */
  flag: string;
  kind: Kind;
  help: string;
}

export const SETTINGS = {
  'api-url': { flag: '--api-url <url>', kind: 'text', help: 'platform API base URL (default https://console.neon.tech/api/v2; http only on loopback)' },
  'github-api-url': { flag: '--github-api-url <url>', kind: 'text', help: 'GitHub API URL (default GITHUB_API_URL, else https://api.github.com)' },
  'record-repo': {
    flag: '--record-repo <owner/repo>',
    kind: 'text',
    help: 'the repository whose Actions variables keep the target record (default GITHUB_REPOSITORY; without one a dropped target is not recognised)',
  },
  'record-gitlab-project': {
    flag: '--record-gitlab-project <group/project|id>',
    kind: 'text',
    help: 'the GitLab project whose CI/CD variables keep the target record, instead of --record-repo (default in a GitLab CI job without a GitHub record repository: CI_PROJECT_ID)',
  },
  'gitlab-url': {
    flag: '--gitlab-url <url>',
    kind: 'text',
    help: 'GitLab API root, for gitlab: and gitlab-group: targets and a GitLab record (default CI_API_V4_URL, else https://gitlab.com/api/v4)',
  },
  'vercel-url': {
    flag: '--vercel-url <url>',
    kind: 'text',
    help: "Vercel's API root, for vercel: targets (default https://api.vercel.com)",
  },
  'without-vercel-redeploy': {
    flag: '--without-vercel-redeploy',
    kind: 'boolean',
    help: 'vercel: production targets are not redeployed: the old key stays valid until a run sees a deploy made after the write',
  },
  'leaked-key-id': {
    flag: '--leaked-key-id <id>',
    kind: 'text',
    help: 'an emergency rotation: this key leaked; it is revoked as soon as every target holds the new key, whatever --keep says',
  },
  'leaked-key-fingerprint': {
    flag: '--leaked-key-fingerprint <fingerprint>',
    kind: 'text',
    help: 'an emergency rotation naming the leaked key by its fingerprint (from `keyturn fingerprint`, reading the value on stdin), never its value',
  },
  'secret-name': { flag: '--secret-name <name>', kind: 'text', help: 'the secret written in every target (default NEON_API_KEY)' },
  targets: {
    flag: '--target <spec>',
    kind: 'list',
    help: 'a target, repeatable or comma-separated: repo:OWNER/REPO, env:OWNER/REPO:ENV, org:ORG[:all|private|selected:REPO,REPO], dependabot:OWNER/REPO, codespaces:OWNER/REPO, codespaces-org:ORG[:...], codespaces-user[:OWNER/REPO,...], gitlab:GROUP/PROJECT[:ENV_SCOPE], gitlab-group:GROUP[:ENV_SCOPE], vercel:PROJECT[:production|preview|development][@TEAM] (keyturn.yml: targets)',
  },
  'retire-targets': {
    flag: '--retire-target <spec>',
    kind: 'list',
    help: 'a target taken out of the rotation once its secret is deleted there, repeatable (keyturn.yml: retire-targets)',
  },
  'key-name-prefix': { flag: '--key-name-prefix <family>', kind: 'text', help: 'the key family: new keys are named <prefix>-<UTC time> (default: the record\'s, else derived from the targets)' },
  keep: { flag: '--keep <n>', kind: 'text', help: 'how many of the newest keys of the family stay valid, the new one included (default 1)' },
  'rotate-every': {
    flag: '--rotate-every <duration>',
    kind: 'text',
    help: 'rotate only once the key every target holds is this old: 90m, 12h, 7d; a younger key makes the run a no-op (exit 0, "rotated": false) that reads the record and lists the keys',
  },
  'revoke-after': {
    flag: '--revoke-after <duration>',
    kind: 'text',
    help: 'a superseded key stays valid this long (24h, 7d); the first run at or after that time revokes it, once no target holds it (with --keep, the later of the two)',
  },
  'revoke-key-ids': { flag: '--revoke-key-id <id>', kind: 'list', help: 'another key id to revoke once the new key is stored, repeatable (keyturn.yml: revoke-key-ids)' },
  'key-kind': { flag: '--key-kind <kind>', kind: 'text', help: 'personal (default), organization (with --org-id) or project (with --org-id and --project-id)' },
  'org-id': { flag: '--org-id <id>', kind: 'text', help: 'the organization of an organization or project key' },
  'project-id': { flag: '--project-id <id>', kind: 'text', help: 'the project (of a project key; for wait, the project whose operations to await)' },
  'app-id': { flag: '--app-id <id>', kind: 'text', help: 'a GitHub App\'s id, with its private key (KEYTURN_GITHUB_APP_PRIVATE_KEY or --app-private-key-file), instead of GITHUB_TOKEN (default KEYTURN_GITHUB_APP_ID)' },
  'lease-wait': {
    flag: '--lease-wait <duration>',
    kind: 'text',
    help: 'how long to wait for another run of the secret that holds its lease (one run writes at a time), e.g. 90s, 5m (default 11m); then exit 7',
  },
  'without-lease': {
    flag: '--without-lease',
    kind: 'boolean',
    help: 'take no lease: only where every run of this secret is in one queue (a CI concurrency group), as it must be without a record',
  },
  acknowledge: {
    flag: '--acknowledge',
    kind: 'boolean',
    help: 'the family is stuck and you fixed the cause: clear its stuck mark, then rotate (keyturn acknowledge clears it alone); once',
  },
  'rebuild-record': { flag: '--rebuild-record', kind: 'boolean', help: 'the family\'s record cannot be read: rebuild it from the targets (every live key of the family stays valid); once' },
  'alert-secret-type': {
    flag: '--alert-secret-type <type>',
    kind: 'text',
    help: "the secret type of your secret-scanning custom pattern for platform keys, as GitHub names it (required)",
  },
  'alert-scope': { flag: '--alert-scope <scope>', kind: 'text', help: 'whose alerts: repo:OWNER/REPO or org:ORG (default: GITHUB_REPOSITORY)' },
  'operation-ids': { flag: '--operation-id <id>', kind: 'list', help: 'an operation to await, repeatable (default: every pending operation of the project)' },
  timeout: { flag: '--timeout <duration>', kind: 'text', help: 'how long to wait in all: seconds (600) or 90s, 10m, 1h (default 10m)' },
  interval: { flag: '--interval <duration>', kind: 'text', help: 'longest time between polls: seconds (5) or 500ms, 10s (default 5s)' },
  family: { flag: '--family <family>', kind: 'text', help: 'only this key family (default: every family the record knows)' },
  'max-age': { flag: '--max-age <days>', kind: 'text', help: 'flag keys older than this many days (e.g. 90)' },
  org: {
    flag: '--org <org>',
    kind: 'text',
    help: "audit the copies instead of the keys: every secret of this GitHub organization and its repositories whose name matches (--match), joined with the records",
  },
  'gitlab-group': {
    flag: '--gitlab-group <group>',
    kind: 'text',
    help: "audit the copies in this GitLab group: its and its projects' CI/CD variables whose name matches (--match), joined with the records (GITLAB_TOKEN)",
  },
  match: {
    flag: '--match <pattern>',
    kind: 'list',
    help: "with --org or --gitlab-group: a secret name or glob (NEON*, *_API_KEY), repeatable (default: --secret-name, else every secret name the records name, and NEON_API_KEY)",
  },
  'read-interval': {
    flag: '--read-interval <duration>',
    kind: 'text',
    help: "with --org: the least time between two GitHub listings (default 67ms, under GitHub's secondary limit of 900 a minute); more on a token other jobs share, less only on a GitHub Enterprise Server without that limit",
  },
  resume: {
    flag: '--resume <file>',
    kind: 'text',
    help: 'with --org or --gitlab-group: a checkpoint file, saved after every repository or project and removed once done; given again, a cut run goes on from it',
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;

/** Declares each setting's flag on `command`. */
export function addSettings(command: Command, names: readonly SettingName[]): Command {
  for (const name of names) {
    const spec: SettingSpec = SETTINGS[name];
    if (spec.kind === 'list') command.option(spec.flag, spec.help, (value: string, previous: string[] = []) => [...previous, value]);
    else command.option(spec.flag, spec.help);
  }
  return command;
}

/** The flag's name, as messages write it: `--target`. */
export function flagOf(name: SettingName): string {
  return SETTINGS[name].flag.split(' ')[0]!;
}

/** The attribute commander keeps a flag's value under: `--retire-target` is `retireTarget`. */
export function optionKey(flag: string): string {
  return flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
