// Environment secrets: https://docs.github.com/en/rest/actions/secrets#create-or-update-an-environment-secret
// Each environment has its own public key: a value sealed with the repository's key is stored empty.

import type { GitHubClient } from '../../github/octokit.js';
import type { TargetSpec } from '../spec.js';
import { GitHubSecretTarget } from './github-secret-target.js';

export function environmentSecretTarget(
  octokit: GitHubClient,
  spec: Extract<TargetSpec, { kind: 'env' }>,
): GitHubSecretTarget {
  return new GitHubSecretTarget(octokit, spec, {
    route: '/repos/{owner}/{repo}/environments/{environment_name}/secrets',
    params: { owner: spec.owner, repo: spec.repo, environment_name: spec.environment },
  });
}
