// The composition root: the checked options (check-options.ts) connected to the services. The one
// place a run's clients are built: the platform client of the rotated kind, GitHub's clients (one
// for a token or an Octokit, one per owner for a GitHub App, with its installation tokens), GitLab's
// client, the targets and targets to retire, and the record's store.

import { createClient } from '@keyturn/api';
import { type CheckedGitHub, type CheckedOptions, checkOptions } from './check-options.js';
import { InstallationTokens } from './github-app/installation-tokens.js';
import { type GitHubNeed, recordNeed } from './github-app/needs.js';
import { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './github-client/octokit.js';
import { githubIssueTracker, gitlabIssueTracker, type IssueTracker } from './stuck/issue-tracker.js';
import { keyKindClient } from './key-kind/kind-client.js';
import { type UnansweredWrites, watchUnansweredWrites } from './lease/unanswered-writes.js';
import type { ResolvedOptions, RotateKeyOptions } from './options.js';
import type { RotationPlatformClient } from './platform.js';
import { githubVariableStore } from './record/github-variables.js';
import type { RecordStore } from './record/target-record.js';
import { createGitLabClient, type GitLabClient } from './targets/gitlab/gitlab-client.js';
import { gitlabVariableStore } from './record/gitlab-variables.js';
import type { TargetClients } from './targets/kinds/kind.js';
import { kindOf, type TargetSpec } from './targets/kinds/registry.js';
import { createVercelClient } from './targets/vercel/vercel-client.js';
import type { SecretTarget } from './targets/secret-target.js';

/** `options` checked, then connected; throws the first OptionError (checkRotateKeyOptions lists them all). */
export function resolveOptions(options: RotateKeyOptions, githubLog: (line: string) => void): ResolvedOptions {
  const { checked, problems } = checkOptions(options);
  if (!checked) throw problems[0];
  const {
    platform,
    managingApiKey,
    github: given,
    gitlab: gitlabGiven,
    vercel: vercelGiven,
    vercelRedeploy,
    issueToken,
    ...rest
  } = checked;
  const { targets, retire, record, ...settings } = rest;
  // Every write to GitHub and GitLab is watched: one that got no answer keeps the lease a while (lease/).
  const unansweredWrites = watchUnansweredWrites();
  const access = given && watched(given, unansweredWrites);
  const gitlabAccess = gitlabGiven && { ...gitlabGiven, fetch: unansweredWrites.wrap(gitlabGiven.fetch) };
  const github = access && gitHubClients(access, checked, githubLog);
  // Not bound to the run's signal either: a write-back after an abort must still reach GitLab.
  const gitlab = gitlabAccess && createGitLabClient(gitlabAccess, { runtime: checked.runtime, log: githubLog });
  const vercel =
    vercelGiven &&
    createVercelClient({ ...vercelGiven, fetch: unansweredWrites.wrap(vercelGiven.fetch) }, { runtime: checked.runtime, log: githubLog });
  // Each spec's kind asks for its own service's client.
  const clients: TargetClients = {
    github: (need) => clientOf(github, need),
    gitlab: () => accessed(gitlab, 'GitLab'),
    vercel: () => ({ client: accessed(vercel, 'Vercel'), settings: { redeploy: vercelRedeploy } }),
  };
  const targetOf = (spec: TargetSpec, level: 'read' | 'write'): SecretTarget => kindOf(spec).create(clients, spec, level);
  return {
    ...settings,
    client: platformClient(checked),
    targets: 'objects' in targets ? targets.objects : targets.specs.map((spec) => targetOf(spec, 'write')),
    // Retiring reads the secret only: is it gone?
    retire: retire.map(({ identity, spec }) => ({ identity, target: targetOf(spec, 'read') })),
    recordStore: recordStore(record, github, gitlab),
    appTokens: github?.appTokens?.used ? github.appTokens : undefined,
    unansweredWrites,
    issues: issueTracker(
      record,
      github,
      gitlab,
      issueToken && { token: issueToken, ...githubSettings(given), runtime: checked.runtime, log: githubLog },
    ),
  };
}

/**
 * Where a stuck family's issue is kept: the record's repository (through `issueToken` when given, else
 * the record's own client) or GitLab project; none for a record store of the caller's.
 */
function issueTracker(
  record: CheckedOptions['record'],
  github: GitHubClients | undefined,
  gitlab: GitLabClient | undefined,
  issueAccess: GitHubClientOptions | '' | undefined,
): IssueTracker | undefined {
  if (!record || 'load' in record) return undefined;
  if ('gitlab' in record) return gitlabIssueTracker(accessed(gitlab, 'GitLab'), record.gitlab);
  const octokit = issueAccess ? createGitHubClient(issueAccess) : clientOf(github, recordNeed(record.repository));
  return githubIssueTracker(octokit, record.repository);
}

/** The API root and fetch of the GitHub access (a token's or an App's), for another token to the same GitHub. */
function githubSettings(access: CheckedGitHub | undefined): Pick<GitHubClientOptions, 'baseUrl' | 'fetch'> {
  const settings = access && ('token' in access ? access.token : 'settings' in access ? access.settings : undefined);
  return { ...(settings?.baseUrl && { baseUrl: settings.baseUrl }), ...(settings?.fetch && { fetch: settings.fetch }) };
}

/** GitHub access whose fetch is watched; an Octokit of the caller's is not (its writes are its own). */
function watched(access: CheckedGitHub, writes: UnansweredWrites): CheckedGitHub {
  if ('token' in access) return { token: { ...access.token, fetch: writes.wrap(access.token.fetch) } };
  if ('app' in access) return { ...access, settings: { ...access.settings, fetch: writes.wrap(access.settings.fetch) } };
  return access;
}

/** The current key's client, through its kind's endpoints (and the managing key's, when one is given). */
function platformClient({ platform, currentKey, managingApiKey, keyScope }: CheckedOptions): RotationPlatformClient {
  // The key written back in a rollback must be the key the preflight proves: the client holds it.
  // The signal is not bound here: cleanup requests (revoking the run's own key, write-backs) must
  // finish after an abort; the protocol binds it to the requests that move the run forward.
  const current =
    'options' in platform
      ? createClient(platform.options)
      : platform.client.withOptions({
          ...(currentKey !== undefined && { apiKey: currentKey }),
          ...(platform.runtime && { runtime: platform.runtime }),
        });
  return keyKindClient(keyScope, current, managingApiKey === undefined ? undefined : current.withApiKey(managingApiKey));
}

/** The GitHub client each request goes through: one for a token or an Octokit, one per owner for an App. */
export interface GitHubClients {
  /** `need` is undefined only for a token's client (check-options.ts). */
  clientFor(need: GitHubNeed | undefined): GitHubClient;
  appTokens?: InstallationTokens;
}

export function gitHubClients(access: CheckedGitHub, { runtime }: CheckedOptions, log: (line: string) => void): GitHubClients {
  if ('octokit' in access) return { clientFor: () => access.octokit };
  // Not bound to the run's signal: a write-back after an abort must still reach GitHub.
  if ('token' in access) {
    const octokit = createGitHubClient({ log, runtime, ...access.token });
    return { clientFor: () => octokit };
  }
  const appTokens = new InstallationTokens(access.app, { log, runtime, ...access.settings });
  return { clientFor: (need) => appTokens.clientFor(need!), appTokens };
}

/** Specs come with GitHub access: check-options.ts refuses them without it (and a user's Codespaces secret with an App). */
function clientOf(github: GitHubClients | undefined, need: GitHubNeed | undefined): GitHubClient {
  if (!github) throw new Error('a GitHub target without GitHub access passed the option checks');
  if (!need && github.appTokens) throw new Error("a user's Codespaces secret with a GitHub App passed the option checks");
  return github.clientFor(need);
}

/** GitLab's and Vercel's specs come with their access: check-options.ts refuses them without it. */
function accessed<C>(client: C | undefined, service: 'GitLab' | 'Vercel'): C {
  if (!client) throw new Error(`a ${service} target without ${service} access passed the option checks`);
  return client;
}

export function recordStore(
  record: CheckedOptions['record'],
  github: GitHubClients | undefined,
  gitlab: GitLabClient | undefined,
): RecordStore | undefined {
  if (!record || 'load' in record) return record;
  if ('gitlab' in record) return gitlabVariableStore(accessed(gitlab, 'GitLab'), record.gitlab);
  return githubVariableStore(clientOf(github, recordNeed(record.repository)), record.repository);
}
