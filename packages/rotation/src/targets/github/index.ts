import type { GitHubClient } from '../../github/octokit.js';
import type { SecretTarget } from '../secret-target.js';
import type { TargetSpec } from '../spec.js';
import { dependabotSecretTarget } from './dependabot.js';
import { environmentSecretTarget } from './environment.js';
import { OrgSecretTarget } from './org.js';
import { repoSecretTarget } from './repo.js';

/** The GitHub secret store a parsed spec names. */
export function createGitHubTarget(octokit: GitHubClient, spec: TargetSpec): SecretTarget {
  switch (spec.kind) {
    case 'repo':
      return repoSecretTarget(octokit, spec);
    case 'env':
      return environmentSecretTarget(octokit, spec);
    case 'dependabot':
      return dependabotSecretTarget(octokit, spec);
    case 'org':
      return new OrgSecretTarget(octokit, spec);
  }
}
