// The GitHub secret stores a target spec names, as one route table: each kind's secrets collection
// and the path parameters a spec fills in. An organization secret also carries its visibility (org.ts).
// Repository: https://docs.github.com/en/rest/actions/secrets#create-or-update-a-repository-secret
// Environment (each has its own public key: a value sealed with the repository's key is stored
// empty): https://docs.github.com/en/rest/actions/secrets#create-or-update-an-environment-secret
// Dependabot: https://docs.github.com/en/rest/dependabot/secrets#create-or-update-a-repository-secret
// Codespaces (repository): https://docs.github.com/en/rest/codespaces/repository-secrets
// Codespaces' organization and user secrets carry their repositories (org.ts, codespaces-user.ts).

import type { GitHubClient } from '../../github-client/octokit.js';
import type { SealedSecretTarget } from '../secret-target.js';
import type { GitHubTargetSpec } from '../spec.js';
import { GitHubSecretTarget, type SecretScope } from './github-secret-target.js';
import { CodespacesUserSecretTarget } from './codespaces-user.js';
import { OrgSecretTarget } from './org.js';

type RepoScopedSpec = Exclude<GitHubTargetSpec, { kind: 'org' | 'codespaces-org' | 'codespaces-user' }>;

const ROUTES: { [K in RepoScopedSpec['kind']]: (spec: Extract<RepoScopedSpec, { kind: K }>) => SecretScope } = {
  repo: (spec) => ({ route: '/repos/{owner}/{repo}/actions/secrets', params: { owner: spec.owner, repo: spec.repo } }),
  env: (spec) => ({
    route: '/repos/{owner}/{repo}/environments/{environment_name}/secrets',
    params: { owner: spec.owner, repo: spec.repo, environment_name: spec.environment },
  }),
  dependabot: (spec) => ({ route: '/repos/{owner}/{repo}/dependabot/secrets', params: { owner: spec.owner, repo: spec.repo } }),
  codespaces: (spec) => ({ route: '/repos/{owner}/{repo}/codespaces/secrets', params: { owner: spec.owner, repo: spec.repo } }),
};

/**
 * The GitHub secret store a parsed spec names, written through `octokit` (one from
 * `createGitHubClient` retries, throttles and spaces its writes as GitHub asks).
 */
export function createGitHubTarget(octokit: GitHubClient, spec: GitHubTargetSpec): SealedSecretTarget {
  if (spec.kind === 'org' || spec.kind === 'codespaces-org') return new OrgSecretTarget(octokit, spec);
  if (spec.kind === 'codespaces-user') return new CodespacesUserSecretTarget(octokit, spec);
  const scope = (ROUTES[spec.kind] as (spec: RepoScopedSpec) => SecretScope)(spec);
  return new GitHubSecretTarget(octokit, spec, scope);
}
