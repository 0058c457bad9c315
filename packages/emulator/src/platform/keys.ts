// API keys (spec 2.1, 3.1, 5): random values shown once, valid until revoked, revocation at once.
// Only a SHA-256 digest of each value is kept, so nothing in memory or in a dump can leak one.
// Each key has a scope (personal, organization, project) and the user who made it.

import { hash } from 'node:crypto';
import { InvalidInputError } from './errors.js';
import { newKeyValue } from './key-value.js';
import type { CreatedKey, KeySummary } from './types.js';
import { isoFromMs } from './timestamps.js';

export const MAX_KEY_NAME_LENGTH = 64;

/** Whose a key is, and so what it reaches (access.ts). */
export type KeyScope =
  | { kind: 'personal'; userId: string }
  | { kind: 'organization'; orgId: string }
  | { kind: 'project'; orgId: string; projectId: string };

/** The scope of an organization's key: the whole organization, or one of its projects. */
export function orgKeyScope(orgId: string, projectId: string | undefined): KeyScope {
  return projectId === undefined ? { kind: 'organization', orgId } : { kind: 'project', orgId, projectId };
}

interface StoredKey {
  id: number;
  name: string;
  scope: KeyScope;
  /** The user who made it (for a key made with an organization key: that key's maker). */
  createdBy: string;
  createdMs: number;
  lastUsedMs: number | undefined;
  lastUsedFrom: string | undefined;
  revoked: boolean;
  digest: string;
}

/** Who a request authenticated as: the key's id, name, scope and maker, never its value. */
export interface KeyIdentity {
  id: number;
  name: string;
  scope: KeyScope;
  createdBy: string;
}

/** A stored key's facts for the routes: its summary, scope and maker. */
export interface KeyRecord {
  summary: KeySummary;
  scope: KeyScope;
  createdBy: string;
}

export class KeyStore {
  #byId = new Map<number, StoredKey>();
  #byDigest = new Map<string, StoredKey>();
  #nextId = 1;

  /** The id the next key made will have. */
  get nextId(): number {
    return this.#nextId;
  }

  constructor(
    private readonly clock: () => number,
    /** A new key's value (default: 64 random hex digits). */
    private readonly mint: () => string = newKeyValue,
  ) {}

  /** Makes a key; throws a TypeError for a name that is empty or longer than 64 characters. */
  create(name: string, scope: KeyScope, createdBy: string): CreatedKey {
    const problem = keyNameProblem(name);
    if (problem) throw new InvalidInputError(problem);
    const key = this.mint();
    const stored: StoredKey = {
      id: this.#nextId++,
      name,
      scope,
      createdBy,
      createdMs: this.clock(),
      lastUsedMs: undefined,
      lastUsedFrom: undefined,
      revoked: false,
      digest: digest(key),
    };
    this.#byId.set(stored.id, stored);
    this.#byDigest.set(stored.digest, stored);
    return { id: stored.id, key, name, created_at: isoFromMs(stored.createdMs), ...scopeFields(scope) };
  }

  isValid(value: string): boolean {
    const stored = this.#byDigest.get(digest(value));
    return stored !== undefined && !stored.revoked;
  }

  /** The id of the key with this value, revoked or not; undefined when no key has it. */
  idOf(value: string): number | undefined {
    return this.#byDigest.get(digest(value))?.id;
  }

  /** The live key with this value, marked as used now from `address`; undefined when none. */
  use(value: string, address: string): KeyIdentity | undefined {
    const stored = this.#byDigest.get(digest(value));
    if (!stored || stored.revoked) return undefined;
    stored.lastUsedMs = this.clock();
    stored.lastUsedFrom = address;
    return { id: stored.id, name: stored.name, scope: stored.scope, createdBy: stored.createdBy };
  }

  /** A live key's facts; undefined when the id is unknown or revoked. */
  live(id: number): KeyRecord | undefined {
    const stored = this.#byId.get(id);
    return stored && !stored.revoked ? record(stored) : undefined;
  }

  /** Revokes a live key; undefined when the id is unknown or already revoked. */
  revoke(id: number): KeySummary | undefined {
    const stored = this.#byId.get(id);
    if (!stored || stored.revoked) return undefined;
    stored.revoked = true;
    return summary(stored);
  }

  list(options: { includeRevoked: boolean }): KeySummary[] {
    return this.records(options).map((r) => r.summary);
  }

  /** Every key with its scope and maker, oldest first. */
  records(options: { includeRevoked: boolean }): KeyRecord[] {
    return [...this.#byId.values()].filter((k) => options.includeRevoked || !k.revoked).map(record);
  }
}

/** `org_id` and `project_id` of a summary: only the fields a key of this scope has. */
function scopeFields(scope: KeyScope): { org_id?: string; project_id?: string } {
  if (scope.kind === 'personal') return {};
  return scope.kind === 'project' ? { org_id: scope.orgId, project_id: scope.projectId } : { org_id: scope.orgId };
}

function record(stored: StoredKey): KeyRecord {
  return { summary: summary(stored), scope: stored.scope, createdBy: stored.createdBy };
}

/** Why a key name is refused, or undefined when it is fine (at most 64 characters). */
export function keyNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'key_name is required and must be a non-empty string';
  if (name.length > MAX_KEY_NAME_LENGTH) {
    return `key_name must be at most ${MAX_KEY_NAME_LENGTH} characters (got ${name.length})`;
  }
  return undefined;
}

function summary(stored: StoredKey): KeySummary {
  return {
    id: stored.id,
    name: stored.name,
    created_at: isoFromMs(stored.createdMs),
    last_used_at: stored.lastUsedMs === undefined ? null : isoFromMs(stored.lastUsedMs),
    last_used_from_addr: stored.lastUsedFrom ?? null,
    revoked: stored.revoked,
    ...scopeFields(stored.scope),
  };
}

function digest(value: string): string {
  // The one-shot hash: a third of createHash's cost, and every request's credential is hashed.
  return hash('sha256', value, 'hex');
}
