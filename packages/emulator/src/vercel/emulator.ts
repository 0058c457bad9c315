// startVercelEmulator: Vercel's REST API for a project's environment variables and its deployments,
// over real HTTP on loopback (or in process), with the faults, request log and control API every
// emulator shares. Deployments build on the emulator's clock (world.ts).
// Written from Vercel's published API reference (https://vercel.com/docs/rest-api).

import { resolveTime } from '../core/emulator-time.js';
import { HttpError, startHttpEmulator } from '../core/http-server.js';
import { type ServedEmulator, served, type ServingOptions, servingOptions } from '../core/served-emulator.js';
import { vercelControlRoutes } from './control-routes.js';
import { type VercelRateLimitFaultOptions, vercelRateLimitFault } from './rate-limit.js';
import { VERCEL_TOKEN_OF, vercelRoutes } from './routes.js';
import { createVercelStateApi, type VercelStateApi, type VercelTokenAccess } from './state-api.js';
import { INVALID_TOKEN, vercelErrorReply } from './vercel-error.js';
import { type BuildTimes, DEFAULT_BUILD_TIMES, VercelWorld } from './world.js';

export interface VercelEmulatorOptions extends ServingOptions {
  /** Team slugs created up front. */
  teams?: string[];
  /** Projects created up front: `name` (the personal account's) or `team/name`. */
  projects?: string[];
  /** Token -> its teams and roles. */
  tokens?: Record<string, VercelTokenAccess>;
  /** How long a deployment queues and builds (default 1 s and 30 s), on the emulator's clock. */
  buildTimes?: Partial<BuildTimes>;
}

export interface VercelEmulator extends VercelStateApi, ServedEmulator {
  /** The API root to use as the client's apiUrl (Vercel's is https://api.vercel.com). */
  url: string;
  /** Arms Vercel's 429 with its X-RateLimit-* headers; returns the fault id. */
  rateLimit(options: VercelRateLimitFaultOptions): number;
}

export async function startVercelEmulator(options: VercelEmulatorOptions = {}): Promise<VercelEmulator> {
  const time = resolveTime(options.runtime, undefined);
  const world = new VercelWorld(() => time.now(), { ...DEFAULT_BUILD_TIMES, ...options.buildTimes });
  const state = createVercelStateApi(world);
  for (const slug of options.teams ?? []) state.addTeam(slug);
  for (const path of options.projects ?? []) {
    const [team, project] = path.includes('/') ? path.split('/', 2) : [undefined, path];
    if (team) state.addTeam(team);
    state.addProject({ project: project!, ...(team && { team }) });
  }
  for (const [token, access] of Object.entries(options.tokens ?? {})) state.addToken(token, access);

  const http = await startHttpEmulator({
    mount: '',
    routes: vercelRoutes(world),
    controlRoutes: vercelControlRoutes(state),
    errorReply: vercelErrorReply,
    // A bearer token (https://vercel.com/docs/rest-api#authentication): none is a 401, an unknown one a 403 `invalidToken`.
    authenticate: (req) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      if (bearer === undefined) throw new HttpError(401, 'unauthorized: The request is missing an authentication token');
      const token = world.tokens.get(bearer);
      if (!token) throw new HttpError(403, INVALID_TOKEN);
      VERCEL_TOKEN_OF.set(req, token);
      req.actor = token.user;
    },
    ...servingOptions(options, time),
  });

  return { ...state, ...served(http), rateLimit: (fault) => http.faults.add(vercelRateLimitFault(fault, () => time.now())) };
}
