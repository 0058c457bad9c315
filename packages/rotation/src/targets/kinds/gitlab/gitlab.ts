// `gitlab:GROUP/PROJECT[:ENV_SCOPE]`: a project's CI/CD variable (the project's full path, or its numeric id).
// https://docs.gitlab.com/api/project_level_variables/

import { gitlabKind } from './gitlab-kind.js';

/** A GitLab project's CI/CD variable: `project` is its full path (`group/app`) or numeric id; no `environmentScope` is `*`. */
export type GitLabProjectSpec = { kind: 'gitlab'; project: string; environmentScope?: string };

export const gitlab = gitlabKind<GitLabProjectSpec>({
  name: 'gitlab',
  scope: 'project',
  path: { form: 'GROUP/PROJECT', segments: 2, what: 'a project path (GROUP/PROJECT) or numeric id' },
  example: 'gitlab:acme/web:production',
  pathOf: (spec) => spec.project,
  specOf: (project, scope) => ({ kind: 'gitlab', project, ...scope }),
});
