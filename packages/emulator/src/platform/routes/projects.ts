// Projects, spec 4.2, and the branch-creation endpoint the demo and users' CI use to start work
// that yields operations (spec 4.3 rule 5: create_branch and start_compute).

import type { Route } from '../../core/http-server.js';
import type { PlatformAccount } from '../account.js';
import { InvalidInputError } from '../errors.js';
import { objectBody, platformRoute, type RouteGuards } from '../platform-route.js';

export function projectRoutes(account: PlatformAccount, guards: RouteGuards): Route[] {
  return [
    platformRoute(guards, 'GET', '/projects', () => ({ status: 200, body: { projects: account.projects.list() } })),

    platformRoute(guards, 'POST', '/projects/:project_id/branches', ({ req }) => {
      const branch = objectBody(req).branch ?? {};
      if (typeof branch !== 'object' || branch === null || Array.isArray(branch)) {
        throw new InvalidInputError('branch must be an object');
      }
      const created = account.createBranch(req.params.project_id!, (branch as { name?: unknown }).name);
      return { status: 201, body: created };
    }),
  ];
}
