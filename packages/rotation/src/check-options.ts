// rotateKey's options checked and defaulted, building nothing and sending nothing: every check of an
// option lives here (or in the validator it calls), so the Action and any other caller get the same
// answer, an OptionError naming the option's path, all of them at once. connect.ts builds the run's
// clients from what passes.

import { type ClientOptions, checkClientOptions, OptionError, type PlatformClient } from '@keyturn/api';
import { platformKeyProblem, type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { type AccessNeed, AccessMissingError } from './access-missing.js';
import { optionalClockDuration } from './clock/duration.js';
import { stuckOptionProblems } from './stuck/stuck-options.js';
import { checkLeakedKey } from './emergency/leaked-key.js';
import { validateFamily } from './family.js';
import { checkAppId, checkPrivateKey, isAppAccess } from './github-app/app-access.js';
import type { AppCredentials } from './github-app/installation-tokens.js';
import { checkGitHubClientOptions, checkGitHubSettings, type GitHubClient, type GitHubClientOptions, type GitHubClientSettings } from './github-client/octokit.js';
import { checkKeyKind } from './key-kind/key-kind.js';
import type { RotateKeyOptions, RunSettings } from './options.js';
import { DEFAULT_LEASE_TIMINGS, type LeaseTimings } from './lease/lease-backend.js';
import { keyFingerprint } from './record/fingerprint.js';
import type { RecordStore } from './record/target-record.js';
import { DEFAULT_SECRET_NAME, validateSecretName } from './secret-name.js';
import { checkCodespacesReach } from './targets/codespaces-access.js';
import { identityOf, type SecretTarget } from './targets/secret-target.js';
import { checkGitLabAccess, type GitLabAccess } from './targets/gitlab/gitlab-client.js';
import { isGitLabSpec, isVercelSpec, kindOf, type TargetSpec, targetIdentity } from './targets/kinds/registry.js';
import { checkVercelAccess, type VercelAccess } from './targets/vercel/vercel-client.js';
import { checkTargetSpecs, parseTargetSpecs, TargetSpecError } from './targets/spec.js';

/** The most keys `keep` holds valid: the target record remembers this many (record/target-record.ts). */
const MAX_KEEP = 100;

/** GitHub as given, checked: an Octokit of the caller's, a token's client options, or an App. */
export type CheckedGitHub =
  | { octokit: GitHubClient }
  | { token: GitHubClientOptions }
  | { app: AppCredentials; settings: GitHubClientSettings };

/** The options checked and defaulted, as plain values: what connect.ts builds the run from. */
export interface CheckedOptions extends RunSettings {
  /** The caller's platform client (and the runtime to run it on, when given), or createClient's options (checked). */
  platform: { client: PlatformClient; runtime?: Runtime } | { options: ClientOptions };
  managingApiKey: string | undefined;
  github: CheckedGitHub | undefined;
  gitlab: GitLabAccess | undefined;
  vercel: VercelAccess | undefined;
  vercelRedeploy: boolean | undefined;
  /** SecretTarget objects as given, or specs (GitHub's written through `github`, GitLab's through `gitlab`). */
  targets: { objects: SecretTarget[] } | { specs: TargetSpec[] };
  retire: Array<{ identity: string; spec: TargetSpec }>;
  record: { repository: string } | { gitlab: string } | RecordStore | undefined;
  issueToken: string | undefined;
}

/**
 * Every mistake in `options`, each an OptionError naming its option (`secretName`,
 * `platform.baseUrl`, `github.token`, `targets`, ...); empty when rotateKey would accept them.
 * Builds no client and sends no request. The rotate-key Action checks its inputs with it, all at once.
 */
export function checkRotateKeyOptions(options: RotateKeyOptions): OptionError[] {
  return checkOptions(options).problems;
}

/** `options` checked and defaulted (`checked` when there is no problem), every mistake listed. */
export function checkOptions(options: RotateKeyOptions): { checked?: CheckedOptions; problems: OptionError[] } {
  if (!options || typeof options !== 'object') {
    return { problems: [new OptionError('options', 'rotateKey needs an options object')] };
  }
  const problems: OptionError[] = [];
  // Each option is checked on its own, so one mistake does not hide the next.
  const check = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof OptionError)) throw error;
      problems.push(error);
      return undefined;
    }
  };
  const runtime = options.runtime ?? systemRuntime;
  const { signal } = options;
  const platform = check(() => checkPlatform(options));
  const kind = checkKeyKind(options.keyKind, options.managingApiKey, platform?.currentKey);
  problems.push(...kind.problems);
  const github = check(() => checkGitHub(options));
  const gitlab = check(() => checkGitLab(options));
  const vercel = check(() => checkVercel(options));
  if (options.vercelRedeploy !== undefined && typeof options.vercelRedeploy !== 'boolean') {
    problems.push(new OptionError('vercelRedeploy', 'vercelRedeploy must be true or false'));
  }
  const secretName = check(() => {
    const name = options.secretName ?? DEFAULT_SECRET_NAME;
    validateSecretName(name);
    return name;
  });
  const targets = check(() => checkTargets(options)) ?? { specs: [] };
  if (options.family !== undefined) check(() => validateFamily(options.family as string));
  const retire = check(() => checkRetired(options, targets)) ?? [];
  const record = check(() => checkRecord(options));
  if (github) {
    const reach = gitHubReach(github);
    if ('specs' in targets) check(() => checkCodespacesReach(targets.specs, reach, 'targets'));
    check(() => checkCodespacesReach(retire.map((r) => r.spec), reach, 'retireTargets'));
  }
  const noGitHub = options.github === undefined && missingGitHub({ targets, retire, record });
  if (noGitHub) problems.push(noGitHub);
  const noGitLab = options.gitlab === undefined && missingGitLab({ targets, retire, record });
  if (noGitLab) problems.push(noGitLab);
  const noVercel = options.vercel === undefined && missingVercel({ targets, retire });
  if (noVercel) problems.push(noVercel);
  const keep = options.keep ?? 1;
  if (!Number.isInteger(keep) || keep < 1 || keep > MAX_KEEP) {
    problems.push(new OptionError('keep', `keep must be a whole number of at least 1 and at most ${MAX_KEEP}, not ${keep}`));
  }
  const revokeKeyIds = [...new Set(options.revokeKeyIds ?? [])];
  const badId = revokeKeyIds.find((id) => !Number.isSafeInteger(id) || id < 1);
  if (badId !== undefined) {
    problems.push(new OptionError('revokeKeyIds', `revokeKeyIds must be key ids (positive whole numbers), not ${badId}`));
  }
  const leakedKey = check(() => checkLeakedKey(options.leakedKey));
  const rotateEveryMs = check(() => optionalClockDuration('rotateEvery', options.rotateEvery));
  const revokeAfterMs = check(() => optionalClockDuration('revokeAfter', options.revokeAfter));
  // The key the targets hold is the record's word: without one, the age of no key can be trusted.
  if (rotateEveryMs !== undefined && (options.record === undefined || options.record === false)) {
    problems.push(new OptionError('rotateEvery', 'rotateEvery needs a record (`record`): the record says which key the targets hold, whose age decides'));
  }
  const verify = { timeoutMs: options.verify?.timeoutMs ?? 30_000, intervalMs: options.verify?.intervalMs ?? 1000 };
  if (!(verify.timeoutMs >= 0)) problems.push(new OptionError('verify.timeoutMs', 'verify.timeoutMs must be at least 0'));
  if (!(verify.intervalMs > 0)) problems.push(new OptionError('verify.intervalMs', 'verify.intervalMs must be above 0'));
  const lostCreateCheck = {
    attempts: options.lostCreateCheck?.attempts ?? 3,
    intervalMs: options.lostCreateCheck?.intervalMs ?? 2000,
  };
  if (!Number.isInteger(lostCreateCheck.attempts) || lostCreateCheck.attempts < 1) {
    problems.push(new OptionError('lostCreateCheck.attempts', 'lostCreateCheck.attempts must be a whole number of at least 1'));
  }
  if (!(lostCreateCheck.intervalMs >= 0)) {
    problems.push(new OptionError('lostCreateCheck.intervalMs', 'lostCreateCheck.intervalMs must be at least 0'));
  }
  const lease = check(() => checkLease(options, record));
  problems.push(...stuckOptionProblems(options));
  if (signal !== undefined && !(signal instanceof AbortSignal)) problems.push(new OptionError('signal', 'signal must be an AbortSignal'));
  if (problems.length || !platform || !secretName || !kind.scope || lease === undefined) return { problems };
  const { now } = options;
  return {
    problems,
    checked: {
      platform: platform.access,
      currentKey: platform.currentKey,
      keyScope: kind.scope,
      managingApiKey: kind.managingApiKey,
      managingKeyFingerprint: kind.managingApiKey === undefined ? undefined : keyFingerprint(kind.managingApiKey),
      rebuildRecord: options.rebuildRecord === true,
      github,
      gitlab,
      vercel,
      vercelRedeploy: options.vercelRedeploy,
      targets,
      secretName,
      pinnedFamily: options.family,
      record,
      retire,
      keep,
      revokeKeyIds,
      rotateEveryMs,
      revokeAfterMs,
      leakedKey,
      dryRun: options.dryRun ?? false,
      acknowledge: options.acknowledge === true,
      notifyUrl: options.notifyUrl,
      notifyFetch: options.notifyFetch,
      runUrl: options.runUrl,
      issueToken: options.issueToken,
      lease,
      now: typeof now === 'function' ? now : now ? () => now : () => new Date(runtime.now()),
      verify,
      lostCreateCheck,
      onKeyCreated: options.onKeyCreated,
      runtime,
      signal,
    },
  };
}

