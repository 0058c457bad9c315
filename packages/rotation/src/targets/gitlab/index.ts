// GitLab's CI/CD variables as targets: `gitlab:GROUP/PROJECT[:ENV_SCOPE]` (a project's) and
// `gitlab-group:GROUP[:ENV_SCOPE]` (a group's), written through one GitLab client.

import type { PlainValueTarget } from '../secret-target.js';
import type { GitLabTargetSpec } from '../spec.js';
import type { GitLabClient } from './gitlab-client.js';
import { GitLabVariableTarget } from './variable-target.js';

/** The GitLab variable a parsed spec names, written through `client` (from `createGitLabClient`). */
export function createGitLabTarget(client: GitLabClient, spec: GitLabTargetSpec): PlainValueTarget {
  return new GitLabVariableTarget(client, spec);
}
