// rotateKey's options: what a caller gives (RotateKeyOptions), and what the run takes once they are
// checked (check-options.ts, building nothing) and connected to the platform and GitHub (connect.ts).
// The library reads no environment: whatever a runner knows (the repository, GitHub's API URL) is
// passed in by the caller, as the rotate-key Action does.

import type { ClientOptions, PlatformClient } from '@keyturn/api';
import type { Runtime } from '@keyturn/api/toolkit';
import type { GitHubAppAccess } from './github-app/app-access.js';
import type { InstallationTokens } from './github-app/installation-tokens.js';
import type { GitHubClient, GitHubClientOptions } from './github-client/octokit.js';
import type { KeyKind, KeyScope } from './key-kind/key-kind.js';
import type { LeaseTimings } from './lease/lease-backend.js';
import type { UnansweredWrites } from './lease/unanswered-writes.js';
import type { RotationLogger } from './log.js';
import type { RotationPlatformClient } from './platform.js';
import type { RecordStore } from './record/target-record.js';
import type { IssueTracker } from './stuck/issue-tracker.js';
import type { GitLabAccess } from './targets/gitlab/gitlab-client.js';
import type { VercelAccess } from './targets/vercel/vercel-client.js';
import type { SecretTarget } from './targets/secret-target.js';
import type { TargetSpec } from './targets/kinds/registry.js';

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

/**
 * The key that leaked, for an emergency rotation: its id, or its fingerprint (`keyFingerprint` of
 * the value, e.g. from `keyturn fingerprint`). Never the value itself.
 */
export type LeakedKey = { id: number } | { fingerprint: string };

/** The options of `rotateKey`. Only the platform (`platform`, or `client`) is required. */
export interface RotateKeyOptions {
  /** How to reach the platform with the current key: the one door for the platform API key. */
  platform?: PlatformAccess;
  /**
   * The first form, still accepted: a platform client holding the current key. Prefer
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
  /**
   * How to reach GitHub; needed when targets are given as specs, and for `record: { repository }`.
   * Its `baseUrl` defaults to https://api.github.com (an Action passes GITHUB_API_URL).
   */
  github?: GitHubAccess;
  /**
   * How to reach GitLab; needed for `gitlab:` and `gitlab-group:` targets and `record: { gitlab }`:
   * a personal, project or group access token with the `api` scope, and the API root (default
   * https://gitlab.com/api/v4; a self-managed instance's is https://HOST/api/v4).
   */
  gitlab?: GitLabAccess;
  /**
   * How to reach Vercel; needed for `vercel:` targets: an access token whose scope includes the
   * projects' team (or the personal account), and the API root (default https://api.vercel.com).
   */
  vercel?: VercelAccess;
  /**
   * Whether a `vercel:` production target's project is redeployed after the write (its current
   * production deployment rebuilt, and awaited until READY) before the old key may be revoked.
   * Default true. With false, the old key stays valid until a deploy after the write is seen.
   */
  vercelRedeploy?: boolean;
  /**
   * Spec text (lines or commas), spec lines, parsed `TargetSpec`s (from `parseTargetSpecs`), or
   * SecretTarget objects. Default: the current repository.
   */
  targets?: TargetList;
  /** `OWNER/REPO` used when no target is given (an Action passes GITHUB_REPOSITORY); no default. */
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
   * targets"): `{ repository: 'OWNER/REPO' }` keeps it in that repository's variables (an Action
   * passes GITHUB_REPOSITORY), `{ gitlab: 'GROUP/PROJECT' }` (or a project's numeric id) keeps it in
   * that GitLab project's CI/CD variables (through `gitlab`; the CLI passes CI_PROJECT_ID in a GitLab
   * pipeline), or a RecordStore of your own. None when left out (or `false`): a
   * target dropped from `targets` is then not recognised, so a key it still holds may be revoked,
   * and the family and the key the targets hold are inferred from the keys' names and use.
   */
  record?: { repository: string } | { gitlab: string } | RecordStore | false;
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
  /**
   * Rotation by the clock (README, "Rotation by the clock"): rotate only once the key the targets
   * hold is this old (`90m`, `12h`, `7d`, or milliseconds). A younger key makes the run a no-op that
   * reads the record and lists the keys, nothing more. Needs `record`. Default: every run rotates.
   */
  rotateEvery?: string | number;
  /**
   * A superseded key stays valid this long after the run that superseded it (`24h`, or
   * milliseconds), then the first run at or after its deadline revokes it, once no target holds it.
   * The deadline is kept in the record. With `keep`, a key stays valid until both let it go.
   */
  revokeAfter?: string | number;
  /**
   * An emergency rotation (README, "When a key leaks"): this key leaked. It is revoked as soon as
   * every target holds the new key, whatever `keep` says and whatever the record protects, and
   * also when a target cannot be written (that target is named as left without a working key and
   * the run fails): a leaked key is worse than one target's outage. The family's record must know
   * it (by id or fingerprint), else the run is refused before anything changes.
   */
  leakedKey?: LeakedKey;
  /**
   * One writer at a time (README, "Concurrent rotations"): before its first write a run takes the
   * lease of its secret and kind of key, kept beside the record, and waits up to `waitMs` (default
   * 11 minutes) for another run's; `holder` names this run to a waiting one (a workflow run's URL,
   * say). `false` opts out: only where every run of the family is in one concurrency group, as it
   * must be with a record store that offers no lease (or no record at all), which is refused otherwise.
   * The other timings (how long a lease lasts, `ttlMs`; how long a run with an unanswered write keeps
   * it, `settleMs`; `pollMs`; `confirmMs`) have defaults that suit every runner: tests shorten them.
   */
  lease?: ({ holder?: string } & Partial<LeaseTimings>) | false;
  /**
   * A stuck family (README, "A stuck family"): its runs make no key until a person, having fixed the
   * cause, runs once with `acknowledge: true`. That run clears the mark and rotates; the first run to
   * succeed closes the family's issue. Without a stuck mark it changes nothing. Needs `record`.
   */
  acknowledge?: boolean;
  /**
   * A stuck family: whenever its issue is opened or updated (on getting stuck, then at most once a
   * day), POST `{ text, family, reason, since, remedy, runUrl }` here too: a Slack or Teams incoming
   * webhook shows `text`. https (plain http on loopback only). A secret of its own: never logged.
   */
  notifyUrl?: string;
  /** The fetch `notifyUrl` is posted with (a proxy's). Default: the global fetch. */
  notifyFetch?: typeof fetch;
  /** This run's URL (a workflow run's): kept in a stuck mark, and named by the issue and the webhook. */
  runUrl?: string;
  /**
   * The GitHub token that opens, updates and closes a stuck family's issue in `record.repository`
   * (in a workflow: its own GITHUB_TOKEN, with `permissions: issues: write`). Default: the `github` access.
   * A record kept in GitLab uses `gitlab` (the `api` scope, Reporter on the project).
   */
  issueToken?: string;
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

