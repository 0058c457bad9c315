// Organization API keys, as the published description has them: create (POST
// /organizations/{org_id}/api_keys, `key_name` and an optional `project_id` that makes the key
// project-scoped), list (GET) and revoke (DELETE .../{key_id}); answers carry `project_id` when the
// key is project-scoped. Who may do which is access.ts.

import { HttpError, type Route } from '../../core/http-server.js';
import type { ResponseShape } from '../../core/response-shape.js';
import { requireMayCreateOrgKey, requireMayListOrgKeys, requireMayRevokeOrgKey, standingIn } from '../access.js';
import type { PlatformAccount } from '../account.js';
import { type KeyIdentity, keyNameProblem, orgKeyScope } from '../keys.js';
import { objectBody, platformRoute, type RouteGuards } from '../platform-route.js';
import { createdKeyOnWire, listedKeyOnWire, revokedKeyOnWire } from '../wire.js';
import { keyIdParam } from './api-keys.js';

/** The description's pattern of `project_id` in the create request. */
const PROJECT_ID = /^[a-z0-9-]{1,60}$/;

export function orgApiKeyRoutes(account: PlatformAccount, guards: RouteGuards, shape: ResponseShape): Route[] {
  /** The organization's standing of the caller; 404 for an organization that does not exist. */
  const standing = (caller: KeyIdentity, orgId: string) => {
    if (!account.directory.organization(orgId)) throw new HttpError(404, `organization ${orgId} not found`);
    return standingIn(account, caller, orgId);
  };
  const creator = (userId: string) => account.directory.user(userId)!;

  return [
    platformRoute(guards, 'POST', '/organizations/:org_id/api_keys', ({ req, caller }) => {
      const orgId = req.params.org_id!;
      const body = objectBody(req);
      const projectId = body.project_id;
      if (projectId !== undefined && (typeof projectId !== 'string' || !PROJECT_ID.test(projectId))) {
        throw new HttpError(400, 'project_id must be a project id (lowercase letters, digits and dashes, at most 60)');
      }
      requireMayCreateOrgKey(standing(caller, orgId), projectId);
      const problem = keyNameProblem(body.key_name);
      if (problem) throw new HttpError(400, problem);
      if (projectId !== undefined) account.requireOrgProject(orgId, projectId);
      // A key made with an organization key is credited to that key's maker (assumed).
      const createdBy = caller.scope.kind === 'personal' ? caller.scope.userId : caller.createdBy;
      const created = account.keys.create(body.key_name as string, orgKeyScope(orgId, projectId), createdBy);
      return { status: 200, body: createdKeyOnWire(shape, created, creator(createdBy)) };
    }),

    // A JSON array of the organization's live keys, both kinds, oldest first.
    platformRoute(guards, 'GET', '/organizations/:org_id/api_keys', ({ req, caller }) => {
      const orgId = req.params.org_id!;
      requireMayListOrgKeys(standing(caller, orgId));
      const keys = account.keys.records({ includeRevoked: false }).filter((r) => r.scope.kind !== 'personal' && r.scope.orgId === orgId);
      return { status: 200, body: keys.map((r) => listedKeyOnWire(shape, r.summary, creator(r.createdBy))) };
    }),

    platformRoute(guards, 'DELETE', '/organizations/:org_id/api_keys/:key_id', ({ req, caller }) => {
      const orgId = req.params.org_id!;
      const standingOfCaller = standing(caller, orgId);
      const id = keyIdParam(req.params.key_id);
      const target = account.keys.live(id);
      // A personal key, or another organization's, is not among this organization's keys.
      if (!target || target.scope.kind === 'personal' || target.scope.orgId !== orgId) {
        requireMayListOrgKeys(standingOfCaller);
        throw new HttpError(404, `API key ${req.params.key_id} not found or already revoked`);
      }
      requireMayRevokeOrgKey(standingOfCaller, target);
      const revoked = account.keys.revoke(id)!;
      return { status: 200, body: revokedKeyOnWire(shape, revoked, creator(target.createdBy)) };
    }),
  ];
}
