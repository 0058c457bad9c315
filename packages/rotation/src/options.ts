// rotateKey's options, checked and defaulted before anything is asked of the platform or GitHub.
// Every check of an option lives here (or in the validator it calls), so the Action and any
// other caller get the same answer: an OptionError naming the option's path.

import { type ClientOptions, createClient, OptionError, type PlatformClient } from '@keyturn/api';
import { platformKeyProblem, type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { validateFamily } from './family.js';
import { checkAppId, checkPrivateKey, type GitHubAppAccess, isAppAccess } from './github-app/app-access.js';
import { InstallationTokens } from './github-app/installation-tokens.js';
import { type GitHubNeed, needOfSpec, recordNeed } from './github-app/needs.js';
import { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './github-client/octokit.js';
import type { RotationLogger } from './log.js';
import { checkKeyKind, type KeyKind, type KeyScope } from './key-kind/key-kind.js';
import { keyKindClient } from './key-kind/kind-client.js';
import type { RotationPlatformClient } from './platform.js';
import { githubVariableStore } from './record/github-variables.js';
import { keyFingerprint } from './record/fingerprint.js';
import type { RecordStore } from './record/target-record.js';
import { DEFAULT_SECRET_NAME, validateSecretName } from './secret-name.js';
import { createGitHubTarget } from './targets/github/index.js';
import { identityOf, type SecretTarget } from './targets/secret-target.js';
import { formatTargetSpec, parseTargetSpecs, type TargetSpec, TargetSpecError, targetIdentity } from './targets/spec.js';

/**
 * How to reach the platform: the options of `createClient` (the key is `apiKey`), or a client of
 * your own with the current key's value (written back to targets already written if a later one
 * cannot take the new key).
 */
export type PlatformAccess = ClientOptions | { client: PlatformClient; apiKey: string };

/**
 * How to reach GitHub: the options of `createGitHubClient` (a token), an Octokit of your own, or a
 * GitHub App (`appId`, `privateKey`: one installation token per owner, minted in the preflight with
 * only what the run needs and revoked at its end).
 */
export type GitHubAccess = GitHubClientOptions | { octokit: GitHubClient } | GitHubAppAccess;

/** Targets as spec text (lines or commas), spec lines, parsed specs, or SecretTarget objects. */
export type TargetList = string | readonly string[] | readonly TargetSpec[] | readonly SecretTarget[];

/** The options of `rotateKey`. Only the platform (`platform`, or `client`) is required. */
export interface RotateKeyOptions {
  /** How to reach the platform with the current key: the one door for the platform API key. */
  platform?: PlatformAccess;
  /**
   * DESIGN.md's form, still accepted: a platform client holding the current key. Prefer
   * `platform: { client, apiKey }`; give one of `platform` and `client`.
   */
  client?: PlatformClient;
  /**
   * With `client` only: the current key's value. The run then uses the client with this key, so the
   * key the preflight proves is the key written back if a later target fails.
   */
  apiKey?: string;
  /**
   * The kind of key rotated: personal (the default; `/api_keys`), an organization's key
   * (`{ kind: 'organization', orgId }`) or a project-scoped key (`{ kind: 'project', orgId,
   * projectId }`). The platform's key in `platform` is the one rotated.
   */
  keyKind?: KeyKind;
  /**
   * A key that creates, lists and revokes the rotated kind's keys when the rotated key cannot (a
   * project-scoped key manages no keys): a personal key of a member of the organization (an admin,
   * for an organization key) or an organization key, from its own secret. Reached with the same
   * platform options. The rotated key then proves itself with a request its own scope allows.
   * Refused with a personal kind.
   */
  managingApiKey?: string;
  /**
   * Rebuild the family's target record when it cannot be read (edited by hand, cut short): every
   * live key of the family stays valid until named in revokeKeyIds, as a target the lost record
   * named may hold it. Leave it out once the record is rebuilt.
   */
  rebuildRecord?: boolean;
  /** How to reach GitHub; needed when targets are given as specs. */
  github?: GitHubAccess;
  /**
   * Spec text (lines or commas), spec lines, parsed `TargetSpec`s (from `parseTargetSpecs`), or
   * SecretTarget objects. Default: the current repository.
   */
  targets?: TargetList;
  /** `OWNER/REPO` used when no target is given; default GITHUB_REPOSITORY. */
  defaultRepository?: string;
  /** The secret written in every target. Default NEON_API_KEY. */
  secretName?: string;
  /**
   * Key name prefix. Default: the family the target record names for these targets, else the
   * family of earlier keys derived from one of the targets, else one derived from the targets in
   * sorted order (reordering them never changes it).
   */
  family?: string;
  /**
   * Where the record of which targets hold the family's keys is kept (see README, "Dropped
   * targets"). Default: the variables of `defaultRepository` / GITHUB_REPOSITORY when GitHub access
   * is given; `false` keeps none (a dropped target is then not recognised).
   */
  record?: { repository: string } | RecordStore | false;
  /**
   * Targets taken out of the rotation (spec text, lines or parsed specs): once their secret is gone,
   * the record forgets them and the keys they held may be revoked. A target still holding the secret
   * is refused.
   */
  retireTargets?: string | readonly string[] | readonly TargetSpec[];
  /** How many newest keys of the family stay valid, the new one included: 1 to 100. Default 1. */
  keep?: number;
  /** Further key ids to revoke once every target holds the new key (e.g. the console-made key). */
  revokeKeyIds?: readonly number[];
  /** Check everything and return the plan; change nothing. */
  dryRun?: boolean;
  /** Receives every progress line; what it throws is ignored. */
  log?: RotationLogger;
  /** The clock of the key name's timestamp. Default: the runtime's clock. */
  now?: Date | (() => Date);
  /** How long the new key may take to work, and how often it is tried. Default 30 s, every 1 s. */
  verify?: { timeoutMs?: number; intervalMs?: number };
  /**
   * After a create whose answer was lost, how many times the keys are listed to find the key it
   * may have made (a slow create can land after the first look), and how far apart. Default 3, 2 s.
   */
  lostCreateCheck?: { attempts?: number; intervalMs?: number };
  /** Called with the new key's value as soon as it exists (the Action masks it here). */
  onKeyCreated?: (value: string) => void | Promise<void>;
  /**
   * Stops the run going forward: the platform requests that move it forward and the rotation's
   * waits stop, and it is checked between steps and between writes. The run then ends with a RotationError of
   * code `aborted` after leaving no target without a working key: the requests that clean up
   * (revoking the run's own key, writing the previous key back) still run.
   */
  signal?: AbortSignal;
  /** Clock, randomness and sleep, shared with @keyturn/api's client (tests inject their own). */
  runtime?: Runtime;
}

export interface ResolvedOptions {
  /** Holds the current key (`apiKey` when given), through its kind's endpoints (key-kind/kind-client.ts). */
  client: RotationPlatformClient;
  /** The kind rotated, and whether a managing key manages its keys. */
  keyScope: KeyScope;
  /** The current key's value, to write back if a target cannot take the new one. */
  currentKey: string | undefined;
  /** The managing key's fingerprint (record/fingerprint.ts): it must be no key the run may revoke. */
  managingKeyFingerprint: string | undefined;
  rebuildRecord: boolean;
  targets: SecretTarget[];
  secretName: string;
  /** The family given (pinned); else chosen by the preflight. */
  pinnedFamily: string | undefined;
  recordStore: RecordStore | undefined;
  /** With a GitHub App: the run's installation tokens, minted by the preflight, revoked at the end. */
  appTokens: InstallationTokens | undefined;
  /** Targets to retire, each with its identity. */
  retire: Array<{ identity: string; target: SecretTarget }>;
  keep: number;
  revokeKeyIds: number[];
  dryRun: boolean;
  now: () => Date;
  verify: { timeoutMs: number; intervalMs: number };
  lostCreateCheck: { attempts: number; intervalMs: number };
  onKeyCreated: ((value: string) => void | Promise<void>) | undefined;
  runtime: Runtime;
  signal: AbortSignal | undefined;
}

/** The most keys `keep` holds valid: the target record remembers this many (record/target-record.ts). */
const MAX_KEEP = 100;

/**
 * Every mistake in `options`, each an OptionError naming its option (`secretName`,
 * `platform.baseUrl`, `github.token`, `targets`, ...); empty when rotateKey would accept them.
 * Sends no request. The rotate-key Action checks its inputs with it, all at once.
 */
export function checkRotateKeyOptions(options: RotateKeyOptions): OptionError[] {
  return resolve(options, () => {}).problems;
}

/** `options` checked and defaulted; throws the first OptionError (checkRotateKeyOptions lists them all). */
export function resolveOptions(options: RotateKeyOptions, githubLog: (line: string) => void): ResolvedOptions {
  const { resolved, problems } = resolve(options, githubLog);
  if (problems[0]) throw problems[0];
  return resolved as ResolvedOptions;
}

function resolve(options: RotateKeyOptions, githubLog: (line: string) => void): { resolved?: ResolvedOptions; problems: OptionError[] } {
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
  const platform = check(() => resolvePlatform(options, runtime));
  const kind = checkKeyKind(options.keyKind, options.managingApiKey, platform?.currentKey);
  problems.push(...kind.problems);
  const github = check(() => resolveGitHub(options, runtime, githubLog));
  const secretName = check(() => {
    const name = options.secretName ?? DEFAULT_SECRET_NAME;
    validateSecretName(name);
    return name;
  });
  const targets = check(() => resolveTargets(options, github)) ?? [];
  if (options.family !== undefined) check(() => validateFamily(options.family as string));
  const retire = check(() => resolveRetired(options, targets, github)) ?? [];
  const recordStore = check(() => resolveRecordStore(options, github));
  const keep = options.keep ?? 1;
  if (!Number.isInteger(keep) || keep < 1 || keep > MAX_KEEP) {
    problems.push(new OptionError('keep', `keep must be a whole number of at least 1 and at most ${MAX_KEEP}, not ${keep}`));
  }
  const revokeKeyIds = [...new Set(options.revokeKeyIds ?? [])];
  const badId = revokeKeyIds.find((id) => !Number.isSafeInteger(id) || id < 1);
  if (badId !== undefined) {
    problems.push(new OptionError('revokeKeyIds', `revokeKeyIds must be key ids (positive whole numbers), not ${badId}`));
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
  if (signal !== undefined && !(signal instanceof AbortSignal)) problems.push(new OptionError('signal', 'signal must be an AbortSignal'));
  if (problems.length || !platform || !secretName || !kind.scope) return { problems };
  const { now } = options;
  const current = platform.client.withOptions(definedFields({ apiKey: platform.currentKey, runtime: options.runtime }));
  return {
    problems,
    resolved: {
      // The key written back in a rollback must be the key the preflight proves: the client holds it.
      // The signal is not bound here: cleanup requests (revoking the run's own key, write-backs) must
      // finish after an abort; the protocol binds it to the requests that move the run forward.
      client: keyKindClient(kind.scope, current, kind.managingApiKey === undefined ? undefined : current.withApiKey(kind.managingApiKey)),
      keyScope: kind.scope,
      currentKey: platform.currentKey,
      managingKeyFingerprint: kind.managingApiKey === undefined ? undefined : keyFingerprint(kind.managingApiKey),
      rebuildRecord: options.rebuildRecord === true,
      targets,
      secretName,
      pinnedFamily: options.family,
      recordStore,
      appTokens: github?.appTokens?.used ? github.appTokens : undefined,
      retire,
      keep,
      revokeKeyIds,
      dryRun: options.dryRun ?? false,
      now: typeof now === 'function' ? now : now ? () => now : () => new Date(runtime.now()),
      verify,
      lostCreateCheck,
      onKeyCreated: options.onKeyCreated,
      runtime,
      signal,
    },
  };
}

/** The platform client and the current key's value, through whichever door the caller used. */
function resolvePlatform(options: RotateKeyOptions, runtime: Runtime): { client: PlatformClient; currentKey: string | undefined } {
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
    return { client, currentKey: checkedKey('apiKey', options.apiKey || undefined) };
  }
  if (typeof platform !== 'object' || platform === null) throw new OptionError('platform', 'platform must be an object');
  if ('client' in platform) {
    if (!isPlatformClient(platform.client)) throw new OptionError('platform.client', 'platform.client must be a client of createClient (@keyturn/api)');
    if (!platform.apiKey) throw new OptionError('platform.apiKey', 'platform.apiKey is required with platform.client: the current key, written back if a target fails');
    return { client: platform.client, currentKey: checkedKey('platform.apiKey', platform.apiKey) };
  }
  try {
    const client = createClient({ runtime, ...platform });
    return { client, currentKey: platform.apiKey };
  } catch (error) {
    if (error instanceof OptionError) throw new OptionError(`platform.${error.option}`, error.message);
    throw error;
  }
}

/** A credential of the wrong service is refused before it is sent anywhere (it would reach the wrong service). */
function checkedKey(option: string, key: string | undefined): string | undefined {
  const problem = key === undefined ? undefined : platformKeyProblem(key);
  if (problem) throw new OptionError(option, `${option} ${problem}`);
  return key;
}

function definedFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function isPlatformClient(value: unknown): value is PlatformClient {
  const client = value as Partial<PlatformClient> | undefined;
  return typeof client === 'object' && client !== null && typeof client.apiKeys === 'object' && typeof client.withOptions === 'function';
}

/** The GitHub client each request goes through: one for a token or an Octokit, one per owner for an App. */
interface GitHubClients {
  clientFor(need: GitHubNeed): GitHubClient;
  appTokens?: InstallationTokens;
}

function resolveGitHub(options: RotateKeyOptions, runtime: Runtime, githubLog: (line: string) => void): GitHubClients | undefined {
  const { github } = options;
  if (github === undefined) return undefined;
  if (typeof github !== 'object' || github === null) {
    throw new OptionError('github', 'github must be an object: { token, ... }, { appId, privateKey, ... } or { octokit }');
  }
  if ('octokit' in github) return { clientFor: () => github.octokit };
  try {
    // Not bound to options.signal: a write-back after an abort must still reach GitHub.
    if (!isAppAccess(github)) {
      const octokit = createGitHubClient({ log: githubLog, runtime, ...github });
      return { clientFor: () => octokit };
    }
    if ('token' in github) throw new OptionError('github', 'github takes one credential: a token, or a GitHub App (appId and privateKey), not both');
    const { appId, privateKey, onToken, ...settings } = github;
    const credentials = { appId: checkAppId(appId), privateKey: checkPrivateKey(privateKey), onToken };
    const appTokens = new InstallationTokens(credentials, { log: githubLog, runtime, ...settings });
    return { clientFor: (need) => appTokens.clientFor(need), appTokens };
  } catch (error) {
    if (error instanceof OptionError && error.option !== 'github') throw new OptionError(`github.${error.option}`, error.message);
    throw error;
  }
}

function resolveTargets(options: RotateKeyOptions, github: GitHubClients | undefined): SecretTarget[] {
  const given = options.targets ?? [];
  const list: readonly unknown[] = typeof given === 'string' ? [given] : given;
  // Specs of one secret are refused by the parser, with their lines; objects here.
  if (list.length && list.every(isSecretTarget)) return refuseDuplicateTargets([...list]);
  const specs = readSpecs(list, 'targets', homeRepository(options));
  if (!github) return noGitHub(options, 'github options (a token, a GitHub App, or an octokit) are required to write GitHub secrets');
  return specs.map((spec) => createGitHubTarget(github.clientFor(needOfSpec(spec, 'write')), spec));
}

/** Spec text is parsed once; parsed specs are checked by the same rules and used as given. */
function readSpecs(list: readonly unknown[], option: string, defaultRepository?: string): TargetSpec[] {
  try {
    if (list.every((item) => typeof item === 'string')) return parseTargetSpecs(list as string[], { defaultRepository });
    if (!list.every(isTargetSpec)) {
      throw new OptionError(option, `${option} must be all spec text, all parsed TargetSpecs, or all SecretTarget objects`);
    }
    // The parser's rules, applied to each spec's canonical text; the specs themselves go on as given.
    parseTargetSpecs(list.map(formatTargetSpec));
    return [...list];
  } catch (error) {
    if (error instanceof TargetSpecError && error.option !== option) throw new TargetSpecError(error.problems, option);
    throw error;
  }
}

/** GitHub access is missing: a mistake of `github`, unless `github` was given and refused already. */
function noGitHub(options: RotateKeyOptions, message: string): never[] {
  if (options.github !== undefined) return [];
  throw new OptionError('github', message);
}

function isSecretTarget(value: unknown): value is SecretTarget {
  const target = value as Partial<SecretTarget> | undefined;
  return typeof target === 'object' && target !== null && typeof target.describe === 'function' && typeof target.writeSecret === 'function';
}

function isTargetSpec(value: unknown): value is TargetSpec {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

function homeRepository(options: RotateKeyOptions): string | undefined {
  return options.defaultRepository ?? (process.env.GITHUB_REPOSITORY || undefined);
}

function resolveRecordStore(options: RotateKeyOptions, github: GitHubClients | undefined): RecordStore | undefined {
  const { record } = options;
  if (record === false) return undefined;
  if (record && 'load' in record) return record;
  const repository = record?.repository ?? homeRepository(options);
  if (!repository || !github) return undefined;
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repository)) {
    throw new OptionError('record.repository', `record.repository must be OWNER/REPO, not ${JSON.stringify(repository)}`);
  }
  return githubVariableStore(github.clientFor(recordNeed(repository)), repository);
}

/** Retired targets are GitHub specs, never also among the targets written. */
function resolveRetired(options: RotateKeyOptions, targets: SecretTarget[], github: GitHubClients | undefined): ResolvedOptions['retire'] {
  const given = options.retireTargets ?? [];
  const list: readonly unknown[] = typeof given === 'string' ? [given] : given;
  if (list.every((item) => typeof item === 'string' && !item.trim())) return [];
  const specs = readSpecs(list, 'retireTargets');
  if (!github) return noGitHub(options, 'retireTargets needs github options (a token, a GitHub App, or an octokit)');
  const written = new Set(targets.map(identityOf));
  return specs.map((spec) => {
    const identity = targetIdentity(spec);
    if (written.has(identity)) {
      throw new OptionError('retireTargets', `${identity} is both a target and a target to retire: give it in one of them`);
    }
    // Retiring reads the secret only: is it gone?
    return { identity, target: createGitHubTarget(github.clientFor(needOfSpec(spec, 'read')), spec) };
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
