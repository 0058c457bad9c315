// A small client of GitLab's REST API v4 (https://docs.gitlab.com/api/rest/): a token in the
// PRIVATE-TOKEN header, JSON in and out, offset pagination by `X-Next-Page`, 5xx answers and
// dropped connections retried, and rate limits (429) waited out a bounded number of times as
// GitLab asks: `Retry-After`, else `RateLimit-Reset` (https://docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom).
// GitLab.com by default; a self-managed instance through `apiUrl` (https://HOST/api/v4).

import { KeyturnError, OptionError } from '@keyturn/api';
import {
  type AttemptVerdict,
  githubTokenProblem,
  isLoopbackHost,
  linkSignals,
  notifyHook,
  rateLimitWaitMs,
  type Runtime,
  runAttempts,
  systemRuntime,
} from '@keyturn/api/toolkit';

/** GitLab.com's REST API v4: the `apiUrl` when none is given. */
export const DEFAULT_GITLAB_API_URL = 'https://gitlab.com/api/v4';

/** How to reach GitLab: the rotateKey option `gitlab`. */
export interface GitLabAccess {
  /** A personal, project or group access token with the `api` scope. */
  token: string;
  /** The API root, default https://gitlab.com/api/v4; a self-managed instance's is https://HOST/api/v4. */
  apiUrl?: string;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** Retries of 5xx answers and dropped connections, default 3. */
  retries?: number;
  /** Retries of a rate-limited request, default 3. */
  rateLimitRetries?: number;
  /** A rate limit that resets later than this is not waited for, default 120 000 ms. */
  maxRateLimitWaitMs?: number;
  /** Default: the global fetch (a proxy agent or a test's fetch goes here). */
  fetch?: typeof fetch;
}

/** What the client needs beyond the access: the run's clock and log. */
export interface GitLabClientSettings {
  runtime?: Runtime;
  /** One line per rate-limit wait; what it throws is ignored. */
  log?: (line: string) => void;
}

/** A request GitLab refused or that got no answer. Its message never holds the token or a value. */
export class GitLabRequestError extends KeyturnError {
  override name = 'GitLabRequestError';
  constructor(
    message: string,
    /** GitLab's status; undefined when no answer came. */
    readonly status: number | undefined,
    /** What GitLab said (its `message` or `error`), scrubbed. */
    readonly reason: string,
    /** Set when a rate limit was not waited out: the seconds GitLab asked for. */
    readonly rateLimitSeconds?: number,
  ) {
    super(message);
  }

  /** An earlier attempt of the request got no answer or a 5xx: a write may have landed, whatever this answer says. */
  retriedUnanswered = false;
}

export interface GitLabResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

export interface GitLabRequest {
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
  /** One attempt, never retried: a lease's release, whose retry after a lost answer could delete the next holder's lease. */
  once?: boolean;
}

/** A GitLab REST API v4 client (from `createGitLabClient`): requests with the token, listings by page. */
export interface GitLabClient {
  /** The API root, without a trailing slash. */
  readonly apiUrl: string;
  request<T>(method: string, path: string, options?: GitLabRequest): Promise<GitLabResponse<T>>;
  /** Every page of a listing (`per_page` 100), following `X-Next-Page`. */
  paginate<T>(path: string, query?: GitLabRequest['query']): Promise<T[]>;
}

