// Dependabot secrets: https://docs.github.com/en/rest/dependabot/secrets#create-or-update-a-repository-secret

import type { GitHubClient } from '../../github/octokit.js';
import type { TargetSpec } from '../spec.js';
import { GitHubSecretTarget } from './github-secret-target.js';

export function dependabotSecretTarget(
  octokit: GitHubClient,
  spec: Extract<TargetSpec, { kind: 'dependabot' }>,
): GitHubSecretTarget {
  return new GitHubSecretTarget(octokit, spec, {
    route: '/repos/{owner}/{repo}/dependabot/secrets',
    params: { owner: spec.owner, repo: spec.repo },
  });
}