/**
 * The lease (lease/): kept where the record is, so a run without a record store that offers one
 * (none at all, or a store of the caller's without `lease`) is refused unless the caller opts out.
 * A dry run writes nothing and takes none.
 */
function checkLease(options: RotateKeyOptions, record: CheckedOptions['record']): RunSettings['lease'] {
  const { lease } = options;
  if (lease === false) return false;
  if (lease !== undefined && (typeof lease !== 'object' || lease === null)) throw new OptionError('lease', 'lease must be false or an object: { holder?, waitMs? }');
  const timings = { ...DEFAULT_LEASE_TIMINGS };
  for (const name of Object.keys(DEFAULT_LEASE_TIMINGS) as Array<keyof LeaseTimings>) {
    const ms = lease?.[name] ?? timings[name];
    if (!(Number.isFinite(ms) && ms >= 0)) throw new OptionError(`lease.${name}`, `lease.${name} must be a number of milliseconds of at least 0, not ${ms}`);
    timings[name] = ms;
  }
  const holder = lease?.holder ?? 'a keyturn run';
  if (typeof holder !== 'string' || !holder.trim()) throw new OptionError('lease.holder', 'lease.holder must be text that names the run (its URL, say)');
  const offersLease = record !== undefined && (!('load' in record) || record.lease !== undefined);
  if (!offersLease && options.dryRun !== true) {
    throw new OptionError(
      'lease',
      record === undefined
        ? 'no record store is given, so no lease keeps two runs of the family apart: give `record` (a repository or GitLab project), or, if every run of this family is in one concurrency group, opt out of the lease (`lease`)'
        : 'the record store given offers no lease (no create that fails when the name exists), so nothing keeps two runs of the family apart: give a store that offers one, or, if every run of this family is in one concurrency group, opt out of the lease (`lease`)',
    );
  }
  return { holder: holder.trim(), timings };
}