/**
 * The options every run takes as checked, whatever it is connected to: those taken as given (the
 * leaked key checked: an id, or a 16-hex fingerprint), defaulted, and read into values.
 */
export interface RunSettings
  extends Required<Pick<RotateKeyOptions, 'rebuildRecord' | 'secretName' | 'keep' | 'dryRun' | 'acknowledge' | 'runtime'>>,
    Pick<RotateKeyOptions, 'leakedKey' | 'notifyUrl' | 'notifyFetch' | 'runUrl' | 'onKeyCreated' | 'signal'> {
  /** The kind rotated, and whether a managing key manages its keys. */
  keyScope: KeyScope;
  /** The current key's value, to write back if a target cannot take the new one. */
  currentKey: string | undefined;
  /** The managing key's fingerprint (record/fingerprint.ts): it must be no key the run may revoke. */
  managingKeyFingerprint: string | undefined;
  /** The family given (pinned); else chosen by the preflight. */
  pinnedFamily: string | undefined;
  revokeKeyIds: number[];
  /** `rotateEvery` in milliseconds; undefined: every run rotates. */
  rotateEveryMs: number | undefined;
  /** `revokeAfter` in milliseconds; undefined: a superseded key goes as soon as `keep` lets it. */
  revokeAfterMs: number | undefined;
  /** The lease's holder and timings; false when the caller opted out. */
  lease: { holder: string; timings: LeaseTimings } | false;
  now: () => Date;
  verify: { timeoutMs: number; intervalMs: number };
  lostCreateCheck: { attempts: number; intervalMs: number };
}

/** The options as the run takes them: checked, with their clients built (connect.ts). */
export interface ResolvedOptions extends RunSettings {
  /** Holds the current key (`apiKey` when given), through its kind's endpoints (key-kind/kind-client.ts). */
  client: RotationPlatformClient;
  targets: SecretTarget[];
  recordStore: RecordStore | undefined;
  /** With a GitHub App: the run's installation tokens, minted by the preflight, revoked at the end. */
  appTokens: InstallationTokens | undefined;
  /** Targets to retire, each with its identity. */
  retire: Array<{ identity: string; target: SecretTarget }>;
  /** Whether a write to GitHub or GitLab got no answer: the lease then stays a while (lease/held-lease.ts). */
  unansweredWrites: UnansweredWrites;
  /** Where a stuck family's issue is kept: the record's repository or GitLab project (none for a store of the caller's). */
  issues: IssueTracker | undefined;
}
