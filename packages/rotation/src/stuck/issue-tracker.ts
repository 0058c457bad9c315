// Where a stuck family's issue lives: the repository (GitHub) or the project (GitLab) that keeps its
// record. One open issue a family, found again by its title's beginning (STUCK_TITLE_PREFIX and the
// family): no number is kept anywhere, so a run that lost the record still finds it.

import type { GitHubClient } from '../github-client/octokit.js';
import type { GitLabClient } from '../targets/gitlab/gitlab-client.js';

/** The family's open issue: its number (GitLab: `iid`), and when it was last written. */
export interface OpenIssue {
  number: number;
  updatedAt: string;
}

export interface IssueTracker {
  /** `acme/ops` (GitHub) or `the GitLab project acme/ops`, for messages. */
  describe(): string;
  /** The open issue whose title starts with `titleStart`, if any. */
  findOpen(titleStart: string): Promise<OpenIssue | undefined>;
  open(title: string, body: string): Promise<void>;
  update(issue: OpenIssue, title: string, body: string): Promise<void>;
  close(issue: OpenIssue): Promise<void>;
}

/** The label every stuck issue carries, to filter them by hand (finding one goes by the title). */
export const STUCK_LABEL = 'keyturn-stuck';

const newest = (issues: OpenIssue[]) => issues.sort((a, b) => b.number - a.number)[0];

/** Issues of a GitHub repository (https://docs.github.com/rest/issues/issues): the token needs Issues: Read and write. */
export function githubIssueTracker(octokit: GitHubClient, repository: string): IssueTracker {
  const [owner = '', repo = ''] = repository.split('/');
  const route = '/repos/{owner}/{repo}/issues';
  return {
    describe: () => repository,
    async findOpen(titleStart) {
      const issues = await octokit.paginate(`GET ${route}`, { owner, repo, state: 'open', per_page: 100 });
      // The listing holds pull requests too (`pull_request` set): never one of ours.
      const ours = (issues as Array<{ number: number; title: string; updated_at: string; pull_request?: unknown }>)
        .filter((issue) => !issue.pull_request && issue.title.startsWith(titleStart))
        .map((issue) => ({ number: issue.number, updatedAt: issue.updated_at }));
      return newest(ours);
    },
    async open(title, body) {
      await octokit.request(`POST ${route}`, { owner, repo, title, body, labels: [STUCK_LABEL] });
    },
    async update(issue, title, body) {
      await octokit.request(`PATCH ${route}/{issue_number}`, { owner, repo, issue_number: issue.number, title, body });
    },
    async close(issue) {
      await octokit.request(`PATCH ${route}/{issue_number}`, {
        owner,
        repo,
        issue_number: issue.number,
        state: 'closed',
        state_reason: 'completed',
      });
    },
  };
}

/** Issues of a GitLab project (https://docs.gitlab.com/api/issues/): the token needs the `api` scope and the Reporter role. */
export function gitlabIssueTracker(client: GitLabClient, project: string): IssueTracker {
  const route = `/projects/${encodeURIComponent(project)}/issues`;
  return {
    describe: () => `the GitLab project ${project}`,
    async findOpen(titleStart) {
      const issues = await client.paginate<{ iid: number; title: string; updated_at: string }>(route, {
        state: 'opened',
        search: titleStart,
        in: 'title',
      });
      return newest(
        issues.filter((issue) => issue.title.startsWith(titleStart)).map((issue) => ({ number: issue.iid, updatedAt: issue.updated_at })),
      );
    },
    async open(title, description) {
      await client.request('POST', route, { body: { title, description, labels: STUCK_LABEL } });
    },
    async update(issue, title, description) {
      await client.request('PUT', `${route}/${issue.number}`, { body: { title, description } });
    },
    async close(issue) {
      await client.request('PUT', `${route}/${issue.number}`, { body: { state_event: 'close' } });
    },
  };
}