/** The platform and the current key's value, through whichever door the caller used. */
function checkPlatform(options: RotateKeyOptions): { access: CheckedOptions['platform']; currentKey: string | undefined } {
  const { platform } = options;
  if (platform !== undefined && options.client !== undefined) {
    throw new OptionError('platform', 'give the platform once: platform (options, or { client, apiKey }), or client');
  }
  if (platform === undefined) {
    const { client } = options;
    if (!isPlatformClient(client)) {
      throw new OptionError('platform', 'platform is required: the options of createClient (with apiKey), or { client, apiKey }');
    }
    // The key written back in a rollback must be the key the preflight proves: the client holds it.
    return { access: { client, runtime: options.runtime }, currentKey: checkedKey('apiKey', options.apiKey || undefined) };
  }
  if (typeof platform !== 'object' || platform === null) throw new OptionError('platform', 'platform must be an object');
  if ('client' in platform) {
    if (!isPlatformClient(platform.client)) throw new OptionError('platform.client', 'platform.client must be a client of createClient (@keyturn/api)');
    if (!platform.apiKey) throw new OptionError('platform.apiKey', 'platform.apiKey is required with platform.client: the current key, written back if a target fails');
    return { access: { client: platform.client, runtime: options.runtime }, currentKey: checkedKey('platform.apiKey', platform.apiKey) };
  }
  const clientOptions: ClientOptions = { runtime: options.runtime ?? systemRuntime, ...platform };
  try {
    checkClientOptions(clientOptions);
  } catch (error) {
    if (error instanceof OptionError) throw new OptionError(`platform.${error.option}`, error.message);
    throw error;
  }
  return { access: { options: clientOptions }, currentKey: platform.apiKey };
}

