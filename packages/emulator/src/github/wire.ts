// Repositories, organizations and accounts as GitHub sends them, with every field its published
// description requires (`full-repository`, `minimal-repository`, `organization-full`, `simple-user`
// in @octokit/openapi). Most are URL templates, made here from one list each.

import type { ResponseShape } from '../core/response-shape.js';
import { shaped } from '../core/response-shape.js';

const REPO_URL_TEMPLATES: Record<string, string> = {
  archive_url: '/{archive_format}{/ref}',
  assignees_url: '/assignees{/user}',
  blobs_url: '/git/blobs{/sha}',
  branches_url: '/branches{/branch}',
  collaborators_url: '/collaborators{/collaborator}',
  comments_url: '/comments{/number}',
  commits_url: '/commits{/sha}',
  compare_url: '/compare/{base}...{head}',
  contents_url: '/contents/{+path}',
  contributors_url: '/contributors',
  deployments_url: '/deployments',
  downloads_url: '/downloads',
  events_url: '/events',
  forks_url: '/forks',
  git_commits_url: '/git/commits{/sha}',
  git_refs_url: '/git/refs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  hooks_url: '/hooks',
  issue_comment_url: '/issues/comments{/number}',
  issue_events_url: '/issues/events{/number}',
  issues_url: '/issues{/number}',
  keys_url: '/keys{/key_id}',
  labels_url: '/labels{/name}',
  languages_url: '/languages',
  merges_url: '/merges',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  pulls_url: '/pulls{/number}',
  releases_url: '/releases{/id}',
  stargazers_url: '/stargazers',
  statuses_url: '/statuses/{sha}',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  tags_url: '/tags',
  teams_url: '/teams',
  trees_url: '/git/trees{/sha}',
};

const USER_URL_TEMPLATES: Record<string, string> = {
  events_url: '/events{/privacy}',
  followers_url: '/followers',
  following_url: '/following{/other_user}',
  gists_url: '/gists{/gist_id}',
  organizations_url: '/orgs',
  received_events_url: '/received_events',
  repos_url: '/repos',
  starred_url: '/starred{/owner}{/repo}',
  subscriptions_url: '/subscriptions',
};

const ORG_URL_TEMPLATES: Record<string, string> = {
  repos_url: '/repos',
  events_url: '/events',
  hooks_url: '/hooks',
  issues_url: '/issues',
  members_url: '/members{/member}',
  public_members_url: '/public_members{/member}',
};

const CREATED = '2024-01-01T00:00:00Z';

function urls(templates: Record<string, string>, base: string): Record<string, string> {
  return Object.fromEntries(Object.entries(templates).map(([name, suffix]) => [name, `${base}${suffix}`]));
}

export function nodeId(prefix: string, id: number): string {
  return `${prefix}_${Buffer.from(`emulated:${id}`).toString('base64url')}`;
}

function avatar(id: number): string {
  return `https://avatars.githubusercontent.com/u/${id}?v=4`;
}

/** simple-user: the owner of a repository. */
export function simpleUser(shape: ResponseShape, account: { login: string; id: number; type: 'User' | 'Organization' }, api: string) {
  const base = `${api}/users/${account.login}`;
  return shaped(
    shape,
    {
      login: account.login,
      id: account.id,
      node_id: nodeId(account.type === 'User' ? 'U' : 'O', account.id),
      avatar_url: avatar(account.id),
      gravatar_id: '' as string | null,
      url: base,
      html_url: `https://github.com/${account.login}`,
      ...urls(USER_URL_TEMPLATES, base),
      type: account.type,
      site_admin: false,
      user_view_type: 'public',
    },
    { optional: ['user_view_type'], nullable: ['gravatar_id'] },
  );
}

export interface RepositoryFacts {
  id: number;
  name: string;
  fullName: string;
  owner: { login: string; id: number; type: 'User' | 'Organization' };
}

/** minimal-repository, or full-repository with `full`: a private repository nobody has pushed to. */
export function repositoryOnWire(shape: ResponseShape, repo: RepositoryFacts, api: string, detail: 'minimal' | 'full') {
  const base = `${api}/repos/${repo.fullName}`;
  const minimal = {
    id: repo.id,
    node_id: nodeId('R', repo.id),
    name: repo.name,
    full_name: repo.fullName,
    owner: simpleUser(shape, repo.owner, api),
    private: true,
    html_url: `https://github.com/${repo.fullName}`,
    description: null as string | null,
    fork: false,
    url: base,
    ...urls(REPO_URL_TEMPLATES, base),
    visibility: 'private',
  };
  if (detail === 'minimal') return shaped(shape, minimal, { optional: ['visibility'], nullable: ['description'] });
  return shaped(
    shape,
    {
      ...minimal,
      clone_url: `https://github.com/${repo.fullName}.git`,
      git_url: `git://github.com/${repo.fullName}.git`,
      ssh_url: `git@github.com:${repo.fullName}.git`,
      svn_url: `https://github.com/${repo.fullName}`,
      mirror_url: null as string | null,
      homepage: null as string | null,
      language: null as string | null,
      license: null,
      default_branch: 'main',
      forks: 0,
      forks_count: 0,
      stargazers_count: 0,
      watchers: 0,
      watchers_count: 0,
      open_issues: 0,
      open_issues_count: 0,
      network_count: 0,
      subscribers_count: 0,
      size: 0,
      has_issues: true,
      has_projects: true,
      has_wiki: false,
      has_pages: false,
      has_discussions: false,
      archived: false,
      disabled: false,
      pushed_at: CREATED,
      created_at: CREATED,
      updated_at: CREATED,
    },
    { optional: ['visibility'], nullable: ['description', 'mirror_url', 'homepage', 'language', 'license'] },
  );
}

/** organization-full. */
export function organizationOnWire(shape: ResponseShape, org: { login: string; id: number }, api: string) {
  const base = `${api}/orgs/${org.login}`;
  return shaped(
    shape,
    {
      login: org.login,
      id: org.id,
      node_id: nodeId('O', org.id),
      url: base,
      ...urls(ORG_URL_TEMPLATES, base),
      avatar_url: avatar(org.id),
      description: null as string | null,
      html_url: `https://github.com/${org.login}`,
      has_organization_projects: true,
      has_repository_projects: true,
      public_repos: 0,
      public_gists: 0,
      followers: 0,
      following: 0,
      type: 'Organization',
      created_at: CREATED,
      updated_at: CREATED,
      archived_at: null as string | null,
      name: org.login,
    },
    { optional: ['name'], nullable: ['description', 'archived_at'] },
  );
}
