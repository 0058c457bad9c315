// startGitLabEmulator: GitLab's REST API v4 for project and group CI/CD variables, over real HTTP on
// loopback (or in process), with the faults, request log and control API every emulator shares.
// Written from GitLab's published API documentation (https://docs.gitlab.com/api/rest/).

import { resolveTime } from '../core/emulator-time.js';
import { type ServedEmulator, served, type ServingOptions, servingOptions } from '../core/served-emulator.js';
import { HttpError, startHttpEmulator } from '../core/http-server.js';
import { gitlabControlRoutes } from './control-routes.js';
import { projectRoutes } from './project-routes.js';
import { issueRoutes } from './issue-routes.js';
import { gitlabErrorReply } from './gitlab-error.js';
import { type GitLabRateLimitFaultOptions, gitlabRateLimitFault, MinuteBudget } from './rate-limit.js';
import { createGitLabStateApi, type GitLabStateApi, type GitLabTokenAccess } from './state-api.js';
import { type GitLabContext, TOKEN_OF, variableRoutes } from './variable-routes.js';
import { GitLabWorld } from './world.js';

/** Where GitLab serves its REST API v4. */
export const GITLAB_API_PATH = '/api/v4';

export interface GitLabEmulatorOptions extends ServingOptions {
  /** Group paths created up front. */
  groups?: string[];
  /** Project paths (`group/project`) created up front, with their groups. */
  projects?: string[];
  /** Token -> its scopes and roles. */
  tokens?: Record<string, GitLabTokenAccess>;
  /** The instance's version: `masked_and_hidden` is known from 17.4 (default 17.6.0); older ones ignore it. */
  version?: string;
  /** API requests a minute before GitLab answers 429 (default: unlimited). */
  rateLimitPerMinute?: number;
}

export interface GitLabEmulator extends GitLabStateApi, ServedEmulator {
  /** The API root to use as the client's apiUrl: `<origin>/api/v4`. */
  url: string;
  /** Arms GitLab's 429 with Retry-After and RateLimit-* headers; returns the fault id. */
  rateLimit(options: GitLabRateLimitFaultOptions): number;
}

export async function startGitLabEmulator(options: GitLabEmulatorOptions = {}): Promise<GitLabEmulator> {
  const time = resolveTime(options.runtime, undefined);
  const clock = () => time.now();
  const world = new GitLabWorld();
  let origin = '';
  const ctx: GitLabContext = { world, hiddenVariables: supportsHidden(options.version ?? '17.6.0'), origin: () => origin };
  const state = createGitLabStateApi(world);
  for (const group of options.groups ?? []) state.addGroup(group);
  for (const project of options.projects ?? []) state.addProject(project);
  for (const [token, access] of Object.entries(options.tokens ?? {})) state.addToken(token, access);
  const budget = options.rateLimitPerMinute === undefined ? undefined : new MinuteBudget(options.rateLimitPerMinute, clock);

  const http = await startHttpEmulator({
    mount: GITLAB_API_PATH,
    routes: [...variableRoutes(ctx), ...projectRoutes(ctx), ...issueRoutes(ctx, clock)],
    controlRoutes: gitlabControlRoutes(state),
    errorReply: gitlabErrorReply,
    // A token in PRIVATE-TOKEN or as a Bearer (https://docs.gitlab.com/api/rest/authentication/); 401 before anything else.
    authenticate: (req) => {
      const header = req.headers['private-token'];
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      const value = (Array.isArray(header) ? header[0] : header) ?? bearer;
      const token = value === undefined ? undefined : world.tokens.get(value);
      if (!token) throw new HttpError(401, '401 Unauthorized');
      const counted = budget?.consume();
      if (counted) RATE_HEADERS.set(req, counted.headers);
      if (counted?.refusal) throw new HttpError(429, 'Retry later', counted.refusal);
      TOKEN_OF.set(req, token);
      req.actor = token.user;
    },
    replyHeaders: (req) => RATE_HEADERS.get(req),
    ...servingOptions(options, time),
  });
  origin = http.origin;

  return { ...state, ...served(http, GITLAB_API_PATH), rateLimit: (fault) => http.faults.add(gitlabRateLimitFault(fault, clock)) };
}

/** The RateLimit-* headers of a request's answer, when limiting is on. */
const RATE_HEADERS = new WeakMap<object, Record<string, string>>();

/** `masked_and_hidden` came with GitLab 17.4. */
function supportsHidden(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 17 || (major === 17 && minor >= 4);
}
