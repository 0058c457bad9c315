// GitHub's secret-scanning alert endpoints as the leak answer uses them: the open alerts of one
// secret type (every page), and resolving one as revoked. Each alert's value is handed to `onValue`
// (the Action masks it there) the moment its page is read, before anything else sees it.
// https://docs.github.com/rest/secret-scanning/secret-scanning

import type { GitHubClient } from '../github-client/octokit.js';
import type { AlertScope } from './alert-scope.js';

/** An open alert as read: where, which, and its value (held in memory only, never logged). */
export interface ReadAlert {
  /** `OWNER/REPO` the value was found in. */
  repository: string;
  number: number;
  /** The alert's page on GitHub, for the report. */
  htmlUrl: string | undefined;
  value: string;
}

interface WireAlert {
  number?: number;
  html_url?: string;
  secret?: string;
  repository?: { full_name?: string };
}

/** Every open alert of `secretType` in `scope`, a hundred to a page. Alerts without a value are counted apart. */
export async function listOpenAlerts(
  octokit: GitHubClient,
  scope: AlertScope,
  secretType: string,
  onValue: (value: string) => Promise<void>,
): Promise<{ alerts: ReadAlert[]; withoutValue: number }> {
  const query = { state: 'open', secret_type: secretType, per_page: 100 } as const;
  const pages =
    scope.kind === 'org'
      ? octokit.paginate.iterator('GET /orgs/{org}/secret-scanning/alerts', { org: scope.org, ...query })
      : octokit.paginate.iterator('GET /repos/{owner}/{repo}/secret-scanning/alerts', { owner: scope.owner, repo: scope.repo, ...query });
  const alerts: ReadAlert[] = [];
  let withoutValue = 0;
  for await (const page of pages) {
    for (const alert of page.data as WireAlert[]) {
      const repository = scope.kind === 'org' ? alert.repository?.full_name : `${scope.owner}/${scope.repo}`;
      if (typeof alert.secret !== 'string' || alert.secret === '' || typeof alert.number !== 'number' || !repository) {
        withoutValue++;
        continue;
      }
      await onValue(alert.secret);
      alerts.push({ repository, number: alert.number, htmlUrl: alert.html_url, value: alert.secret });
    }
  }
  return { alerts, withoutValue };
}

/**
 * Resolves an alert as `revoked` with `comment`. GitHub's 400 ("not changed": already so) is
 * reported as false, unless the alert now reads resolved as revoked with this very comment: the
 * request was this run's, its reply lost (a 5xx after it took effect) and its retry refused.
 */
export async function resolveAlertRevoked(
  octokit: GitHubClient,
  alert: Pick<ReadAlert, 'repository' | 'number'>,
  comment: string,
): Promise<boolean> {
  const [owner = '', repo = ''] = alert.repository.split('/');
  try {
    await octokit.request('PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number}', {
      owner,
      repo,
      alert_number: alert.number,
      state: 'resolved',
      resolution: 'revoked',
      resolution_comment: comment,
    });
    return true;
  } catch (error) {
    if ((error as { status?: number }).status === 400) return resolvedWith(octokit, owner, repo, alert.number, comment);
    throw error;
  }
}

/** True when the alert reads resolved as revoked with `comment` (an earlier attempt of this run landed). */
async function resolvedWith(octokit: GitHubClient, owner: string, repo: string, alertNumber: number, comment: string): Promise<boolean> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number}', {
    owner,
    repo,
    alert_number: alertNumber,
    hide_secret: true,
  });
  const read = data as { state?: string; resolution?: string | null; resolution_comment?: string | null };
  return read.state === 'resolved' && read.resolution === 'revoked' && read.resolution_comment === comment;
}