/** A credential of the wrong service is refused before it is sent anywhere (it would reach the wrong service). */
function checkedKey(option: string, key: string | undefined): string | undefined {
  const problem = key === undefined ? undefined : platformKeyProblem(key);
  if (problem) throw new OptionError(option, `${option} ${problem}`);
  return key;
}

function isPlatformClient(value: unknown): value is PlatformClient {
  const client = value as Partial<PlatformClient> | undefined;
  return typeof client === 'object' && client !== null && typeof client.apiKeys === 'object' && typeof client.withOptions === 'function';
}

/** GitHub access, one way: a token, a GitHub App, or an Octokit; each credential checked as its client would. */
function checkGitHub(options: RotateKeyOptions): CheckedGitHub | undefined {
  const { github } = options;
  if (github === undefined) return undefined;
  if (typeof github !== 'object' || github === null) {
    throw new OptionError('github', 'github must be an object: { token, ... }, { appId, privateKey, ... } or { octokit }');
  }
  if ('octokit' in github) return { octokit: github.octokit };
  try {
    if (!isAppAccess(github)) {
      checkGitHubClientOptions(github);
      return { token: github };
    }
    if ('token' in github) throw new OptionError('github', 'github takes one credential: a token, or a GitHub App (appId and privateKey), not both');
    const { appId, privateKey, onToken, ...settings } = github;
    const app = { appId: checkAppId(appId), privateKey: checkPrivateKey(privateKey), onToken };
    checkGitHubSettings(settings);
    return { app, settings };
  } catch (error) {
    if (error instanceof OptionError && error.option !== 'github') throw new OptionError(`github.${error.option}`, error.message);
    throw error;
  }
}

/** The API root the run's clients use, and whether they are an App's. */
function gitHubReach(github: CheckedGitHub): { baseUrl: string | undefined; app: boolean } {
  if ('token' in github) return { baseUrl: github.token.baseUrl, app: false };
  if ('app' in github) return { baseUrl: github.settings.baseUrl, app: true };
  // A caller's Octokit: its own base URL; the credential behind it is the caller's to know.
  const baseUrl = (github.octokit as { request?: { endpoint?: { DEFAULTS?: { baseUrl?: unknown } } } }).request?.endpoint?.DEFAULTS?.baseUrl;
  return { baseUrl: typeof baseUrl === 'string' ? baseUrl : undefined, app: false };
}

