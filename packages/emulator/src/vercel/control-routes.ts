// The Vercel emulator's control API under /__emulator, so a CLI-started emulator can be set up and
// read from another process. Not part of Vercel; no auth, no faults, not logged.

import { attempt, field, text } from '../core/control-input.js';
import type { EmulatorRequest, Route } from '../core/http-server.js';
import type { VercelProjectRef, VercelStateApi, VercelTokenAccess } from './state-api.js';

export function vercelControlRoutes(state: VercelStateApi): Route[] {
  const refOf = (req: EmulatorRequest): VercelProjectRef => {
    const team = (field(req, 'team') as string | undefined) ?? req.query.get('team') ?? undefined;
    return { project: text(field(req, 'project') ?? req.query.get('project') ?? undefined, 'project'), ...(team && { team }) };
  };
  return [
    {
      method: 'POST',
      pattern: '/vercel/teams',
      handler: (req) => ({ status: 201, body: attempt(() => state.addTeam(text(field(req, 'slug'), 'slug'))) }),
    },
    { method: 'POST', pattern: '/vercel/projects', handler: (req) => ({ status: 201, body: attempt(() => state.addProject(refOf(req))) }) },
    {
      method: 'POST',
      pattern: '/vercel/tokens',
      handler: (req) => {
        attempt(() => state.addToken(text(field(req, 'token'), 'token'), (req.body ?? {}) as VercelTokenAccess));
        return { status: 201, body: {} };
      },
    },
    { method: 'GET', pattern: '/vercel/env', handler: (req) => ({ status: 200, body: attempt(() => state.envs(refOf(req))) }) },
    { method: 'POST', pattern: '/vercel/deployments', handler: (req) => ({ status: 201, body: attempt(() => state.deploy(refOf(req))) }) },
    {
      method: 'GET',
      pattern: '/vercel/deployments',
      handler: (req) => ({ status: 200, body: attempt(() => state.deployments(refOf(req))) }),
    },
    {
      method: 'POST',
      pattern: '/vercel/build-times',
      handler: (req) => {
        attempt(() => state.setBuildTimes((req.body ?? {}) as { queuedMs?: number; buildMs?: number }));
        return { status: 201, body: {} };
      },
    },
    {
      method: 'POST',
      pattern: '/vercel/failing-builds',
      handler: (req) => {
        const count = field(req, 'count');
        attempt(() => state.failBuilds(refOf(req), typeof count === 'number' ? count : 1));
        return { status: 201, body: {} };
      },
    },
  ];
}
