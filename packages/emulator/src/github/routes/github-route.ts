// What every GitHub endpoint does around its own work: take the caller the authenticate hook let
// through, count the request against the rate budget, turn GitHubErrors into GitHub's error body,
// and add GitHub's response headers.

import type { EmulatorReply, EmulatorRequest, Route } from '../../core/http-server.js';
import { type ResponseShape, shapedAnswer } from '../../core/response-shape.js';
import type { AppRegistry } from '../apps.js';
import type { Caller, TokenBook } from '../auth.js';
import { GitHubError, githubErrorReply, newRequestId } from '../github-error.js';
import { PRIMARY_LIMIT_MESSAGE, type RateBudget } from '../rate-limit.js';
import { DEFAULT_API_VERSION, selectedApiVersion } from '../request-headers.js';
import type { GitHubWorld } from '../targets.js';

export interface GitHubContext {
  world: GitHubWorld;
  tokens: TokenBook;
  /** GitHub Apps, their installations and installation tokens. */
  apps: AppRegistry;
  budget: RateBudget;
  /** What a value sealed for another key becomes: refused (422), or stored empty as GitHub does. */
  badSeal: 'reject' | 'store-empty';
  /** How much of each answer is sent (response-shape.ts). */
  shape: ResponseShape;
}

export type GitHubHandler = (req: EmulatorRequest, caller: Caller) => EmulatorReply | Promise<EmulatorReply>;

/** Headers GitHub puts on every response. */
export function githubHeaders(budget: RateBudget, apiVersion: string = DEFAULT_API_VERSION): Record<string, string> {
  return {
    'x-github-request-id': newRequestId(),
    'x-github-api-version-selected': apiVersion,
    'x-github-media-type': 'github.v3; format=json',
    ...budget.headers(),
  };
}

export function githubRoute(ctx: GitHubContext, method: string, pattern: string, handler: GitHubHandler): Route {
  return {
    method,
    pattern,
    handler: async (req) => {
      let reply: EmulatorReply;
      try {
        const caller = ctx.tokens.callerOf(req);
        if (!ctx.budget.consume()) {
          throw new GitHubError(403, PRIMARY_LIMIT_MESSAGE, 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api');
        }
        const answered = await handler(req, caller);
        reply = { ...answered, body: shapedAnswer(ctx.shape, answered.status, answered.body) };
      } catch (error) {
        if (!(error instanceof GitHubError)) throw error;
        // Every error in GitHub's one shape, also where the description lists the status with no body.
        reply = { ...githubErrorReply(error.status, error.message, error.documentationUrl), headers: error.headers };
      }
      return { ...reply, headers: { ...githubHeaders(ctx.budget, selectedApiVersion(req)), ...reply.headers } };
    },
  };
}

/** The API root as the caller reached it, for the URLs GitHub puts in bodies and `Link` headers. */
export function apiBase(req: EmulatorRequest): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}
