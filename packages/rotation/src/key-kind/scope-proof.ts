// The request that proves a key which cannot list keys works: one its own scope allows. A
// project-scoped key reads its project (GET /projects/{project_id}); an organization key reads its
// organization (GET /organizations/{org_id}: "admin-level access", and no user behind it for
// /users/me). A refused key throws as any request does (401: AuthenticationError).

import type { PlatformClient } from '@keyturn/api';
import type { KeyKind } from './key-kind.js';

export type ScopedKind = Exclude<KeyKind, { kind: 'personal' }>;

/** The path of the proving request (ids are checked to the description's pattern: no escaping needed). */
export function scopeProofPath(keyKind: ScopedKind): string {
  return keyKind.kind === 'project' ? `/projects/${keyKind.projectId}` : `/organizations/${keyKind.orgId}`;
}

export async function proveInScope(client: PlatformClient, keyKind: ScopedKind): Promise<void> {
  await client.request('GET', scopeProofPath(keyKind));
}
