// `gitlab-group:GROUP[:ENV_SCOPE]`: a group's CI/CD variable (the group's full path, or its numeric id).
// https://docs.gitlab.com/api/group_level_variables/

import { gitlabKind } from './gitlab-kind.js';

/** A GitLab group's CI/CD variable: `group` is its full path (`acme`, `acme/platform`) or numeric id; no `environmentScope` is `*`. */
export type GitLabGroupSpec = { kind: 'gitlab-group'; group: string; environmentScope?: string };

export const gitlabGroup = gitlabKind<GitLabGroupSpec>({
  name: 'gitlab-group',
  scope: 'group',
  path: { form: 'GROUP', segments: 1, what: 'a group path (GROUP or GROUP/SUBGROUP) or numeric id' },
  example: 'gitlab-group:acme',
  pathOf: (spec) => spec.group,
  specOf: (group, scope) => ({ kind: 'gitlab-group', group, ...scope }),
});