/** The checks of `createGitLabClient`, building nothing: an OptionError naming the option. */
export function checkGitLabAccess(access: GitLabAccess): void {
  if (typeof access !== 'object' || access === null) throw new OptionError('gitlab', 'gitlab must be an object: { token, apiUrl? }');
  const { token, apiUrl } = access;
  if (typeof token !== 'string' || !token) throw new OptionError('gitlab.token', 'gitlab.token is required: a GitLab access token with the `api` scope');
  if (!/^[\x21-\x7E]+$/.test(token)) {
    throw new OptionError('gitlab.token', 'gitlab.token contains spaces or non-ASCII characters; check that the secret holds the token alone');
  }
  if (githubTokenProblem(token)) {
    throw new OptionError('gitlab.token', 'gitlab.token is shaped like a platform API key, not a GitLab token, so it was not sent to GitLab: pass a GitLab access token with the `api` scope');
  }
  if (apiUrl === undefined) return;
  // Made only when thrown: an error captures a stack trace, which every valid call would pay for.
  const refused = () => new OptionError('gitlab.apiUrl', `gitlab.apiUrl must be the absolute https URL of the GitLab API, e.g. ${DEFAULT_GITLAB_API_URL} (self-managed: https://HOST/api/v4)`);
  if (typeof apiUrl !== 'string' || !URL.canParse(apiUrl)) throw refused();
  const url = new URL(apiUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new OptionError('gitlab.apiUrl', `gitlab.apiUrl must use https: for ${url.host} (a key travels in it); plain http: is allowed only for loopback hosts`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused();
  if (url.search || url.hash) throw refused();
}

/** A GitLab client for the rotation's targets and record store. Throws an OptionError before any request. */
export function createGitLabClient(access: GitLabAccess, settings: GitLabClientSettings = {}): GitLabClient {
  checkGitLabAccess(access);
  const { token, timeoutMs = 30_000, retries = 3, rateLimitRetries = 3, maxRateLimitWaitMs = 120_000 } = access;
  const apiUrl = (access.apiUrl ?? DEFAULT_GITLAB_API_URL).replace(/\/+$/, '');
  const runtime = settings.runtime ?? systemRuntime;
  const doFetch = access.fetch ?? fetch;
  const scrub = (text: string) => text.split(token).join('[redacted]');

  const attempt = async <T>(method: string, url: string, body: string | undefined): Promise<GitLabResponse<T>> => {
    const linked = linkSignals([], timeoutMs);
    try {
      const response = await doFetch(url, {
        method,
        headers: { 'private-token': token, accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
        body,
        signal: linked.signal,
      });
      const text = await response.text();
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = text;
      }
      return { status: response.status, data: data as T, headers: response.headers };
    } catch (error) {
      const why = linked.timedOut() ? `no answer within ${timeoutMs} ms` : `no answer (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name ?? 'network error'})`;
      throw new GitLabRequestError(why, undefined, '');
    } finally {
      linked.dispose();
    }
  };

  function request<T>(method: string, path: string, options: GitLabRequest = {}): Promise<GitLabResponse<T>> {
    const url = new URL(`${apiUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // The attempts that got no answer or a 5xx (any of them may have landed), and the rate limits waited out.
    let failures = 0;
    let limits = 0;
    const tries = options.once ? 0 : retries;
    const giveUp = (error: GitLabRequestError): AttemptVerdict<never> => {
      error.retriedUnanswered = failures > 0;
      return { fail: error };
    };
    return runAttempts<GitLabResponse<T>, GitLabResponse<T>>({
      send: () => attempt<T>(method, url.href, body),
      answered: (answer) => {
        const { status } = answer;
        if (status < 400) return { done: answer };
        const reason = scrub(reasonOf(answer.data));
        if (status === 429) {
          const wait = rateLimitWaitSeconds(answer.headers, runtime.now());
          if (limits++ < rateLimitRetries && wait * 1000 <= maxRateLimitWaitMs) {
            notifyHook(settings.log, `GitLab rate limit reached (${method} ${path}): waiting ${wait} s as GitLab asks, then trying again`);
            return { retryInMs: wait * 1000 };
          }
          return giveUp(new GitLabRequestError(`GitLab answered 429 (rate limit: try again in ${wait} s)`, status, reason, wait));
        }
        if (status >= 500 && failures++ < tries) return { retryInMs: backoffMs(failures) };
        return giveUp(new GitLabRequestError(`GitLab answered ${status}${reason ? `: "${reason}"` : ''}`, status, reason));
      },
      failed: (error) => (failures++ < tries ? { retryInMs: backoffMs(failures) } : { fail: error }),
      wait: (ms) => runtime.sleep(ms),
    });
  }

  async function paginate<T>(path: string, query: GitLabRequest['query'] = {}): Promise<T[]> {
    const items: T[] = [];
    let page: string | null = '1';
    // GitLab's offset pagination: `X-Next-Page` is empty on the last page (https://docs.gitlab.com/api/rest/#pagination).
    for (let pages = 0; page; pages++) {
      if (pages >= 1000) throw new GitLabRequestError(`the listing of ${path} did not end after 1000 pages`, 200, '');
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

/** 1 s, 2 s, 4 s... between retries of a failure. */
function backoffMs(failures: number): number {
  return 1000 * 2 ** (failures - 1);
}

/**
 * How long GitLab asks to wait, in whole seconds, at least one: `Retry-After` (whole seconds or a
 * date; GitLab's client reads it trimmed), else until `RateLimit-Reset` (a Unix time, read against
 * GitLab's own `Date`), else a minute.
 */
export function rateLimitWaitSeconds(headers: Headers, nowMs: number): number {
  const header = (name: string) => (name === 'retry-after' ? headers.get(name)?.trim() : headers.get(name));
  const waitMs = rateLimitWaitMs(header, nowMs, { seconds: 'whole', reset: 'ratelimit-reset' });
  return waitMs === undefined ? 60 : Math.max(1, Math.ceil(waitMs / 1000));
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
