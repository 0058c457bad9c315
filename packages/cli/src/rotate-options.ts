// `keyturn rotate`'s settings as rotateKey's options: every option the rotate-key Action has, from a
// flag, keyturn.yml or (credentials) the environment or a file. Every rule about the values is the
// library's (checkRotateKeyOptions); its mistakes name an option, said here as the flag, file line
// or variable that set it. All are checked, and all mistakes reported at once, before any request.

import { DEFAULT_BASE_URL, OptionError } from '@keyturn/api';
import { looksLikeCredential } from '@keyturn/api/toolkit';
import { type AccessNeed, AccessMissingError, checkRotateKeyOptions, DEFAULT_SECRET_NAME, type KeyKind, type RotateKeyOptions, renameOptions } from '@keyturn/rotation';
import { DEFAULT_GITLAB_API_URL, DEFAULT_VERCEL_API_URL, formatTargetSpec, parseTargetSpecs, type TargetSpec, TargetSpecError } from '@keyturn/rotation/targets';
import { hostname } from 'node:os';
import { InputError, parseDuration, parseInteger, rejectedValue, splitList, unique, withoutEchoes } from '@keyturn/action-common';
import { UsageError } from './cli-error.js';
import { inCliTerms } from './client-words.js';
import { type CredentialName, credentialSource, readCredential } from './credentials.js';
import { type Given, optionMistakeAt, SettingReader, type Settings } from './setting-reader.js';
import { flagOf, type SettingName } from './settings.js';

const KEY_KINDS = ['personal', 'organization', 'project'] as const;

/** What set each option rotateKey's messages name: a setting, or a credential's source. */
const SOURCE_OF_OPTION: Record<string, { setting: SettingName } | { credential: CredentialName } | { flag: string }> = {
  'platform.apiKey': { credential: 'apiKey' },
  'platform.baseUrl': { setting: 'api-url' },
  'github.token': { credential: 'githubToken' },
  'github.appId': { setting: 'app-id' },
  'github.privateKey': { credential: 'appPrivateKey' },
  'github.baseUrl': { setting: 'github-api-url' },
  gitlab: { credential: 'gitlabToken' },
  'gitlab.token': { credential: 'gitlabToken' },
  'gitlab.apiUrl': { setting: 'gitlab-url' },
  vercel: { credential: 'vercelToken' },
  'vercel.token': { credential: 'vercelToken' },
  'vercel.apiUrl': { setting: 'vercel-url' },
  vercelRedeploy: { setting: 'without-vercel-redeploy' },
  secretName: { setting: 'secret-name' },
  targets: { setting: 'targets' },
  retireTargets: { setting: 'retire-targets' },
  family: { setting: 'key-name-prefix' },
  keep: { setting: 'keep' },
  revokeKeyIds: { setting: 'revoke-key-ids' },
  rotateEvery: { setting: 'rotate-every' },
  revokeAfter: { setting: 'revoke-after' },
  dryRun: { flag: '--dry-run' },
  keyKind: { setting: 'key-kind' },
  'keyKind.kind': { setting: 'key-kind' },
  'keyKind.orgId': { setting: 'org-id' },
  'keyKind.projectId': { setting: 'project-id' },
  managingApiKey: { credential: 'managingApiKey' },
  rebuildRecord: { setting: 'rebuild-record' },
  acknowledge: { setting: 'acknowledge' },
  notifyUrl: { credential: 'notifyUrl' },
  lease: { setting: 'without-lease' },
  'lease.waitMs': { setting: 'lease-wait' },
  record: { setting: 'record-repo' },
  'record.repository': { setting: 'record-repo' },
  'record.gitlab': { setting: 'record-gitlab-project' },
  // --leaked-key-id is read here (a whole number); what the library refuses is the fingerprint.
  leakedKey: { setting: 'leaked-key-fingerprint' },
  'alerts.scope': { setting: 'alert-scope' },
  'alerts.secretType': { setting: 'alert-secret-type' },
};

/** How a message names an option: `--revoke-key-id`, `NEON_API_KEY (or --api-key-file)`. */
export function wordOfOption(option: string): string | undefined {
  const source = SOURCE_OF_OPTION[option];
  if (!source) return undefined;
  if ('setting' in source) return flagOf(source.setting);
  if ('credential' in source) return credentialSource(source.credential);
  return source.flag;
}

/** A message of the rotation in the CLI's words: each option it names as its flag or variable. */
export function inCliWords(text: string): string {
  return inCliTerms(renameOptions(text, wordOfOption));
}

export interface RotateSetup {
  options: RotateKeyOptions;
  /** Every credential read: no output may hold one. */
  credentials: string[];
  /** Said on stderr before the run (no record repository, say). */
  notes: string[];
}

