// rotateKey's options, checked and defaulted before anything is asked of the platform or GitHub.

import { type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { githubTokenProblem, platformKeyProblem } from './credentials.js';
import { validateFamily } from './family.js';
import { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './github/octokit.js';
import type { RotationLogger } from './logger.js';
import type { RotationPlatformClient } from './platform.js';
import { DEFAULT_SECRET_NAME, validateSecretName } from './secret-name.js';
import { createGitHubTarget } from './targets/github/index.js';
import { identityOf, type SecretTarget } from './targets/secret-target.js';
import { githubVariableStore } from './record/github-variables.js';
import type { RecordStore } from './record/target-record.js';
import { parseTargetSpecs, targetIdentity } from './targets/spec.js';

export type GitHubAccess = GitHubClientOptions | { octokit: GitHubClient };

export interface RotateKeyOptions {
  /** A platform client holding the current key (createClient from @keyturn/api). */
  client: RotationPlatformClient;
  /**
   * The current key's value. When given, the platform client is `client.withApiKey(apiKey)`, so the
   * key the preflight proves is the key written back to targets already written if a later one fails.
   */
  apiKey?: string;
  /** How to reach GitHub; needed when targets are given as specs. */
  github?: GitHubAccess;
  /** Specs (text with lines or commas, or an array) or SecretTarget objects. Default: the current repository. */
  targets?: string | readonly string[] | readonly SecretTarget[];
  /** `OWNER/REPO` used when no target is given; default GITHUB_REPOSITORY. */
  defaultRepository?: string;
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
   * Targets taken out of the rotation (specs): once their secret is gone, the record forgets them
   * and the keys they held may be revoked. A target still holding the secret is refused.
   */
  retireTargets?: string | readonly string[];
  /** How many newest keys of the family stay valid, the new one included. Default 1. */
  keep?: number;
  /** Further key ids to revoke once every target holds the new key (e.g. the console-made key). */
  revokeKeyIds?: readonly number[];
  /** Check everything and return the plan; change nothing. */
  dryRun?: boolean;
  log?: RotationLogger;
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
   * Stops the run going forward: checked between steps and between writes, and ends every wait.
   * The run then ends with a RotationError of code 'aborted', after leaving no target without a
   * working key (the new key is revoked when no target may hold it, else the error names them).
   */
  signal?: AbortSignal;
  /** The clock and sleep of every wait (shared with @keyturn/api); default its systemRuntime. */
  runtime?: Runtime;
}

export interface ResolvedOptions {
  /** Holds the current key (`apiKey` when given). */
  client: RotationPlatformClient;
  /** The current key's value, to write back if a target cannot take the new one. */
  currentKey: string | undefined;
  targets: SecretTarget[];
  secretName: string;
  /** The family given (pinned); else chosen by the preflight. */
  pinnedFamily: string | undefined;
  recordStore: RecordStore | undefined;
  /** Targets to retire, each with its identity. */
  retire: Array<{ identity: string; target: SecretTarget }>;
  keep: number;
  revokeKeyIds: number[];
  dryRun: boolean;
  now: () => Date;
  verify: { timeoutMs: number; intervalMs: number };
  lostCreateCheck: { attempts: number; intervalMs: number };
  onKeyCreated: ((value: string) => void | Promise<void>) | undefined;
  signal: AbortSignal | undefined;
  runtime: Runtime;
}

/** Throws a plain Error whose message says which option is wrong; rotateKey wraps it. */
export function resolveOptions(options: RotateKeyOptions, githubLog: (line: string) => void): ResolvedOptions {
  if (!options || typeof options !== 'object') throw new TypeError('rotateKey needs an options object');
  const { client } = options;
  if (!client?.apiKeys || typeof client.withApiKey !== 'function') {
    throw new TypeError('client must be a platform client (createClient from @keyturn/api)');
  }
  // Before anything is sent: a credential of one service pasted in place of the other's.
  const keyProblem = options.apiKey ? platformKeyProblem(options.apiKey) : undefined;
  if (keyProblem) throw new TypeError(`apiKey ${keyProblem}`);
  const token = options.github && 'token' in options.github ? options.github.token : undefined;
  const tokenProblem = token ? githubTokenProblem(token) : undefined;
  if (tokenProblem) throw new TypeError(`github.token ${tokenProblem}`);
  const secretName = options.secretName ?? DEFAULT_SECRET_NAME;
  validateSecretName(secretName);
  const { targets, octokit } = resolveTargets(options, githubLog);
  if (options.family !== undefined) validateFamily(options.family);
  const retire = resolveRetired(options, targets, octokit);
  const keep = options.keep ?? 1;
  if (!Number.isInteger(keep) || keep < 1) throw new TypeError(`keep must be a whole number of at least 1, not ${keep}`);
  const revokeKeyIds = [...new Set(options.revokeKeyIds ?? [])];
  for (const id of revokeKeyIds) {
    if (!Number.isSafeInteger(id) || id < 1) throw new TypeError(`revoke-key-ids must be key ids (positive whole numbers), not ${id}`);
  }
  const verify = { timeoutMs: options.verify?.timeoutMs ?? 30_000, intervalMs: options.verify?.intervalMs ?? 1000 };
  if (!(verify.timeoutMs >= 0) || !(verify.intervalMs > 0)) {
    throw new TypeError('verify.timeoutMs must be at least 0 and verify.intervalMs above 0');
  }
  const lostCreateCheck = {
    attempts: options.lostCreateCheck?.attempts ?? 3,
    intervalMs: options.lostCreateCheck?.intervalMs ?? 2000,
  };
  if (!Number.isInteger(lostCreateCheck.attempts) || lostCreateCheck.attempts < 1 || !(lostCreateCheck.intervalMs >= 0)) {
    throw new TypeError('lostCreateCheck.attempts must be a whole number of at least 1 and lostCreateCheck.intervalMs at least 0');
  }
  const { now } = options;
  // The key written back in a rollback must be the key the preflight proves: the client holds it.
  const currentKey = options.apiKey || undefined;
  return {
    client: currentKey ? client.withApiKey(currentKey) : client,
    currentKey,
    targets,
    secretName,
    pinnedFamily: options.family,
    recordStore: resolveRecordStore(options, octokit),
    retire,
    keep,
    revokeKeyIds,
    dryRun: options.dryRun ?? false,
    now: typeof now === 'function' ? now : now ? () => now : () => new Date(),
    verify,
    lostCreateCheck,
    onKeyCreated: options.onKeyCreated,
    signal: options.signal,
    runtime: options.runtime ?? systemRuntime,
  };
}

function resolveTargets(
  options: RotateKeyOptions,
  githubLog: (line: string) => void,
): { targets: SecretTarget[]; octokit: GitHubClient | undefined } {
  const given = options.targets ?? [];
  const list: readonly (string | SecretTarget)[] = typeof given === 'string' ? [given] : given;
  const octokit = options.github
    ? 'octokit' in options.github
      ? options.github.octokit
      : createGitHubClient({ log: githubLog, ...options.github })
    : undefined;
  // Specs of one secret are refused by the parser, with their lines; objects here.
  if (list.length && list.every((t) => typeof t !== 'string')) {
    return { targets: refuseDuplicateTargets([...(list as SecretTarget[])]), octokit };
  }
  if (!list.every((t) => typeof t === 'string')) throw new TypeError('targets must be all specs or all SecretTarget objects');
  const specs = parseTargetSpecs(list as string[], { defaultRepository: homeRepository(options) });
  if (!octokit) throw new TypeError('github options (a token, or an octokit) are required to write GitHub secrets');
  return { targets: specs.map((spec) => createGitHubTarget(octokit, spec)), octokit };
}

function homeRepository(options: RotateKeyOptions): string | undefined {
  return options.defaultRepository ?? (process.env.GITHUB_REPOSITORY || undefined);
}

function resolveRecordStore(options: RotateKeyOptions, octokit: GitHubClient | undefined): RecordStore | undefined {
  const { record } = options;
  if (record === false) return undefined;
  if (record && 'load' in record) return record;
  const repository = record?.repository ?? homeRepository(options);
  if (!repository || !octokit) return undefined;
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repository)) throw new TypeError(`record.repository must be OWNER/REPO, not ${JSON.stringify(repository)}`);
  return githubVariableStore(octokit, repository);
}

/** Retired targets are GitHub specs, never also among the targets written. */
function resolveRetired(options: RotateKeyOptions, targets: SecretTarget[], octokit: GitHubClient | undefined): ResolvedOptions['retire'] {
  const given = options.retireTargets ?? [];
  const text = typeof given === 'string' ? given : given.join('\n');
  if (!text.trim()) return [];
  if (!octokit) throw new TypeError('retireTargets needs github options (a token, or an octokit)');
  const written = new Set(targets.map(identityOf));
  return parseTargetSpecs(text).map((spec) => {
    const identity = targetIdentity(spec);
    if (written.has(identity)) throw new TypeError(`${identity} is both a target and a target to retire: give it in one of them`);
    return { identity, target: createGitHubTarget(octokit, spec) };
  });
}

/** Two targets of one secret (spelled apart) would be written twice and name no single family. */
function refuseDuplicateTargets(targets: SecretTarget[]): SecretTarget[] {
  const seen = new Map<string, string>();
  for (const target of targets) {
    const identity = identityOf(target);
    const earlier = seen.get(identity);
    if (earlier !== undefined) throw new TypeError(`targets ${earlier} and ${target.describe()} are the same secret: give it once`);
    seen.set(identity, target.describe());
  }
  return targets;
}
