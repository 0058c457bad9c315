// rotateKey's options checked and defaulted, building nothing and sending nothing: every check of an
// option lives here (or in the validator it calls), so the Action and any other caller get the same
// answer, an OptionError naming the option's path, all of them at once. connect.ts builds the run's
// clients from what passes.

import { type ClientOptions, checkClientOptions, OptionError, type PlatformClient } from '@keyturn/api';
import { looksLikeCredential, platformKeyProblem, type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { rejectedValue } from '@keyturn/api/values';
import { gitHubReach, missingAccess } from './check-access.js';
import { optionalClockDuration } from './clock/duration.js';
import { stuckOptionProblems } from './stuck/stuck-options.js';
import { checkLeakedKey } from './emergency/leaked-key.js';
import { validateFamily } from './family.js';
import { checkAppId, checkPrivateKey, isAppAccess } from './github-app/app-access.js';
import type { AppCredentials } from './github-app/installation-tokens.js';
import {
  checkGitHubClientOptions,
  checkGitHubSettings,
  type GitHubClient,
  type GitHubClientOptions,
  type GitHubClientSettings,
} from './github-client/octokit.js';
import { checkKeyKind } from './key-kind/key-kind.js';
import { type OptionName, option } from './option-names.js';
import type { RotateKeyOptions, RunSettings } from './options.js';
import { checkLease, checkRecord } from './check-record.js';
import { keyFingerprint } from './record/fingerprint.js';
import type { RecordStore } from './record/target-record.js';
import { DEFAULT_SECRET_NAME, validateSecretName } from './secret-name.js';
import { checkCodespacesReach } from './targets/kinds/github/codespaces-access.js';
import { checkGitLabAccess, type GitLabAccess } from './targets/gitlab/gitlab-client.js';
import { checkVercelAccess, type VercelAccess } from './targets/vercel/vercel-client.js';
import { type CheckedTargets, checkRetired, checkTargets, type RetiredTargets } from './check-targets.js';

/** The most keys `keep` holds valid: the target record remembers this many (record/target-record.ts). */
const MAX_KEEP = 100;
/** GitHub as given, checked: an Octokit of the caller's, a token's client options, or an App. */
export type CheckedGitHub =
  | { octokit: GitHubClient }
  | { token: GitHubClientOptions }
  | { app: AppCredentials; settings: GitHubClientSettings };

/** The options checked and defaulted, as plain values: what connect.ts builds the run from. */
export interface CheckedOptions extends RunSettings, Pick<RotateKeyOptions, 'managingApiKey' | 'vercelRedeploy' | 'issueToken'> {
  /** The caller's platform client (and the runtime to run it on, when given), or createClient's options (checked). */
  platform: { client: PlatformClient; runtime?: Runtime } | { options: ClientOptions };
  github: CheckedGitHub | undefined;
  gitlab: GitLabAccess | undefined;
  vercel: VercelAccess | undefined;
  /** SecretTarget objects as given, or specs (GitHub's written through `github`, GitLab's through `gitlab`). */
  targets: CheckedTargets;
  retire: RetiredTargets;
  record: { repository: string } | { gitlab: string } | RecordStore | undefined;
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
  problems.push(...unusedKeyIds(options.keyKind), ...kind.problems);
  const github = check(() => checkGitHub(options));
  const gitlab = check(() => checkedAccess(options.gitlab, checkGitLabAccess));
  const vercel = check(() => checkedAccess(options.vercel, checkVercelAccess));
  if (options.vercelRedeploy !== undefined && typeof options.vercelRedeploy !== 'boolean') {
    problems.push(new OptionError('vercelRedeploy', 'vercelRedeploy must be true or false'));
  }
  const secretName = check(() => {
    const name = options.secretName ?? DEFAULT_SECRET_NAME;
    keyShapedName('secretName', name);
    validateSecretName(name);
    return name;
  });
  const targets = check(() => checkTargets(options)) ?? { specs: [] };
  if (options.family !== undefined) check(() => validateFamily(keyShapedName('family', options.family as string)));
  const retire = check(() => checkRetired(options, targets)) ?? [];
  const record = check(() => checkRecord(keyShapedRecord(options)));
  if (github) {
    const reach = gitHubReach(github);
    if ('specs' in targets) check(() => checkCodespacesReach(targets.specs, reach, 'targets'));
    check(() =>
      checkCodespacesReach(
        retire.map((r) => r.spec),
        reach,
        'retireTargets',
      ),
    );
  }
  for (const service of ['github', 'gitlab', 'vercel'] as const) {
    const mistake = options[service] === undefined && missingAccess(service, { targets, retire, record });
    if (mistake) problems.push(mistake);
  }
  const keep = options.keep ?? 1;
  if (!Number.isInteger(keep) || keep < 1 || keep > MAX_KEEP) {
    problems.push(new OptionError('keep', `keep must be a whole number of at least 1 and at most ${MAX_KEEP}, not ${keep}`));
  }
  const revokeKeyIds = [...new Set(options.revokeKeyIds ?? [])];
  const badId = revokeKeyIds.find((id) => !Number.isSafeInteger(id) || id < 1);
  if (badId !== undefined) {
    problems.push(new OptionError('revokeKeyIds', `revokeKeyIds must be key ids (positive whole numbers), not ${badId}`));
  }
  const leakedKey = check(() => checkLeakedKey(oneLeakedKey(options.leakedKey)));
  const rotateEveryMs = check(() => optionalClockDuration('rotateEvery', options.rotateEvery));
  const revokeAfterMs = check(() => optionalClockDuration('revokeAfter', options.revokeAfter));
  // The key the targets hold is the record's word: without one, the age of no key can be trusted.
  if (rotateEveryMs !== undefined && (options.record === undefined || options.record === false)) {
    problems.push(
      new OptionError(
        'rotateEvery',
        'rotateEvery needs a record (`record`): the record says which key the targets hold, whose age decides',
      ),
    );
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
    if (!isPlatformClient(platform.client))
      throw new OptionError('platform.client', 'platform.client must be a client of createClient (@keyturn/api)');
    if (!platform.apiKey)
      throw new OptionError(
        'platform.apiKey',
        'platform.apiKey is required with platform.client: the current key, written back if a target fails',
      );
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
  oneGitHubCredential(github);
  try {
    if (!isAppAccess(github)) {
      checkGitHubClientOptions(github);
      return { token: github };
    }
    if ('token' in github)
      throw new OptionError('github', 'github takes one credential: a token, or a GitHub App (appId and privateKey), not both');
    const { appId, privateKey, onToken, ...settings } = github;
    const app = { appId: checkAppId(appId), privateKey: checkPrivateKey(privateKey), onToken };
    checkGitHubSettings(settings);
    return { app, settings };
  } catch (error) {
    if (error instanceof OptionError && error.option !== 'github') throw new OptionError(`github.${error.option}`, error.message);
    throw error;
  }
}

/** GitLab's or Vercel's access: a token (and the API root), checked as its client would, building nothing. */
function checkedAccess<A>(access: A | undefined, checkAccess: (access: A) => void): A | undefined {
  if (access !== undefined) checkAccess(access);
  return access;
}

// The rules between options that each front end once wrote apart. Each message opens with its
// option in backquotes and names the others so, and every front end says them in its own words.

/** An id the kind of key does not use is a mistake, not something to ignore. */
function unusedKeyIds(keyKind: RotateKeyOptions['keyKind'] | undefined): OptionError[] {
  const given = (keyKind ?? {}) as { kind?: unknown; orgId?: unknown; projectId?: unknown };
  const kind = given.kind ?? 'personal';
  const ids = [
    { name: 'keyKind.orgId', value: given.orgId, usedBy: ['organization', 'project'] },
    { name: 'keyKind.projectId', value: given.projectId, usedBy: ['project'] },
  ] as const;
  return ids
    .filter(({ value, usedBy }) => value !== undefined && typeof kind === 'string' && !(usedBy as readonly string[]).includes(kind))
    .map(({ name, usedBy }) => {
      const words = `${option(name)} is given, but ${option('keyKind')} is ${kind}, which does not use it`;
      const fix = `Set ${option('keyKind')}, or remove ${option(name)}`;
      return new OptionError(name, `${words}: ${option(name)} is for ${option('keyKind')} ${usedBy.join(' or ')}. ${fix}`);
    });
}

/** GitHub is reached one way: a token, or a GitHub App's id with its private key. */
function oneGitHubCredential(github: object): void {
  const { token, appId, privateKey } = github as { token?: unknown; appId?: unknown; privateKey?: unknown };
  const [tokenWord, idWord, keyWord] = [option('github.token'), option('github.appId'), option('github.privateKey')];
  if (token !== undefined && (appId !== undefined || privateKey !== undefined)) {
    const app = [appId !== undefined && idWord, privateKey !== undefined && keyWord].filter(Boolean).join(' and ');
    const fix = `reach GitHub one way, ${tokenWord} or ${idWord} with ${keyWord}, and remove the other`;
    throw new OptionError('github', `${tokenWord} and ${app} are both given: ${fix}`);
  }
  if (appId !== undefined && privateKey === undefined) {
    const fix = "pass the App's private key, the whole .pem file (App settings > Private keys)";
    throw new OptionError('github.privateKey', `${keyWord} is required with ${idWord}: ${fix}`);
  }
  if (privateKey !== undefined && appId === undefined) {
    throw new OptionError('github.appId', `${idWord} is required with ${keyWord}: pass the App's id (App settings > General > App ID)`);
  }
}

/** The leaked key is named one way: by its id or by its fingerprint. */
function oneLeakedKey(leakedKey: RotateKeyOptions['leakedKey']): RotateKeyOptions['leakedKey'] {
  const given = leakedKey as { id?: unknown; fingerprint?: unknown } | undefined;
  if (given?.id !== undefined && given.fingerprint !== undefined) {
    const [fingerprint, id] = [option('leakedKey.fingerprint'), option('leakedKey.id')];
    const fix = 'name the leaked key one way, by its id or by its fingerprint, and remove the other';
    throw new OptionError('leakedKey', `${fingerprint} and ${id} are both given: ${fix}`);
  }
  return leakedKey;
}

/** A name reaches logs and outputs once accepted: one shaped like a key was pasted by mistake, and is never quoted. */
function keyShapedName<T>(name: OptionName, value: T): T {
  if (typeof value === 'string' && looksLikeCredential(value)) {
    throw new OptionError(name, `${option(name)} is ${rejectedValue(value)}, not a name`);
  }
  return value;
}

/** The record's repository or project is a name too. */
function keyShapedRecord(options: RotateKeyOptions): RotateKeyOptions {
  const record = options.record as { repository?: unknown; gitlab?: unknown } | undefined;
  if (record && typeof record === 'object') {
    keyShapedName('record.repository', record.repository);
    keyShapedName('record.gitlab', record.gitlab);
  }
  return options;
}
