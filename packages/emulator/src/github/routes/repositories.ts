// The few non-secret endpoints a secrets client needs: a repository (for its id), its
// environments, and an organization. https://docs.github.com/rest/repos/repos#get-a-repository

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { type Caller, requireReach } from '../auth.js';
import { notFound } from '../github-error.js';
import { shaped } from '../../core/response-shape.js';
import type { Environment, Repository } from '../targets.js';
import { nodeId, organizationOnWire, repositoryOnWire } from '../wire.js';
import { apiBase, type GitHubContext, githubRoute } from './github-route.js';
import { paginate } from './pagination.js';

const DOCS = {
  repo: 'https://docs.github.com/rest/repos/repos#get-a-repository',
  environments: 'https://docs.github.com/rest/deployments/environments#list-environments',
  environment: 'https://docs.github.com/rest/deployments/environments#get-an-environment',
  org: 'https://docs.github.com/rest/orgs/orgs#get-an-organization',
  orgRepos: 'https://docs.github.com/rest/repos/repos#list-organization-repositories',
};

/** `sort` and `direction` of the organization's repository list: by creation (ids rise with it), newest first unless told. */
function sortedRepos(req: EmulatorRequest, repos: Repository[]): Repository[] {
  const sort = req.query.get('sort') ?? 'created';
  const byName = sort === 'full_name';
  const ascending = (req.query.get('direction') ?? (byName ? 'asc' : 'desc')) === 'asc';
  const sorted = [...repos].sort((a, b) => (byName ? a.fullName.localeCompare(b.fullName) : a.id - b.id));
  return ascending ? sorted : sorted.reverse();
}

/** A repository, `minimal` in lists, `full` when asked for by name. */
export function repositoryJson(ctx: GitHubContext, repo: Repository, base: string, detail: 'minimal' | 'full') {
  const isOrg = ctx.world.org(repo.owner) !== undefined;
  const owner = { login: repo.owner, id: ctx.world.accountId(repo.owner), type: isOrg ? ('Organization' as const) : ('User' as const) };
  return repositoryOnWire(ctx.shape, { id: repo.id, name: repo.name, fullName: repo.fullName, owner }, base, detail);
}

function environmentJson(ctx: GitHubContext, repo: Repository, env: Environment, base: string) {
  const path = `${repo.fullName}/environments/${encodeURIComponent(env.name)}`;
  const fields = {
    id: env.id,
    node_id: nodeId('EN', env.id),
    name: env.name,
    url: `${base}/repos/${path}`,
    html_url: `https://github.com/${repo.fullName}/deployments/activity_log?environments_filter=${encodeURIComponent(env.name)}`,
    created_at: env.createdAt,
    updated_at: env.createdAt,
    protection_rules: [],
    deployment_branch_policy: null,
  };
  return shaped(ctx.shape, fields, { optional: ['protection_rules', 'deployment_branch_policy'] });
}

/** The repository of the path; 404 when there is none, or an installation token does not reach it. */
function repoOf(ctx: GitHubContext, req: EmulatorRequest, caller: Caller, docs: string): Repository {
  const repo = ctx.world.repo(req.params.owner!, req.params.repo!);
  if (!repo) throw notFound(docs);
  requireReach(caller, { owner: repo.owner, repositoryId: repo.id }, docs);
  return repo;
}

function reaches(caller: Caller, repo: Repository): boolean {
  try {
    requireReach(caller, { owner: repo.owner, repositoryId: repo.id }, DOCS.orgRepos);
    return true;
  } catch {
    return false;
  }
}

export function repositoryRoutes(ctx: GitHubContext): Route[] {
  return [
    githubRoute(ctx, 'GET', '/repos/:owner/:repo', (req, caller) => ({
      status: 200,
      body: repositoryJson(ctx, repoOf(ctx, req, caller, DOCS.repo), apiBase(req), 'full'),
    })),
    githubRoute(ctx, 'GET', '/repos/:owner/:repo/environments', (req, caller) => {
      const repo = repoOf(ctx, req, caller, DOCS.environments);
      const all = [...repo.environments.values()].sort((a, b) => a.name.localeCompare(b.name));
      const page = paginate(req, all);
      return {
        status: 200,
        headers: page.headers,
        // Both fields are optional in GitHub's description: the sparse shape sends neither.
        body: shaped(
          ctx.shape,
          { total_count: all.length, environments: page.items.map((e) => environmentJson(ctx, repo, e, apiBase(req))) },
          { optional: ['total_count', 'environments'] },
        ),
      };
    }),
    githubRoute(ctx, 'GET', '/repos/:owner/:repo/environments/:environment_name', (req, caller) => {
      const repo = repoOf(ctx, req, caller, DOCS.environment);
      const env = repo.environments.get(req.params.environment_name!.toLowerCase());
      if (!env) throw notFound(DOCS.environment);
      return { status: 200, body: environmentJson(ctx, repo, env, apiBase(req)) };
    }),
    githubRoute(ctx, 'GET', '/orgs/:org/repos', (req, caller) => {
      const org = ctx.world.org(req.params.org!);
      if (!org) throw notFound(DOCS.orgRepos);
      // An installation token sees the repositories its installation reaches; a token, every one of the organization.
      const reached = ctx.world.reposOf(org.login).filter((repo) => reaches(caller, repo));
      const page = paginate(req, sortedRepos(req, reached));
      return { status: 200, headers: page.headers, body: page.items.map((repo) => repositoryJson(ctx, repo, apiBase(req), 'minimal')) };
    }),
    githubRoute(ctx, 'GET', '/orgs/:org', (req) => {
      const org = ctx.world.org(req.params.org!);
      if (!org) throw notFound(DOCS.org);
      return { status: 200, body: organizationOnWire(ctx.shape, org, apiBase(req)) };
    }),
  ];
}
