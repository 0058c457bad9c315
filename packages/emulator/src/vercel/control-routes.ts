// The Vercel emulator's control API under /__emulator, so a CLI-started emulator can be set up and
// read from another process. Not part of Vercel; no auth, no faults, not logged.

import { attempt, field, text } from '../core/control-input.js';
import { type EmulatorRequest, type Route, route } from '../core/http-server.js';
import type { VercelProjectRef, VercelStateApi, VercelTokenAccess } from './state-api.js';

export function vercelControlRoutes(state: VercelStateApi): Route[] {
  const refOf = (req: EmulatorRequest): VercelProjectRef => {
    const team = (field(req, 'team') as string | undefined) ?? req.query.get('team') ?? undefined;
    return { project: text(field(req, 'project') ?? req.query.get('project') ?? undefined, 'project'), ...(team && { team }) };
  };
  return [
    route('POST', '/vercel/teams', (req) => ({ status: 201, body: attempt(() => state.addTeam(text(field(req, 'slug'), 'slug'))) })),
    route('POST', '/vercel/projects', (req) => ({ status: 201, body: attempt(() => state.addProject(refOf(req))) })),
    route('POST', '/vercel/tokens', (req) => {
      attempt(() => state.addToken(text(field(req, 'token'), 'token'), (req.body ?? {}) as VercelTokenAccess));
      return { status: 201, body: {} };
    }),
    route('GET', '/vercel/env', (req) => ({ status: 200, body: attempt(() => state.envs(refOf(req))) })),
    route('POST', '/vercel/deployments', (req) => ({ status: 201, body: attempt(() => state.deploy(refOf(req))) })),
    route('GET', '/vercel/deployments', (req) => ({ status: 200, body: attempt(() => state.deployments(refOf(req))) })),
    route('POST', '/vercel/build-times', (req) => {
      attempt(() => state.setBuildTimes((req.body ?? {}) as { queuedMs?: number; buildMs?: number }));
      return { status: 201, body: {} };
    }),
    route('POST', '/vercel/failing-builds', (req) => {
      const count = field(req, 'count');
      attempt(() => state.failBuilds(refOf(req), typeof count === 'number' ? count : 1));
      return { status: 201, body: {} };
    }),
  ];
}
