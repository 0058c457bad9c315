// The platform's keys of one kind, as a record names kinds (`personal`, `organization:ORG`,
// `project:ORG/PROJECT`), each listed once per command run, and what the CLI shows of a key.

import type { ApiKey, OrganizationApiKey, PlatformClient } from '@keyturn/api';

/** A listed key as status and audit show it. Never a value. */
export interface KeyFacts {
  id: number;
  name: string;
  createdAt: string;
  /** Whole days since it was made. */
  ageDays: number;
  lastUsedAt: string | null;
}

// A family's key names end in `-<UTC timestamp>[-suffix]` (README, "Key families").
const FAMILY_TAIL = /-\d{8}T\d{6}Z(?:-[a-z0-9]{1,8})?$/;

/** The family a key's name says it belongs to, or undefined for a name no rotation made. */
export function familyOfKeyName(name: string): string | undefined {
  const match = FAMILY_TAIL.exec(name);
  return match && match.index > 0 ? name.slice(0, match.index) : undefined;
}

export function keyFacts(key: ApiKey, now: number): KeyFacts {
  return {
    id: key.id,
    name: key.name,
    createdAt: key.created_at,
    ageDays: Math.floor((now - Date.parse(key.created_at)) / 86_400_000),
    lastUsedAt: key.last_used_at ?? null,
  };
}

/** Lists each kind's live keys once. */
export class KeyListings {
  readonly #listed = new Map<string, Promise<ApiKey[]>>();
  readonly #orgs = new Map<string, Promise<OrganizationApiKey[]>>();
  constructor(private readonly client: PlatformClient) {}

  /** The live keys of `kind` (a record's kind label). */
  ofKind(kind: string): Promise<ApiKey[]> {
    let listed = this.#listed.get(kind);
    if (!listed) {
      listed = this.#list(kind);
      this.#listed.set(kind, listed);
    }
    return listed;
  }

  /** Every key of an organization, organization-wide and project-scoped. */
  ofOrganization(orgId: string): Promise<OrganizationApiKey[]> {
    let listed = this.#orgs.get(orgId);
    if (!listed) {
      listed = this.client.organizations.apiKeys.list(orgId).toArray();
      this.#orgs.set(orgId, listed);
    }
    return listed;
  }

  async #list(kind: string): Promise<ApiKey[]> {
    if (kind === 'personal') return this.client.apiKeys.list().toArray();
    const [type, scope = ''] = kind.split(/:(.*)/s);
    const [orgId = '', projectId] = scope.split('/');
    const keys = await this.ofOrganization(orgId);
    return type === 'project' ? keys.filter((k) => k.project_id === projectId) : keys.filter((k) => !k.project_id);
  }
}

/** The kind label of a listed organization key. */
export function kindOfOrganizationKey(orgId: string, key: OrganizationApiKey): string {
  return key.project_id ? `project:${orgId}/${key.project_id}` : `organization:${orgId}`;
}