/** Reads every setting and credential; throws one UsageError naming each mistake, before any request. */
export function readRotateSetup(settings: Settings, flags: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): RotateSetup {
  const reader = new SettingReader(settings);
  const mistakes = reader.mistakes;
  // The sources already refused: the library's check of the same option would say it twice.
  const failed = new Set<string>();
  const credential = (name: CredentialName) => {
    try {
      return readCredential(name, flags, env);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      mistakes.push(...error.mistakes);
      failed.add(name);
      return undefined;
    }
  };
  const apiKey = credential('apiKey');
  if (!apiKey && !failed.has('apiKey')) {
    mistakes.push('no platform API key: set NEON_API_KEY to the key being rotated, or pass --api-key-file with a file holding it');
    failed.add('apiKey');
  }
  const githubToken = credential('githubToken');
  const gitlabToken = credential('gitlabToken');
  const vercelToken = credential('vercelToken');
  const privateKey = credential('appPrivateKey');
  const managingApiKey = credential('managingApiKey');
  const notifyUrl = credential('notifyUrl');
  const appId = reader.read('app-id', (g) => nameText(g)) ?? (env.KEYTURN_GITHUB_APP_ID || undefined);
  const githubMistake = githubAccessMistake(githubToken, appId, privateKey);
  if (githubMistake) {
    mistakes.push(githubMistake);
    for (const source of ['githubToken', 'appPrivateKey', 'app-id']) failed.add(source);
  }

  const record = recordLocation(reader, env, mistakes);
  const targets = reader.read('targets', (g) => targetSpecs(g, env.GITHUB_REPOSITORY)) ?? (reader.failed.has('targets') ? [] : defaultTargets(env.GITHUB_REPOSITORY, mistakes));
  const keyKind = reader.read('key-kind', (g) => {
    if (!(KEY_KINDS as readonly string[]).includes(g.text)) throw new InputError(g.where, `must be one of ${KEY_KINDS.join(', ')}, not ${rejectedValue(g.text)}`);
    return g.text as (typeof KEY_KINDS)[number];
  });
  const orgId = reader.read('org-id', (g) => g.text);
  const projectId = reader.read('project-id', (g) => g.text);
  for (const [name, usedBy] of [['org-id', ['organization', 'project']], ['project-id', ['project']]] as const) {
    const given = settings.get(name);
    if (given && !(usedBy as readonly string[]).includes(keyKind ?? 'personal')) {
      mistakes.push(`${given.where} is given, but --key-kind is ${keyKind ?? 'personal'}, which does not use it: it is for --key-kind ${usedBy.join(' or ')}. Set --key-kind, or remove it`);
    }
  }
  const githubApiUrl = reader.read('github-api-url', (g) => g.text) ?? (env.GITHUB_API_URL || 'https://api.github.com');
  const options: RotateKeyOptions = {
    platform: { apiKey: apiKey as string, baseUrl: reader.read('api-url', (g) => g.text) ?? DEFAULT_BASE_URL, userAgent: 'keyturn-cli' },
    // No GitHub credential: none is passed, and the library says whether the targets or record need one.
    github: githubToken
      ? { token: githubToken, baseUrl: githubApiUrl }
      : appId || privateKey
        ? { appId: appId as string, privateKey: privateKey as string, baseUrl: githubApiUrl }
        : undefined,
    targets,
    // GitLab only when a token is given: the library then says which targets (or record) need it.
    gitlab: gitlabToken ? { token: gitlabToken, apiUrl: reader.read('gitlab-url', (g) => g.text) ?? (env.CI_API_V4_URL || DEFAULT_GITLAB_API_URL) } : undefined,
    // Vercel only when a token is given: the library then says which targets need it.
    vercel: vercelToken ? { token: vercelToken, apiUrl: reader.read('vercel-url', (g) => g.text) ?? DEFAULT_VERCEL_API_URL } : undefined,
    vercelRedeploy: !settings.flag('without-vercel-redeploy'),
    record,
    retireTargets: reader.read('retire-targets', (g) => targetSpecs(g, undefined)) ?? [],
    secretName: reader.read('secret-name', nameText) ?? DEFAULT_SECRET_NAME,
    family: reader.read('key-name-prefix', nameText),
    keep: reader.read('keep', (g) => parseInteger(g.where, g.text)),
    revokeKeyIds: reader.read('revoke-key-ids', keyIds),
    // The durations are the library's to read (one parser): a mistake names the setting below.
    rotateEvery: reader.read('rotate-every', (g) => g.text),
    revokeAfter: reader.read('revoke-after', (g) => g.text),
    dryRun: flags.dryRun === true,
    keyKind: keyKindOption(keyKind, orgId, projectId),
    managingApiKey,
    rebuildRecord: settings.flag('rebuild-record'),
    acknowledge: settings.flag('acknowledge'),
    notifyUrl,
    runUrl: runUrl(env),
    leakedKey: leakedKey(reader, mistakes),
    lease: settings.flag('without-lease')
      ? false
      : { holder: leaseHolder(env), ...optional('waitMs', reader.read('lease-wait', (g) => parseDuration(g.where, g.text, { minMs: 0 }))) },
  };
  // The library's rules, for what could be read; one mistake per source.
  for (const name of reader.failed) failed.add(name);
  for (const mistake of checkRotateKeyOptions(options)) {
    if (mistake instanceof AccessMissingError && mistake.option === 'github' && options.github === undefined) {
      const needed = mistake.needs.map((need) => GITHUB_NEEDS[need]).join(' and ');
      mistakes.push(`no GitHub credential, needed ${needed}: set GITHUB_TOKEN to a token that can write them (or pass --github-token-file), or give a GitHub App (--app-id and KEYTURN_GITHUB_APP_PRIVATE_KEY)`);
      continue;
    }
    // No lease is a record missing: said where the record is given.
    const where = mistake.option === 'lease' ? flagOf('record-repo') : whereOf(mistake.option, settings);
    if (where === undefined) throw mistake;
    const source = sourceName(mistake.option);
    if (failed.has(source)) continue;
    failed.add(source);
    // A leaked key's value pasted as its fingerprint is never quoted.
    const quiet = source === 'leaked-key-fingerprint';
    const given = settingOf(mistake.option) && !quiet ? settings.get(settingOf(mistake.option)!)?.text : undefined;
    mistakes.push(inCliWords(optionMistakeAt(where, mistake, given)));
  }
  if (mistakes.length) throw new UsageError(mistakes);
  const notes = record || options.lease !== false
    ? []
    : [
        'No --record-repo nor --record-gitlab-project (nor GITHUB_REPOSITORY or, in GitLab CI, CI_PROJECT_ID): the run keeps no target record, so a target dropped from the list is not recognised and a key it still holds may be revoked.',
      ];
  return { options, credentials: [apiKey, githubToken, gitlabToken, vercelToken, privateKey, managingApiKey, notifyUrl].filter((v): v is string => Boolean(v)), notes };
}