/** GitLab access: a token (and the API root); checked as its client would, building nothing. */
function checkGitLab(options: RotateKeyOptions): GitLabAccess | undefined {
  if (options.gitlab === undefined) return undefined;
  checkGitLabAccess(options.gitlab);
  return options.gitlab;
}

/** Vercel access: a token (and the API root); checked as its client would, building nothing. */
function checkVercel(options: RotateKeyOptions): VercelAccess | undefined {
  if (options.vercel === undefined) return undefined;
  checkVercelAccess(options.vercel);
  return options.vercel;
}

function checkTargets(options: RotateKeyOptions): CheckedOptions['targets'] {
  const given = options.targets ?? [];
  const list: readonly unknown[] = typeof given === 'string' ? [given] : given;
  // Specs of one secret are refused by the parser, with their lines; objects here.
  if (list.length && list.every(isSecretTarget)) return { objects: refuseDuplicateTargets([...list]) };
  return { specs: readSpecs(list, 'targets', options.defaultRepository) };
}

/** GitHub access is missing for what needs it (one mistake of `github`, whatever needs it). */
function missingGitHub({ targets, retire, record }: Pick<CheckedOptions, 'targets' | 'retire' | 'record'>): OptionError | undefined {
  const needs = needsOf({
    targets: 'specs' in targets && targets.specs.some(isGitHubSpec),
    'retire-targets': retire.some(({ spec }) => isGitHubSpec(spec)),
    record: record !== undefined && 'repository' in record,
  });
  if (!needs.length) return undefined;
  const words = { targets: 'to write GitHub secrets', 'retire-targets': 'to check retireTargets', record: "to keep the record in record.repository's variables" };
  return new AccessMissingError('github', `github options (a token, a GitHub App, or an octokit) are required ${needs.map((n) => words[n]).join(' and ')}`, needs);
}

/** GitLab access is missing for what needs it: GitLab targets, or a record in a GitLab project. */
function missingGitLab({ targets, retire, record }: Pick<CheckedOptions, 'targets' | 'retire' | 'record'>): OptionError | undefined {
  const needs = needsOf({
    targets: 'specs' in targets && targets.specs.some(isGitLabSpec),
    'retire-targets': retire.some(({ spec }) => isGitLabSpec(spec)),
    record: record !== undefined && 'gitlab' in record,
  });
  if (!needs.length) return undefined;
  const words = { targets: 'to write GitLab CI/CD variables', 'retire-targets': 'to check GitLab retireTargets', record: "to keep the record in record.gitlab's variables" };
  // Worded from the token's name, so a caller naming its own input ("it is required") reads well.
  return new AccessMissingError('gitlab.token', `token is required ${needs.map((n) => words[n]).join(' and ')}: a GitLab personal, project or group access token with the \`api\` scope`, needs);
}

/** Vercel access is missing for Vercel targets (retired ones too: is the variable gone?). */
function missingVercel({ targets, retire }: Pick<CheckedOptions, 'targets' | 'retire'>): OptionError | undefined {
  const needs = needsOf({ targets: 'specs' in targets && targets.specs.some(isVercelSpec), 'retire-targets': retire.some(({ spec }) => isVercelSpec(spec)), record: false });
  if (!needs.length) return undefined;
  const words = { targets: "to write Vercel projects' environment variables", 'retire-targets': 'to check Vercel retireTargets', record: '' };
  return new AccessMissingError('vercel.token', `token is required ${needs.map((n) => words[n]).join(' and ')}: a Vercel access token whose scope includes the projects' team`, needs);
}

/** A spec of a GitHub store (written through `github`). */
function isGitHubSpec(spec: TargetSpec): boolean {
  return kindOf(spec).service === 'github';
}

function needsOf(needed: Record<AccessNeed, boolean>): AccessNeed[] {
  return (Object.keys(needed) as AccessNeed[]).filter((need) => needed[need]);
}

