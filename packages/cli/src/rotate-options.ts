// `keyturn rotate`'s settings as rotateKey's options: every option of the option catalogue
// (@keyturn/rotation/catalogue) with a CLI spelling, from a flag, keyturn.yml or (credentials) the
// environment or a file, read by its type and passed on at its path. Every rule about the values is
// the library's (checkRotateKeyOptions); its mistakes name an option, said here as the flag, file
// line or variable that set it. All are checked, and all mistakes reported at once, before any request.

import { OptionError } from '@keyturn/api';
import { parseChoice, parseDuration, parseInteger, parseKeyIds, rejectedValue, withoutEchoes } from '@keyturn/api/values';
import { type AccessNeed, AccessMissingError, checkRotateKeyOptions, type RotateKeyOptions, renameOptions } from '@keyturn/rotation';
import { type CatalogueName, type CredentialName, catalogueOptions, isCredential, optionsFromValues } from '@keyturn/rotation/catalogue';
import { parseTargetSpecs, type TargetSpec, TargetSpecError } from '@keyturn/rotation/targets';
import { hostname } from 'node:os';
import { UsageError } from './cli-error.js';
import { inCliTerms } from './client-words.js';
import { credentialSource, readCredential } from './credentials.js';
import { type Given, optionMistakeAt, SettingReader, type Settings } from './setting-reader.js';
import { flagOf, optionKey, type SettingName } from './settings.js';

type Values = Partial<Record<CatalogueName, unknown>>;
type Option = (typeof OPTIONS)[number];

/** The options `keyturn rotate` reads: the catalogue's with a CLI spelling, but alert mode's. */
const OPTIONS = catalogueOptions().filter((option) => option.cli !== undefined && option.mode !== 'alerts');

/** How a message names an option: `--revoke-key-id`, `NEON_API_KEY (or --api-key-file)`. */
export function wordOfOption(path: string): string | undefined {
  const option = optionAt(path);
  if (!option?.cli) return undefined;
  return option.cli.file ? credentialSource(option.name as CredentialName) : option.cli.flag!.split(' ')[0];
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
  // The options already refused: the library's check of the same option would say it twice.
  const failed = new Set<string>();
  const values: Values = {};
  for (const option of OPTIONS) {
    try {
      values[option.name] = readOption(option, reader, flags, env);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      mistakes.push(...error.mistakes);
      failed.add(option.name);
    }
    if (option.cli?.key && reader.failed.has(option.cli.key as SettingName)) failed.add(option.name);
  }
  if (!values['api-key'] && !failed.has('api-key')) {
    mistakes.push('no platform API key: set NEON_API_KEY to the key being rotated, or pass --api-key-file with a file holding it');
    failed.add('api-key');
  }
  if (values.targets === undefined && !failed.has('targets')) values.targets = defaultTargets(env.GITHUB_REPOSITORY, mistakes);
  Object.assign(values, recordLocation(values, failed, env, mistakes));
  const options = optionsFromValues(values);
  options.platform = { ...(options.platform as object), userAgent: 'keyturn-cli' } as RotateKeyOptions['platform'];
  if (options.lease !== false) options.lease = { ...options.lease, holder: leaseHolder(env) };
  options.runUrl = runUrl(env);
  for (const mistake of checkRotateKeyOptions(options)) {
    if (mistake instanceof AccessMissingError && mistake.option === 'github' && options.github === undefined) {
      const needed = mistake.needs.map((need) => GITHUB_NEEDS[need]).join(' and ');
      const give =
        'set GITHUB_TOKEN to a token that can write them (or pass --github-token-file), ' +
        'or give a GitHub App (--app-id and KEYTURN_GITHUB_APP_PRIVATE_KEY)';
      mistakes.push(`no GitHub credential, needed ${needed}: ${give}`);
      continue;
    }
    // No lease is a record missing: said where the record is given.
    const option = mistake.option === 'lease' ? OPTIONS.find((o) => o.name === 'record-repo') : optionAt(mistake.option);
    if (option === undefined) throw mistake;
    if (failed.has(option.name)) continue;
    failed.add(option.name);
    const key = option.cli?.key as SettingName | undefined;
    const where = key ? (settings.get(key)?.where ?? flagOf(key)) : wordOfOption(option.path!)!;
    // A credential, and a leaked key's value pasted as its fingerprint, are never quoted.
    const given = key && option.name !== 'leaked-key-fingerprint' ? settings.get(key)?.text : undefined;
    mistakes.push(inCliWords(optionMistakeAt(where, mistake, given)));
  }
  if (mistakes.length) throw new UsageError(mistakes);
  const notes =
    options.record || options.lease !== false
      ? []
      : [
          'No --record-repo nor --record-gitlab-project (nor GITHUB_REPOSITORY or, in GitLab CI, CI_PROJECT_ID): the run keeps no ' +
            'target record, so a target dropped from the list is not recognised and a key it still holds may be revoked.',
        ];
  const credentials = OPTIONS.filter(isCredential).map((option) => values[option.name]);
  return { options, credentials: credentials.filter((v): v is string => typeof v === 'string' && v !== ''), notes };
}

