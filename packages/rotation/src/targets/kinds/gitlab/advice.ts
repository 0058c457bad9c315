// What to do when GitLab refuses a request, by status. The roles are GitLab's documented ones:
// project CI/CD variables need the Maintainer role on the project, group CI/CD variables the Owner
// role on the group (https://docs.gitlab.com/ci/variables/#for-a-project,
// https://docs.gitlab.com/ci/variables/#for-a-group); the token must carry the `api` scope
// (`read_api` cannot write) (https://docs.gitlab.com/user/profile/personal_access_tokens/#personal-access-token-scopes).

import { option } from '../../../option-names.js';
import { GITLAB_MASKING_RULE } from './masking.js';

/** Where a GitLab request went: a project's variables or a group's. */
export interface GitLabPlace {
  scope: 'project' | 'group';
  /** The project's or group's path or id, as the spec gives it. */
  path: string;
}

export const GITLAB_TOKEN_KINDS = 'a personal, project or group access token with the `api` scope';

/** The role GitLab's documentation requires to manage that kind of variable. */
export function requiredRole(place: GitLabPlace): string {
  return place.scope === 'project'
    ? `the Maintainer role (or higher) on the project ${place.path}`
    : `the Owner role on the group ${place.path}`;
}

/** Advice for a refused or failed GitLab request; `status` undefined when no answer came. */
export function gitlabAdvice(status: number | undefined, place: GitLabPlace, reason = ''): string {
  const role = requiredRole(place);
  if (status === 401) {
    return (
      `GitLab did not accept the token (401): it is wrong, expired or revoked. ` +
      `Give ${option('gitlab.token')} ${GITLAB_TOKEN_KINDS}, then run again.`
    );
  }
  if (status === 403) {
    const scope = /insufficient_scope|scope/i.test(reason) ? ' The token lacks the `api` scope (`read_api` cannot write variables).' : '';
    return (
      `GitLab refused the token (403).${scope} Managing ${place.scope} CI/CD variables needs ${role}: use ${GITLAB_TOKEN_KINDS}, ` +
      `whose user (or bot) has that role, then run again.`
    );
  }
  if (status === 404) {
    return (
      `GitLab found no ${place.scope} ${place.path} that the token can see (404): check the path (or numeric id) ` +
      `and ${option('gitlab.apiUrl')} (GitLab.com or your instance's https://HOST/api/v4), and that the token's user is a member ` +
      `with ${role}.`
    );
  }
  if (status === 429) return 'GitLab rate-limited the run longer than it waits: run again in a few minutes.';
  if (status === 400 && /mask/i.test(reason)) return `GitLab refused to mask the value. ${GITLAB_MASKING_RULE}.`;
  if (status === 400 || status === 422)
    return `GitLab refused the variable as written${reason ? ` ("${reason}")` : ''}: check the variable and the spec, then run again.`;
  return 'Run again; check https://status.gitlab.com (or your GitLab instance) if it keeps failing.';
}