/** Spec text is parsed once; parsed specs are checked field by field and used as given. */
function readSpecs(list: readonly unknown[], option: string, defaultRepository?: string): TargetSpec[] {
  try {
    if (list.every((item) => typeof item === 'string')) return parseTargetSpecs(list as string[], { defaultRepository });
    if (!list.every(isTargetSpec)) {
      throw new OptionError(option, `${option} must be all spec text, all parsed TargetSpecs, or all SecretTarget objects`);
    }
    checkTargetSpecs(list, option);
    return [...list];
  } catch (error) {
    if (error instanceof TargetSpecError && error.option !== option) throw new TargetSpecError(error.problems, option);
    throw error;
  }
}

function isSecretTarget(value: unknown): value is SecretTarget {
  const target = value as Partial<SecretTarget> | undefined;
  if (typeof target !== 'object' || target === null || typeof target.describe !== 'function') return false;
  return target.takes === 'plain' ? typeof target.writeValue === 'function' : typeof (target as { writeSecret?: unknown }).writeSecret === 'function';
}

function isTargetSpec(value: unknown): value is TargetSpec {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/** The record's store: a repository's variables (through `github`) or the caller's store; none unless given. */
function checkRecord(options: RotateKeyOptions): CheckedOptions['record'] {
  const { record } = options;
  if (record === undefined || record === false) return undefined;
  if (typeof record !== 'object' || record === null) {
    throw new OptionError('record', "record must be { repository: 'OWNER/REPO' }, { gitlab: 'GROUP/PROJECT' }, a RecordStore, or left out (no record)");
  }
  if ('load' in record) return record;
  if ('gitlab' in record) {
    const project = record.gitlab;
    // A project's full path (subgroups allowed) or its numeric id (CI_PROJECT_ID in a GitLab pipeline).
    const parsed = typeof project === 'string' ? parseOptional(`gitlab:${project}`) : undefined;
    // `gitlab:PROJECT` parses to a project's spec or to nothing; a scope would name one variable, not a project.
    if (!parsed || !isGitLabSpec(parsed) || parsed.environmentScope !== undefined) {
      throw new OptionError('record.gitlab', `record.gitlab must be a GitLab project's path (GROUP/PROJECT) or numeric id, not ${JSON.stringify(project)}`);
    }
    return { gitlab: project as string };
  }
  const { repository } = record;
  if (typeof repository !== 'string' || !/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repository)) {
    throw new OptionError('record.repository', `record.repository must be OWNER/REPO, not ${JSON.stringify(repository)}`);
  }
  return { repository };
}

/** Retired targets are GitHub specs, never also among the targets written. */
function checkRetired(options: RotateKeyOptions, targets: CheckedOptions['targets']): CheckedOptions['retire'] {
  const given = options.retireTargets ?? [];
  const list: readonly unknown[] = typeof given === 'string' ? [given] : given;
  if (list.every((item) => typeof item === 'string' && !item.trim())) return [];
  const specs = readSpecs(list, 'retireTargets');
  const written = new Set('objects' in targets ? targets.objects.map(identityOf) : targets.specs.map(targetIdentity));
  return specs.map((spec) => {
    const identity = targetIdentity(spec);
    if (written.has(identity)) {
      throw new OptionError('retireTargets', `${identity} is both a target and a target to retire: give it in one of them`);
    }
    return { identity, spec };
  });
}

/** Two targets of one secret (spelled apart) would be written twice and name no single family. */
function refuseDuplicateTargets(targets: SecretTarget[]): SecretTarget[] {
  const seen = new Map<string, string>();
  for (const target of targets) {
    const identity = identityOf(target);
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      throw new OptionError('targets', `targets ${earlier} and ${target.describe()} are the same secret: give it once`);
    }
    seen.set(identity, target.describe());
  }
  return targets;
}

/** The one spec `text` names, or undefined when it is not a spec. */
function parseOptional(text: string): TargetSpec | undefined {
  try {
    const specs = parseTargetSpecs(text);
    return specs.length === 1 ? specs[0] : undefined;
  } catch {
    return undefined;
  }
}
