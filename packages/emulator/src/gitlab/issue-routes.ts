// A project's issues, as far as a run calling a person uses them: list (`state` opened, closed or
// all; `search` in the title and description; `labels`), create, and edit (`title`, `description`,
// `labels`, `state_event` close or reopen). Fields as GitLab's documentation has them (`id`, `iid`,
// `project_id`, `title`, `description`, `state`, `labels`, `web_url`, `created_at`, `updated_at`,
// `closed_at`). A token needs a role on the project to see it (404 otherwise), Reporter and the `api`
// scope to write. https://docs.gitlab.com/api/issues/

import { type EmulatorRequest, HttpError, type Route, route } from '../core/http-server.js';
import { INSUFFICIENT_SCOPE } from './gitlab-error.js';
import { paginated } from './pagination.js';
import { type GitLabContext, TOKEN_OF } from './variable-routes.js';
import { ACCESS_LEVELS, type VariableOwner } from './world.js';

/** An issue as the emulator keeps it. */
export interface GitLabIssue {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  labels: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

const stores = new WeakMap<VariableOwner, GitLabIssue[]>();

export function gitlabIssuesOf(project: VariableOwner): GitLabIssue[] {
  const store = stores.get(project) ?? [];
  stores.set(project, store);
  return store;
}

let nextId = 1;

export function issueRoutes(ctx: GitLabContext, clock: () => number): Route[] {
  const projectFor = (req: EmulatorRequest, need: 'read' | 'write'): VariableOwner => {
    const token = TOKEN_OF.get(req);
    const project = ctx.world.find('project', req.params.id ?? '');
    if (!token || !project || ctx.world.accessLevel(token, project) === 0) throw new HttpError(404, '404 Project Not Found');
    if (need === 'write' && !token.scopes.includes('api')) throw new HttpError(403, INSUFFICIENT_SCOPE);
    if (need === 'write' && ctx.world.accessLevel(token, project) < ACCESS_LEVELS.reporter) throw new HttpError(403, '403 Forbidden');
    return project;
  };
  const json = (project: VariableOwner, issue: GitLabIssue) => ({
    ...issue,
    project_id: project.id,
    web_url: `${ctx.origin()}/${project.path}/-/issues/${issue.iid}`,
  });
  const field = (req: EmulatorRequest, name: string): string | undefined => {
    const value = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined;
    if (value !== undefined && typeof value !== 'string') throw new HttpError(400, `${name} is invalid`);
    return value;
  };
  // GitLab takes labels as a comma-separated string (or an array, from its client libraries).
  const labels = (req: EmulatorRequest): string[] | undefined => {
    const value = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).labels : undefined;
    if (value === undefined) return undefined;
    if (typeof value === 'string')
      return value
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean);
    if (Array.isArray(value) && value.every((l) => typeof l === 'string')) return value;
    throw new HttpError(400, 'labels is invalid');
  };
  const now = () => new Date(clock()).toISOString();

  return [
    route('GET', '/projects/:id/issues', (req) => {
      const project = projectFor(req, 'read');
      const state = req.query.get('state') ?? 'all';
      const search = req.query.get('search')?.toLowerCase();
      const wanted = (req.query.get('labels') ?? '').split(',').filter(Boolean);
      const found = gitlabIssuesOf(project)
        .filter((issue) => state === 'all' || issue.state === state)
        .filter((issue) => !search || `${issue.title}\n${issue.description ?? ''}`.toLowerCase().includes(search))
        .filter((issue) => wanted.every((label) => issue.labels.includes(label)))
        .sort((a, b) => b.iid - a.iid);
      return paginated(
        req,
        found.map((issue) => json(project, issue)),
        ctx.origin(),
      );
    }),
    route('POST', '/projects/:id/issues', (req) => {
      const project = projectFor(req, 'write');
      const title = field(req, 'title');
      if (!title) throw new HttpError(400, 'title is missing');
      const store = gitlabIssuesOf(project);
      const at = now();
      const issue: GitLabIssue = {
        id: nextId++,
        iid: store.length + 1,
        title,
        description: field(req, 'description') ?? null,
        state: 'opened',
        labels: labels(req) ?? [],
        created_at: at,
        updated_at: at,
        closed_at: null,
      };
      store.push(issue);
      return { status: 201, body: json(project, issue) };
    }),
    route('PUT', '/projects/:id/issues/:iid', (req) => {
      const project = projectFor(req, 'write');
      const issue = gitlabIssuesOf(project).find((i) => String(i.iid) === req.params.iid);
      if (!issue) throw new HttpError(404, '404 Not found');
      const event = field(req, 'state_event');
      if (event !== undefined && event !== 'close' && event !== 'reopen')
        throw new HttpError(400, 'state_event does not have a valid value');
      const [title, description, newLabels] = [field(req, 'title'), field(req, 'description'), labels(req)];
      if (title !== undefined) issue.title = title;
      if (description !== undefined) issue.description = description;
      if (newLabels !== undefined) issue.labels = newLabels;
      if (event === 'close' && issue.state === 'opened') Object.assign(issue, { state: 'closed', closed_at: now() });
      if (event === 'reopen' && issue.state === 'closed') Object.assign(issue, { state: 'opened', closed_at: null });
      issue.updated_at = now();
      return { status: 200, body: json(project, issue) };
    }),
  ];
}
