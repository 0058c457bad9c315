// A repository's issues, as far as a run calling a person uses them: list (open, closed or all; by
// `labels`), create (201), update (title, body, state, state_reason). Fields as the published
// description has them (`number`, `title`, `body`, `state`, `labels`, `html_url`, `created_at`,
// `updated_at`, `closed_at`); the token needs the `issues` permission (write to create or update).
// https://docs.github.com/rest/issues/issues

import type { EmulatorRequest } from '../../core/http-server.js';
import { shaped } from '../../core/response-shape.js';
import { type Caller, requirePermission } from '../auth.js';
import { GitHubError, notFound } from '../github-error.js';
import { githubTimestamp } from '../secret-store.js';
import type { Repository } from '../targets.js';
import { apiBase, type GitHubContext, githubRoute } from './github-route.js';
import { paginate } from './pagination.js';

const DOCS = 'https://docs.github.com/rest/issues/issues';
const COLLECTION = '/repos/:owner/:repo/issues';

/** An issue as the emulator keeps it. */
export interface StoredIssue {
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  state_reason: string | null;
  labels: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  user: string;
}

const stores = new WeakMap<Repository, StoredIssue[]>();

export function issuesOf(repo: Repository): StoredIssue[] {
  const store = stores.get(repo) ?? [];
  stores.set(repo, store);
  return store;
}

export function issueRoutes(ctx: GitHubContext) {
  const repoFor = (req: EmulatorRequest, caller: Caller, need: 'read' | 'write'): Repository => {
    const repo = ctx.world.repo(req.params.owner!, req.params.repo!);
    if (!repo) throw notFound(DOCS);
    requirePermission(caller, need, 'issues', DOCS, { owner: repo.owner, repositoryId: repo.id });
    return repo;
  };
  const json = (req: EmulatorRequest, repo: Repository, issue: StoredIssue) => {
    const url = `${apiBase(req)}/repos/${repo.owner}/${repo.name}/issues/${issue.number}`;
    return shaped(
      ctx.shape,
      {
        id: issue.number,
        node_id: `I_${issue.number}`,
        url,
        html_url: `https://github.com/${repo.owner}/${repo.name}/issues/${issue.number}`,
        number: issue.number,
        state: issue.state,
        state_reason: issue.state_reason,
        title: issue.title,
        body: issue.body,
        user: { login: issue.user },
        labels: issue.labels.map((name, i) => ({ id: i + 1, name })),
        locked: false,
        comments: 0,
        created_at: issue.created_at,
        updated_at: issue.updated_at,
        closed_at: issue.closed_at,
      },
      { optional: ['state_reason'] },
    );
  };
  const text = (body: unknown, name: string, required: boolean): string | undefined => {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
    if (value === undefined && required) throw new GitHubError(422, `Invalid request.\n\n"${name}" wasn't supplied.`, DOCS);
    if (value !== undefined && value !== null && typeof value !== 'string')
      throw new GitHubError(422, `Invalid request.\n\n"${name}" is not a string.`, DOCS);
    return value ?? undefined;
  };
  const labelsOf = (body: unknown): string[] | undefined => {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>).labels : undefined;
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((l) => typeof l === 'string'))
      throw new GitHubError(422, 'Invalid request.\n\n"labels" is not an array of strings.', DOCS);
    return value;
  };
  const now = () => githubTimestamp(new Date(ctx.world.clock()));

  return [
    githubRoute(ctx, 'GET', COLLECTION, (req, caller) => {
      const repo = repoFor(req, caller, 'read');
      const state = req.query.get('state') ?? 'open';
      const wanted = (req.query.get('labels') ?? '').split(',').filter(Boolean);
      const all = issuesOf(repo)
        .filter((issue) => state === 'all' || issue.state === state)
        .filter((issue) => wanted.every((label) => issue.labels.includes(label)))
        .sort((a, b) => b.number - a.number);
      const page = paginate(req, all);
      return { status: 200, headers: page.headers, body: page.items.map((issue) => json(req, repo, issue)) };
    }),
    githubRoute(ctx, 'POST', COLLECTION, (req, caller) => {
      const repo = repoFor(req, caller, 'write');
      const store = issuesOf(repo);
      const at = now();
      const issue: StoredIssue = {
        number: store.length + 1,
        title: text(req.body, 'title', true) as string,
        body: text(req.body, 'body', false) ?? null,
        state: 'open',
        state_reason: null,
        labels: labelsOf(req.body) ?? [],
        created_at: at,
        updated_at: at,
        closed_at: null,
        user: req.actor ?? 'github-actions[bot]',
      };
      store.push(issue);
      return { status: 201, body: json(req, repo, issue) };
    }),
    githubRoute(ctx, 'PATCH', `${COLLECTION}/:number`, (req, caller) => {
      const repo = repoFor(req, caller, 'write');
      const issue = issuesOf(repo).find((i) => String(i.number) === req.params.number);
      if (!issue) throw notFound(DOCS);
      const state = text(req.body, 'state', false);
      if (state !== undefined && state !== 'open' && state !== 'closed')
        throw new GitHubError(422, 'Invalid request.\n\n"state" is not open or closed.', DOCS);
      const title = text(req.body, 'title', false);
      const body = text(req.body, 'body', false);
      const labels = labelsOf(req.body);
      if (title !== undefined) issue.title = title;
      if (body !== undefined) issue.body = body;
      if (labels !== undefined) issue.labels = labels;
      if (state !== undefined && state !== issue.state) {
        issue.state = state;
        issue.closed_at = state === 'closed' ? now() : null;
        issue.state_reason = state === 'closed' ? (text(req.body, 'state_reason', false) ?? 'completed') : 'reopened';
      }
      issue.updated_at = now();
      return { status: 200, body: json(req, repo, issue) };
    }),
  ];
}
