// The platform's permission model: what each kind of key reaches and who may make, list and revoke
// which kind. Each rule says where it comes from: "documented" (neon.com/docs/manage/api-keys and
// the published API description) or "assumed" (the documentation is silent; the emulator's choice).
// A refusal is 403 `forbidden` (assumed: the documentation names no status) and never leaks a value.

import { HttpError } from '../core/http-server.js';
import type { KeyIdentity, KeyRecord } from './keys.js';
import type { Directory } from './organizations.js';
import type { ProjectStore } from './projects.js';
import type { PlatformProject } from './types.js';

/** What the rules read: the members of each organization, the projects and the account's user. */
export interface AccessFacts {
  directory: Directory;
  projects: ProjectStore;
  /** The user personal projects belong to (the emulator has one holder of personal projects). */
  accountUserId: string;
}

/** A key's standing in an organization: as an admin, as a member, or none (a project key: `project`). */
export type OrganizationStanding = 'admin' | 'member' | 'project' | undefined;

export function forbidden(message: string): HttpError {
  return new HttpError(403, message);
}

/**
 * Whether a key reaches a project.
 * - personal (documented): the user's own projects and every project of an organization they belong
 *   to; leaving the organization ends that reach. Assumed: personal projects are the account user's.
 * - organization (documented): every project of its organization, none outside it.
 * - project-scoped (documented): its one project, nothing else.
 */
export function reachesProject(facts: AccessFacts, caller: KeyIdentity, project: PlatformProject): boolean {
  const { scope } = caller;
  if (scope.kind === 'project') return project.id === scope.projectId && project.org_id === scope.orgId;
  if (scope.kind === 'organization') return project.org_id === scope.orgId;
  if (project.org_id === undefined) return scope.userId === facts.accountUserId;
  return facts.directory.role(project.org_id, scope.userId) !== undefined;
}

/** The project when the key reaches it: 404 when there is none (as today), 403 outside the key's reach (assumed). */
export function requireReachableProject(facts: AccessFacts, caller: KeyIdentity, projectId: string): PlatformProject {
  const project = facts.projects.project(projectId);
  if (!project) throw new HttpError(404, `project ${projectId} not found`);
  if (!reachesProject(facts, caller, project)) throw forbidden(`this API key has no access to project ${projectId}`);
  return project;
}

/**
 * The user behind a personal key, for the routes only a user has (`/users/me`, personal `/api_keys`).
 * Documented: a project-scoped key "cannot perform organization-related actions" nor manage keys.
 * Assumed: an organization key is no user's either, so these routes refuse it too.
 */
export function requireUserKey(caller: KeyIdentity, what: string): string {
  if (caller.scope.kind !== 'personal') throw forbidden(`${what} needs a personal API key; this is a ${caller.scope.kind} key`);
  return caller.scope.userId;
}

/**
 * How a key stands in an organization. Documented: a personal key has its user's role; an
 * organization key has admin-level access to its organization; a project-scoped key is neither.
 * A key of another organization, or of a user outside it, has no standing.
 */
export function standingIn(facts: AccessFacts, caller: KeyIdentity, orgId: string): OrganizationStanding {
  const { scope } = caller;
  if (scope.kind === 'personal') return facts.directory.role(orgId, scope.userId);
  if (scope.orgId !== orgId) return undefined;
  return scope.kind === 'organization' ? 'admin' : 'project';
}

/**
 * Who may make an organization's keys.
 * - organization key: an admin's personal key (documented) or an organization key (assumed, as the
 *   issue states: it has admin-level access).
 * - project-scoped key: any member's personal key (documented), or an organization key (assumed).
 * - a project-scoped key makes no keys (documented).
 */
export function requireMayCreateOrgKey(standing: OrganizationStanding, projectId: string | undefined): void {
  if (standing === 'project') throw forbidden('a project-scoped API key cannot manage API keys');
  if (standing === undefined) throw forbidden('this API key is not a member of the organization');
  if (projectId === undefined && standing !== 'admin') {
    throw forbidden('only an organization admin can create an organization API key');
  }
}

/** Listing an organization's keys: admins (documented: they manage them) and members (assumed). */
export function requireMayListOrgKeys(standing: OrganizationStanding): void {
  if (standing === 'project') throw forbidden('a project-scoped API key cannot manage API keys');
  if (standing === undefined) throw forbidden('this API key is not a member of the organization');
}

/**
 * Revoking an organization's key: an admin (or organization key) revokes any (assumed from "admin
 * access"); a member revokes project-scoped keys only (assumed: the kind a member may create).
 */
export function requireMayRevokeOrgKey(standing: OrganizationStanding, target: KeyRecord): void {
  requireMayListOrgKeys(standing);
  if (standing === 'member' && target.scope.kind !== 'project') {
    throw forbidden('only an organization admin can revoke an organization API key');
  }
}
