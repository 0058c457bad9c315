// What every request of a GitHub client passes, as hooks on its Octokit, each wrapping the one
// before: plugin-retry (5xx answers and dropped connections retried), then writes one at a time
// (write-spacing.ts), the API version, rate limits waited out (rate-limit.ts), and outermost a mark
// on a request an earlier attempt of which got no answer (unanswered-attempts.ts).
// https://github.com/octokit/core.js#hooks

import type { Octokit } from '@octokit/rest';
import { type RateLimitWaits, waitOutRateLimits } from './rate-limit.js';
import { markUnansweredAttempts } from './unanswered-attempts.js';
import { pathnameOf } from './request-path.js';
import type { WriteSpacing } from './write-spacing.js';

/** https://docs.github.com/rest/about-the-rest-api/api-versions */
const GITHUB_API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' } as const;

export interface RequestHooks {
  writeSpacing: WriteSpacing;
  rateLimits: RateLimitWaits;
}

/** Installs the hooks on a client just built (plugin-retry's are the innermost). */
export function installRequestHooks(octokit: Pick<Octokit, 'hook'>, { writeSpacing, rateLimits }: RequestHooks): void {
  octokit.hook.wrap('request', async (request, options) => {
    if (isWrite(options.method, options.url)) await writeSpacing.turn();
    return request(options);
  });
  // The API version this code was written for, not whatever GitHub defaults to (it answers 400 to one it dropped).
  octokit.hook.before('request', (options) => void Object.assign(options.headers, GITHUB_API_HEADERS));
  waitOutRateLimits(octokit, rateLimits);
  markUnansweredAttempts(octokit);
}

/**
 * A route's path as Octokit's hooks see it (`/repos/{owner}/{repo}/...`), without the URL parser: its
 * percent-encoding (`{` as `%7B`) changes no literal segment the checks below match; a dot or a
 * backslash or an encoded dot (normalised by the parser), or an absolute URL, goes through pathnameOf.
 */
const ROUTE_PATH = /^(\/(?!\/)[^?#.\\]*)(?:[?#]|$)/;

/**
 * A request that changes something, and so waits for its turn: any but GET and HEAD, except the
 * token requests GitHub counts apart (as @octokit/plugin-throttling did, whose write group this
 * spacing replaced: https://github.com/octokit/plugin-throttling.js/blob/main/src/wrap-request.ts).
 */
function isWrite(method: string, url: string): boolean {
  const route = ROUTE_PATH.exec(url)?.[1];
  const pathname = route !== undefined && !/%2e/i.test(route) ? route : pathnameOf(url, 'http://github.test');
  if (pathname.startsWith('/graphql')) return true;
  if (method === 'GET' || method === 'HEAD') return false;
  const token =
    (method === 'PATCH' && /^\/applications\/[^/]+\/token\/scoped$/.test(pathname)) ||
    (method === 'POST' &&
      (/^\/applications\/[^/]+\/token$/.test(pathname) ||
        /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) ||
        pathname === '/login/oauth/access_token'));
  return !token;
}