/** The option a library message names by `path` (or an alias). */
function optionAt(path: string): Option | undefined {
  return OPTIONS.find((option) => option.path === path || option.aliases?.includes(path));
}

/**
 * One option's value: a credential from its file or variable; a bare flag as true (false when it
 * turns the option off); else its setting read by type, else its variable, else its default.
 */
function readOption(option: Option, reader: SettingReader, flags: Record<string, unknown>, env: NodeJS.ProcessEnv): unknown {
  const cli = option.cli!;
  if (cli.file) return readCredential(option.name as CredentialName, flags, env);
  if (option.type === 'boolean') {
    const given = cli.key ? reader.settings.flag(cli.key as SettingName) : flags[optionKey(cli.flag!.split(' ')[0]!)] === true;
    return given ? !cli.negates : undefined;
  }
  const key = cli.key as SettingName;
  const parse = (given: Given) => readValue(option, given, option.name === 'targets' ? env.GITHUB_REPOSITORY : undefined);
  const text = reader.settings.get(key) ? undefined : (cli.env && env[cli.env]) || option.default;
  return reader.read(key, parse) ?? (text ? readValue(option, { text, items: [text], where: flagOf(key) }, undefined) : undefined);
}

/** A setting's text as its option's type reads it; a mistake names where it was given. */
function readValue(option: Option, given: Given, defaultRepository: string | undefined): unknown {
  switch (option.type) {
    case 'integer':
      return parseInteger(given.where, given.text, { min: option.min });
    case 'duration':
      return parseDuration(given.where, given.text, { minMs: 0 });
    case 'choice':
      return parseChoice(given.where, given.text, option.choices ?? []);
    case 'targets':
      return targetSpecs(given, defaultRepository);
    case 'key-ids':
      return parseKeyIds(given.where, given.items.join('\n'));
    default:
      return given.text;
  }
}

/** Who holds the lease, for a run that waits on it: the CI job's URL where there is one, else this host and process. */
function leaseHolder(env: NodeJS.ProcessEnv): string {
  return runUrl(env) ?? `keyturn rotate on ${hostname()} (process ${process.pid})`;
}

/** The CI job's URL, where there is one: kept in a stuck mark and named by the issue. */
function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID)
    return `${env.GITHUB_SERVER_URL || 'https://github.com'}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
  return env.CI_JOB_URL || undefined;
}

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
function recordLocation(values: Values, failed: Set<string>, env: NodeJS.ProcessEnv, mistakes: string[]): Values {
  const places = ['record-repo', 'record-gitlab-project'] as const;
  if (places.every((place) => values[place])) {
    const both = `${flagOf('record-repo')} and ${flagOf('record-gitlab-project')} are both given`;
    mistakes.push(`${both}: the record is kept in one place, so remove one`);
    for (const place of places) failed.add(place);
    return { 'record-repo': undefined, 'record-gitlab-project': undefined };
  }
  if (places.some((place) => values[place] || failed.has(place))) return {};
  if (env.GITHUB_REPOSITORY) return { 'record-repo': env.GITHUB_REPOSITORY };
  if (env.GITLAB_CI === 'true' && env.CI_PROJECT_ID) return { 'record-gitlab-project': env.CI_PROJECT_ID };
  return {};
}

/** A value given as a fingerprint that is not one may be the leaked key pasted by mistake: never printed. */
export function pastedLeakedKey(settings: Settings): string | undefined {
  const text = settings.get('leaked-key-fingerprint')?.text.trim();
  return text && !/^[0-9a-fA-F]{16}$/.test(text) ? text : undefined;
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
      error.problems.map((p) => {
        const where = `${placeOf(p.line)}: ${p.line ? `target ${p.line} ` : ''}`;
        return `${where}${p.text ? `(${rejectedValue(p.text)}) ` : ''}${withoutEchoes(p.problem, p.text)}`;
      }),
    );
  }
  return specs;
}