/** The CI job's URL, where there is one: kept in a stuck mark and named by the issue. */
function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID) return `${env.GITHUB_SERVER_URL || 'https://github.com'}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
  return env.CI_JOB_URL || undefined;
}

/** Who holds the lease, for a run that waits on it: the CI job's URL where there is one, else this host and process. */
function leaseHolder(env: NodeJS.ProcessEnv): string {
  const url = runUrl(env);
  if (url) return url;
  return `keyturn rotate on ${hostname()} (process ${process.pid})`;
}

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));

/** What needs a GitHub credential, in the CLI's words. */
const GITHUB_NEEDS: Record<AccessNeed, string> = {
  targets: 'to write GitHub secrets',
  'retire-targets': 'to check retireTargets',
  record: "to keep the record in --record-repo's variables",
};

/**
 * Where the target record is kept: --record-repo or --record-gitlab-project (one of them); else
 * the GitHub repository of a GitHub Actions job (GITHUB_REPOSITORY); else, in a GitLab CI job,
 * the pipeline's own project (CI_PROJECT_ID); else none.
 */
function recordLocation(reader: SettingReader, env: NodeJS.ProcessEnv, mistakes: string[]): RotateKeyOptions['record'] {
  const repository = reader.read('record-repo', (g) => nameText(g));
  const gitlab = reader.read('record-gitlab-project', (g) => nameText(g));
  if (repository && gitlab) {
    mistakes.push(`${flagOf('record-repo')} and ${flagOf('record-gitlab-project')} are both given: the record is kept in one place, so remove one`);
    return undefined;
  }
  if (repository) return { repository };
  if (gitlab) return { gitlab };
  if (reader.failed.has('record-repo') || reader.failed.has('record-gitlab-project')) return undefined;
  if (env.GITHUB_REPOSITORY) return { repository: env.GITHUB_REPOSITORY };
  if (env.GITLAB_CI === 'true' && env.CI_PROJECT_ID) return { gitlab: env.CI_PROJECT_ID };
  return undefined;
}

/** --leaked-key-id or --leaked-key-fingerprint as rotateKey's leakedKey; both is a mistake. */
function leakedKey(reader: SettingReader, mistakes: string[]): RotateKeyOptions['leakedKey'] {
  const id = reader.read('leaked-key-id', (g) => parseInteger(g.where, g.text, { min: 1 }));
  const fingerprint = reader.read('leaked-key-fingerprint', (g) => g.text.trim());
  if (id !== undefined && fingerprint !== undefined) {
    mistakes.push(`${flagOf('leaked-key-fingerprint')} and ${flagOf('leaked-key-id')} are both given: name the leaked key one way, by its id or by its fingerprint, and remove the other`);
    return undefined;
  }
  if (id !== undefined) return { id };
  if (fingerprint !== undefined) return { fingerprint };
  return undefined;
}

/** A value given as a fingerprint that is not one may be the leaked key pasted by mistake: never printed. */
export function pastedLeakedKey(settings: Settings): string | undefined {
  const text = settings.get('leaked-key-fingerprint')?.text.trim();
  return text && !/^[0-9a-fA-F]{16}$/.test(text) ? text : undefined;
}

/** The setting or credential behind an option, as `failed` names it. */
function sourceName(option: string): string {
  const source = SOURCE_OF_OPTION[option];
  if (!source) return option;
  return 'setting' in source ? source.setting : 'credential' in source ? source.credential : source.flag;
}

function settingOf(option: string): SettingName | undefined {
  const source = SOURCE_OF_OPTION[option];
  return source && 'setting' in source ? source.setting : undefined;
}

/** Where the value of `option` came from: the flag or keyturn.yml line of its setting, or its credential. */
function whereOf(option: string, settings: Settings): string | undefined {
  const setting = settingOf(option);
  if (setting) return settings.get(setting)?.where ?? flagOf(setting);
  return wordOfOption(option);
}

/** GitHub is reached one way: GITHUB_TOKEN, or a GitHub App's id with its private key. */
function githubAccessMistake(token: string | undefined, appId: string | undefined, privateKey: string | undefined): string | undefined {
  if (token && (appId || privateKey)) {
    return `GITHUB_TOKEN (or --github-token-file) and a GitHub App (--app-id, KEYTURN_GITHUB_APP_PRIVATE_KEY) are both given: reach GitHub one way, and remove the other`;
  }
  if (token) return undefined;
  if (appId && !privateKey) return `--app-id needs the App's private key: set KEYTURN_GITHUB_APP_PRIVATE_KEY, or pass --app-private-key-file with the .pem file`;
  if (privateKey && !appId) return `the App's private key needs its id: pass --app-id (App settings > General > App ID), or set KEYTURN_GITHUB_APP_ID`;
  // Neither: a run with only GitLab targets and record needs none (the library's check says when one is needed).
  return undefined;
}

