// Projects, spec 4.2, and the branch-creation endpoint the demo and users' CI use to start work
// that yields operations (spec 4.3 rule 5: create_branch and start_compute). The list pages as the
// published description says (listProjects): `limit` 1..400, 10 by default, and a `cursor`. The
// projects shared with the account (listSharedProjects) are none: the emulator shares nothing.

import type { Route } from '../../core/http-server.js';
import { type ResponseShape, shaped } from '../../core/response-shape.js';
import { reachesProject, requireReachableProject } from '../access.js';
import type { PlatformAccount } from '../account.js';
import { InvalidInputError } from '../errors.js';
import { objectBody, platformRoute, type RouteGuards } from '../platform-route.js';
import type { PlatformProject } from '../types.js';
import { branchAnswerOnWire, projectDetailOnWire, projectOnWire } from '../wire.js';
import { parseLimit } from './operations.js';

export const MAX_PROJECTS_LIMIT = 400;
export const DEFAULT_PROJECTS_LIMIT = 10;

export function projectRoutes(account: PlatformAccount, guards: RouteGuards, shape: ResponseShape): Route[] {
  return [
    // Only the projects the key reaches are listed (assumed: the console lists no others either).
    platformRoute(guards, 'GET', '/projects', ({ req, caller }) => {
      const limit = parseLimit(req.query.get('limit'), DEFAULT_PROJECTS_LIMIT, MAX_PROJECTS_LIMIT);
      const cursor = req.query.get('cursor') || undefined;
      const visible = (project: PlatformProject) => reachesProject(account, caller, project);
      const page = account.projects.page(limit, cursor, req.query.get('search') || undefined, visible);
      // The page after the last answers the cursor it was asked with, as the operations list does.
      // Optional in the description: the sparse shape sends it only while there may be a next page.
      const next = page.next ?? (shape === 'sparse' ? undefined : cursor);
      return {
        status: 200,
        body: {
          projects: page.projects.map((p) => projectOnWire(shape, p, account.user)),
          ...(next !== undefined && { pagination: shaped(shape, { cursor: next }, { optional: [] }) }),
          applications: {},
          integrations: {},
        },
      };
    }),

    // Before /projects/:project_id: the platform's CLI lists these with the account's own projects.
    platformRoute(guards, 'GET', '/projects/shared', ({ req }) => {
      parseLimit(req.query.get('limit'), DEFAULT_PROJECTS_LIMIT, MAX_PROJECTS_LIMIT);
      const cursor = req.query.get('cursor') || undefined;
      const next = shape === 'sparse' ? undefined : cursor;
      return {
        status: 200,
        body: {
          projects: [],
          ...(next !== undefined && { pagination: shaped(shape, { cursor: next }, { optional: [] }) }),
          applications: {},
          integrations: {},
        },
      };
    }),

    // The one project: how a project-scoped key can see that it works (its scope allows this much).
    platformRoute(guards, 'GET', '/projects/:project_id', ({ req, caller }) => {
      const project = requireReachableProject(account, caller, req.params.project_id!);
      return { status: 200, body: { project: projectDetailOnWire(shape, project, account.user) } };
    }),

    // Documented: a project-scoped key has member access to its project, so it may make branches there.
    platformRoute(guards, 'POST', '/projects/:project_id/branches', ({ req, caller }) => {
      requireReachableProject(account, caller, req.params.project_id!);
      const branch = objectBody(req).branch ?? {};
      if (typeof branch !== 'object' || branch === null || Array.isArray(branch)) {
        throw new InvalidInputError('branch must be an object');
      }
      const created = account.createBranch(req.params.project_id!, (branch as { name?: unknown }).name);
      return { status: 201, body: branchAnswerOnWire(shape, created) };
    }),
  ];
}
