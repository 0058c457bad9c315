// Users and organizations: who is a member of which organization, as admin or member. The platform
// decides from this who may make which key and what a personal key reaches (access.ts).

import { randomInt, randomUUID } from 'node:crypto';
import { InvalidInputError } from './errors.js';
import { isoFromMs } from './timestamps.js';
import type { OrganizationRole, OrganizationSeed, PlatformOrganization, PlatformUser } from './types.js';

/** The published description's pattern of an organization id. */
const ORG_ID = /^[a-z0-9-]{1,60}$/;
const ROLES: readonly OrganizationRole[] = ['admin', 'member'];

interface OrganizationRecord {
  organization: PlatformOrganization;
  members: Map<string, OrganizationRole>;
}

export class Directory {
  readonly #users = new Map<string, PlatformUser>();
  readonly #orgs = new Map<string, OrganizationRecord>();

  constructor(private readonly clock: () => number) {}

  addUser(name = 'Emulated User'): PlatformUser {
    if (typeof name !== 'string' || name === '') throw new InvalidInputError('a user name is a non-empty string');
    const user = { id: randomUUID(), name, image: '' };
    this.#users.set(user.id, user);
    return { ...user };
  }

  user(id: string): PlatformUser | undefined {
    const user = this.#users.get(id);
    return user && { ...user };
  }

  requireUser(id: unknown): PlatformUser {
    const user = typeof id === 'string' ? this.user(id) : undefined;
    if (!user) throw new InvalidInputError(`no user ${String(id)}`);
    return user;
  }

  /** A new organization; `ownerId` (the account user) joins it with `seed.role` (admin by default). */
  addOrganization(seed: OrganizationSeed, ownerId: string): PlatformOrganization {
    if (typeof seed !== 'object' || seed === null) throw new InvalidInputError('an organization seed is an object');
    const id = seed.id ?? `org-${randomUUID().slice(0, 8)}-${String(randomInt(100_000_000)).padStart(8, '0')}`;
    if (typeof id !== 'string' || !ORG_ID.test(id)) {
      throw new InvalidInputError('an organization id is 1 to 60 lowercase letters, digits or dashes');
    }
    if (this.#orgs.has(id)) throw new InvalidInputError(`an organization with id ${id} already exists`);
    if (seed.name !== undefined && (typeof seed.name !== 'string' || seed.name === '')) {
      throw new InvalidInputError('an organization name is a non-empty string');
    }
    const role = checkRole(seed.role ?? 'admin');
    const now = isoFromMs(this.clock());
    const organization = { id, name: seed.name ?? id, created_at: now, updated_at: now };
    this.#orgs.set(id, { organization, members: new Map([[ownerId, role]]) });
    return { ...organization };
  }

  organization(id: string): PlatformOrganization | undefined {
    const record = this.#orgs.get(id);
    return record && { ...record.organization };
  }

  requireOrganization(id: unknown): PlatformOrganization {
    const org = typeof id === 'string' ? this.organization(id) : undefined;
    if (!org) throw new InvalidInputError(`no organization ${String(id)}`);
    return org;
  }

  /** Sets a user's role in an organization; `null` removes them (their personal keys lose its projects). */
  setRole(orgId: string, userId: string, role: OrganizationRole | null): void {
    const record = this.#orgs.get(orgId);
    if (!record) throw new InvalidInputError(`no organization ${orgId}`);
    this.requireUser(userId);
    if (role === null) record.members.delete(userId);
    else record.members.set(userId, checkRole(role));
  }

  role(orgId: string, userId: string): OrganizationRole | undefined {
    return this.#orgs.get(orgId)?.members.get(userId);
  }

  /** The organizations a user belongs to, oldest first. */
  organizationsOf(userId: string): PlatformOrganization[] {
    return [...this.#orgs.values()].filter((r) => r.members.has(userId)).map((r) => ({ ...r.organization }));
  }
}

function checkRole(role: unknown): OrganizationRole {
  if (!ROLES.includes(role as OrganizationRole)) throw new InvalidInputError(`a role is one of ${ROLES.join(', ')}`);
  return role as OrganizationRole;
}
