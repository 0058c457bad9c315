// What to do when Vercel refuses a request, by status. A token reaches a team's projects only when
// the team is in its scope (https://vercel.com/docs/rest-api#creating-an-access-token); a Viewer
// changes nothing and a Developer cannot change Production's variables
// (https://vercel.com/docs/rbac/access-roles); a team's project is asked for with its team.

import { option } from '../../../option-names.js';

/** Where a Vercel request went: a project, in a team or the personal account. */
export interface VercelPlace {
  project: string;
  team?: string;
}

const TOKEN_KINDS = 'a Vercel access token (Account Settings, Tokens)';

/** Advice for a refused or failed Vercel request; `status` undefined when no answer came. */
export function vercelAdvice(
  status: number | undefined,
  place: VercelPlace,
  failure: { reason?: string; invalidToken?: boolean } = {},
): string {
  const where = place.team ? `the team ${place.team}` : 'your personal account';
  const reason = failure.reason ?? '';
  if (status === 401 || failure.invalidToken) {
    return (
      `Vercel did not accept the token (${status}): it is wrong, expired or revoked. ` +
      `Give ${option('vercel.token')} ${TOKEN_KINDS} whose scope includes ${where}, then run again.`
    );
  }
  if (status === 403 && /Developer|Viewer/.test(reason)) {
    const what = /Production/.test(reason) ? "Production's variables or deployments (a Developer cannot)" : 'the project (a Viewer cannot)';
    return (
      `Vercel refused the token (403): its user's role in ${where} cannot change ${what}. ` +
      `Use a token of a Member or Owner of ${where}, then run again.`
    );
  }
  if (status === 403) {
    return (
      `Vercel refused the token (403): its scope does not include ${where}. Create the token ` +
      `with ${place.team ? `the team ${place.team}` : 'your personal account'} in its scope (or name the project's team as ` +
      `vercel:${place.project}@TEAM), then run again.`
    );
  }
  if (status === 404 && /team/i.test(reason)) {
    return `Vercel has no team ${place.team} (404): check the @TEAM of the target (the team's slug or its team_ id).`;
  }
  if (status === 404) {
    return (
      `Vercel found no project ${place.project} in ${where} (404): check the project's name or prj_ id, and its team (a team's ` +
      `project is vercel:${place.project}@TEAM).`
    );
  }
  if (status === 429) return 'Vercel rate-limited the run longer than it waits: run again in a few minutes.';
  if (status === 400)
    return `Vercel refused the request as written${reason ? ` ("${reason}")` : ''}: check the variable and the target, then run again.`;
  return 'Run again; check https://www.vercel-status.com if it keeps failing.';
}
