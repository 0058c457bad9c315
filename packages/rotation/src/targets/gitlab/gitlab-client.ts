// A small client of GitLab's REST API v4 (https://docs.gitlab.com/api/rest/) on the shared REST
// client (rest-client/): a token in the PRIVATE-TOKEN header, offset pagination by `X-Next-Page`, and
// rate limits (429) waited out as GitLab asks: `Retry-After`, else `RateLimit-Reset`
// (https://docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom). GitLab.com by default; a
// self-managed instance through `apiUrl` (https://HOST/api/v4).

import { RATE_LIMIT_RULES } from '@keyturn/api/toolkit';
import { checkRestAccess } from '../../rest-client/rest-access.js';
import type { RestAccess, RestAnswer, RestClientSettings, RestRequest } from '../../rest-client/rest-client.js';
import { RestRequestError, restRequests } from '../../rest-client/rest-client.js';

/** GitLab.com's REST API v4: the `apiUrl` when none is given. */
export const DEFAULT_GITLAB_API_URL = 'https://gitlab.com/api/v4';

/**
 * How to reach GitLab, the rotateKey option `gitlab`: a personal, project or group access token with
 * the `api` scope, and the API root, default https://gitlab.com/api/v4 (self-managed: https://HOST/api/v4).
 */
export type GitLabAccess = RestAccess;

/** A request GitLab refused or that got no answer. Its message never holds the token or a value. */
export class GitLabRequestError extends RestRequestError {
  override name = 'GitLabRequestError';
}

export type GitLabResponse<T> = RestAnswer & { data: T };

export type GitLabRequest = RestRequest;

/** A GitLab REST API v4 client (from `createGitLabClient`): requests with the token, listings by page. */
export interface GitLabClient {
  /** The API root, without a trailing slash. */
  readonly apiUrl: string;
  request<T>(method: string, path: string, options?: GitLabRequest): Promise<GitLabResponse<T>>;
  /** Every page of a listing (`per_page` 100), following `X-Next-Page`; `beforePage` is awaited before each request. */
  paginate<T>(path: string, query?: GitLabRequest['query'], beforePage?: () => Promise<void>): Promise<T[]>;
}

/** The checks of `createGitLabClient`, building nothing: an OptionError naming the option. */
export function checkGitLabAccess(access: GitLabAccess): void {
  const example = `${DEFAULT_GITLAB_API_URL} (self-managed: https://HOST/api/v4)`;
  checkRestAccess(access, { service: 'GitLab', token: 'a GitLab access token with the `api` scope', api: 'the GitLab API', example });
}

/** A GitLab client for the rotation's targets and record store. Throws an OptionError before any request. */
export function createGitLabClient(access: GitLabAccess, settings: RestClientSettings = {}): GitLabClient {
  checkGitLabAccess(access);
  const apiUrl = (access.apiUrl ?? DEFAULT_GITLAB_API_URL).replace(/\/+$/, '');
  const send = restRequests(
    {
      name: 'GitLab',
      apiUrl,
      credential: { 'private-token': access.token },
      rateLimits: RATE_LIMIT_RULES.gitlab,
      waitWords: 'as GitLab asks',
      refusalOf: (data) => ({ reason: reasonOf(data) }),
      Error: GitLabRequestError,
    },
    access,
    settings,
  );
  const request = <T>(method: string, path: string, options?: GitLabRequest) => send(method, path, options) as Promise<GitLabResponse<T>>;

  async function paginate<T>(path: string, query: GitLabRequest['query'] = {}, beforePage?: () => Promise<void>): Promise<T[]> {
    const items: T[] = [];
    let page: string | null = '1';
    // GitLab's offset pagination: `X-Next-Page` is empty on the last page (https://docs.gitlab.com/api/rest/#pagination).
    for (let pages = 0; page; pages++) {
      if (pages >= 1000) throw new GitLabRequestError(`the listing of ${path} did not end after 1000 pages`, 200, '');
      await beforePage?.();
      const answer: GitLabResponse<unknown> = await request<unknown>('GET', path, { query: { ...query, per_page: 100, page } });
      if (!Array.isArray(answer.data)) throw new GitLabRequestError(`the listing of ${path} is not a list`, answer.status, '');
      items.push(...(answer.data as T[]));
      const next = answer.headers.get('x-next-page');
      page = next && /^\d+$/.test(next) && next !== page ? next : null;
    }
    return items;
  }

  return { apiUrl, request, paginate };
}

/** GitLab's words for a refusal: `{ message }` (a string or field errors) or `{ error }`. */
function reasonOf(data: unknown): string {
  if (typeof data === 'string') return data.slice(0, 300);
  if (typeof data !== 'object' || data === null) return '';
  const { message, error } = data as { message?: unknown; error?: unknown };
  const said = message ?? error;
  if (typeof said === 'string') return said.slice(0, 300);
  if (typeof said === 'object' && said !== null) {
    return Object.entries(said)
      .map(([field, problems]) => `${field} ${Array.isArray(problems) ? problems.join(', ') : String(problems)}`)
      .join('; ')
      .slice(0, 300);
  }
  return '';
}

/** GitLab's "404 Variable Not Found" (not a project or group that is missing): the variable is not there. */
export function variableMissing(error: unknown): boolean {
  return error instanceof GitLabRequestError && error.status === 404 && /variable/i.test(error.reason);
}

/** GitLab's "(KEY) has already been taken": the variable exists (created meanwhile, or a retried create that landed). */
export function variableTaken(error: unknown): boolean {
  return error instanceof GitLabRequestError && error.status === 400 && /taken|exists/i.test(error.reason);
}
