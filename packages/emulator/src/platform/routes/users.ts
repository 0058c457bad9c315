// Who is asking: GET /auth (any key: its account and kind), GET /users/me (a personal key's user),
// GET /users/me/organizations and GET /organizations/{org_id}. Documented: with an organization or project-scoped key (no user behind
// it), /users/me/organizations answers the one organization that owns the key.

import { HttpError, type Route } from '../../core/http-server.js';
import type { ResponseShape } from '../../core/response-shape.js';
import { forbidden, requireUserKey, standingIn } from '../access.js';
import type { PlatformAccount } from '../account.js';
import { platformRoute, type RouteGuards } from '../platform-route.js';
import { currentUserOnWire, organizationOnWire } from '../wire.js';

export function userRoutes(account: PlatformAccount, guards: RouteGuards, shape: ResponseShape): Route[] {
  return [
    // getAuthDetails: every valid key may ask (the description's global bearer security, nothing
    // more). A personal key is its user's (`api_key_user`); an organization's key, project-scoped
    // ones included, is the organization's (`api_key_org`: the description's enum has no project
    // method, and /users/me/organizations answers such a key with its one organization), unless
    // misreported (auth-answer.ts).
    platformRoute(guards, 'GET', '/auth', ({ caller }) => ({ status: 200, body: account.authAnswers.answer(caller) })),

    // Assumed: an organization or project key has no user to describe, so it is refused.
    platformRoute(guards, 'GET', '/users/me', ({ caller }) => {
      const userId = requireUserKey(caller, 'GET /users/me');
      return { status: 200, body: currentUserOnWire(shape, account.directory.user(userId)!) };
    }),

    platformRoute(guards, 'GET', '/users/me/organizations', ({ caller }) => {
      const { scope } = caller;
      const organizations =
        scope.kind === 'personal' ? account.directory.organizationsOf(scope.userId) : [account.directory.organization(scope.orgId)!];
      return { status: 200, body: { organizations: organizations.map((o) => organizationOnWire(shape, o)) } };
    }),

    // Members and the organization's own key (documented: admin-level access); a project-scoped key
    // "cannot perform organization-related actions" (documented), so it is refused.
    platformRoute(guards, 'GET', '/organizations/:org_id', ({ req, caller }) => {
      const orgId = req.params.org_id!;
      const org = account.directory.organization(orgId);
      if (!org) throw new HttpError(404, `organization ${orgId} not found`);
      const standing = standingIn(account, caller, orgId);
      if (standing === 'project') throw forbidden('a project-scoped API key cannot read its organization');
      if (standing === undefined) throw forbidden('this API key is not a member of the organization');
      return { status: 200, body: organizationOnWire(shape, org) };
    }),
  ];
}
