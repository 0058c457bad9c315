// Repository secrets for Actions: https://docs.github.com/en/rest/actions/secrets#create-or-update-a-repository-secret

import type { GitHubClient } from '../../github/octokit.js';
import type { TargetSpec } from '../spec.js';
import { GitHubSecretTarget } from './github-secret-target.js';

export function repoSecretTarget(octokit: GitHubClient, spec: Extract<TargetSpec, { kind: 'repo' }>): GitHubSecretTarget {
  return new GitHubSecretTarget(octokit, spec, {
    route: '/repos/{owner}/{repo}/actions/secrets',
    params: { owner: spec.owner, repo: spec.repo },
  });
}
