// The rotation's view of an organization's keys (/organizations/{org_id}/api_keys): the listing
// holds organization-wide and project-scoped keys together, so only the keys of the kind rotated
// count (an organization key: no project_id; a project-scoped key: its project's), and a
// project-scoped key is created with its project_id.

import type { CreateOrganizationApiKeyParams, OrganizationApiKeys } from '@keyturn/api';
import type { PlatformKey } from '../platform.js';
import type { ScopedKind } from './scope-proof.js';

/** An item of the organization's listing: `project_id` absent or null means organization-wide. */
type ListedOrgKey = PlatformKey & { project_id?: unknown };

/** The keys of the kind rotated; a key of another project, or of the other kind, is never the family's. */
export function keysOfKind(keys: readonly ListedOrgKey[], keyKind: ScopedKind): PlatformKey[] {
  return keys.filter((key) => (keyKind.kind === 'project' ? key.project_id === keyKind.projectId : key.project_id == null));
}

export function createBody(keyKind: ScopedKind, body: { key_name: string }): CreateOrganizationApiKeyParams {
  return keyKind.kind === 'project' ? { key_name: body.key_name, project_id: keyKind.projectId } : { key_name: body.key_name };
}

/** create, list (of the kind) and revoke on the organization's endpoints, with the client's key. */
export function organizationKeyRequests(keys: OrganizationApiKeys, keyKind: ScopedKind) {
  return {
    create: (body: { key_name: string }) => keys.create(keyKind.orgId, createBody(keyKind, body)),
    list: async () => keysOfKind(await keys.list(keyKind.orgId).toArray(), keyKind),
    revoke: (keyId: number) => keys.revoke(keyKind.orgId, keyId),
  };
}