function keyKindOption(kind: string | undefined, orgId: string | undefined, projectId: string | undefined): KeyKind | undefined {
  if (kind === 'organization') return { kind, orgId: orgId as string };
  if (kind === 'project') return { kind, orgId: orgId as string, projectId: projectId as string };
  return undefined;
}

/** A name (secret, key prefix, repository) is printed once accepted: a value shaped like a key is refused first. */
function nameText(given: Given): string {
  if (looksLikeCredential(given.text)) throw new InputError(given.where, `is ${rejectedValue(given.text)}, not a name`);
  return given.text;
}

function keyIds(given: Given): number[] {
  const items = given.items.flatMap(splitList);
  return unique(
    items.map((item) => {
      const id = /^\d{1,15}$/.test(item) ? Number(item) : 0;
      if (id < 1) throw new InputError(given.where, `holds ${rejectedValue(item)}, not a key id: key ids are positive whole numbers`);
      return id;
    }),
  );
}

/** No target given: the current repository in a GitHub Actions job, else a mistake. */
function defaultTargets(repository: string | undefined, mistakes: string[]): TargetSpec[] {
  if (repository) return parseTargetSpecs('', { defaultRepository: repository });
  mistakes.push('no target: pass --target repo:OWNER/REPO (repeatable), or list targets in keyturn.yml');
  return [];
}

/** Target specs, parsed by the library: each malformed one named by its place in the list. */
export function targetSpecs(given: Given, defaultRepository: string | undefined): TargetSpec[] {
  let specs: TargetSpec[];
  try {
    specs = parseTargetSpecs(given.items, { defaultRepository });
  } catch (error) {
    if (!(error instanceof TargetSpecError)) {
      if (error instanceof OptionError) throw new UsageError([optionMistakeAt(given.where, error, given.text)]);
      throw error;
    }
    // A problem's line is its item's place in the list: a file's list names the item's own line.
    const placeOf = (line: number) => given.itemWheres?.[line - 1] ?? given.where;
    throw new UsageError(
      error.problems.map((p) => `${placeOf(p.line)}: ${p.line ? `target ${p.line} ` : ''}${p.text ? `(${rejectedValue(p.text)}) ` : ''}${withoutEchoes(p.problem, p.text)}`),
    );
  }
  // Target names reach request paths and the output: one shaped like a key was pasted by mistake.
  const pasted = specs.map(formatTargetSpec).findIndex(looksLikeCredential);
  if (pasted >= 0) throw new InputError(given.where, `target ${pasted + 1} is ${rejectedValue(formatTargetSpec(specs[pasted]!))}: a target names a repository, environment or organization`);
  return specs;
}
