// One RotationPlatformClient per kind of key, so the protocol (preflight, create, verify, store,
// revoke) stays one protocol: it creates, lists and revokes, and lists "with the new key"
// (withApiKey) to prove that key, whatever the kind.
// - personal: /api_keys with the key itself.
// - organization, no managing key: the organization's endpoints with the key itself (assumed: an
//   organization key may manage its organization's keys, as the emulator's access.ts has it).
// - managed (a project-scoped key, or an organization key with managingApiKey): the managing key
//   creates, lists and revokes; every listing first proves the rotated (or new) key with a request
//   its own scope allows, so a refused new key still reads as a 401 of its own (I6).

import type { PlatformClient } from '@keyturn/api';
import { type RotationPlatformClient, rotationClient } from '../platform.js';
import type { KeyScope } from './key-kind.js';
import { withManagingKey } from './managing-key.js';
import { organizationKeyRequests } from './organization-keys.js';
import { proveInScope, type ScopedKind } from './scope-proof.js';

/**
 * The client of `scope`'s kind: `client` holds the rotated key; `managing` (a client holding the
 * managing key, same connection) is given when scope.managed.
 */
export function keyKindClient(scope: KeyScope, client: PlatformClient, managing: PlatformClient | undefined): RotationPlatformClient {
  const { keyKind } = scope;
  if (keyKind.kind === 'personal') return rotationClient(client);
  if (!managing) return organizationClient(client, keyKind);
  return managedClient(client, managing, keyKind);
}

function organizationClient(client: PlatformClient, keyKind: ScopedKind): RotationPlatformClient {
  return {
    apiKeys: organizationKeyRequests(client.organizations.apiKeys, keyKind),
    authDetails: () => client.auth.getDetails(),
    withApiKey: (apiKey) => organizationClient(client.withApiKey(apiKey), keyKind),
    withOptions: (options) => organizationClient(client.withOptions(options), keyKind),
  };
}

function managedClient(rotated: PlatformClient, managing: PlatformClient, keyKind: ScopedKind): RotationPlatformClient {
  const requests = organizationKeyRequests(managing.organizations.apiKeys, keyKind);
  return {
    apiKeys: {
      create: (body) => withManagingKey(() => requests.create(body)),
      list: async () => {
        await proveInScope(rotated, keyKind);
        return withManagingKey(() => requests.list());
      },
      revoke: (keyId) => withManagingKey(() => requests.revoke(keyId)),
    },
    authDetails: () => rotated.auth.getDetails(),
    managingAuthDetails: () => withManagingKey(() => managing.auth.getDetails()),
    // The managing key stays: only the key proven by each listing changes.
    withApiKey: (apiKey) => managedClient(rotated.withApiKey(apiKey), managing, keyKind),
    withOptions: (options) => managedClient(rotated.withOptions(options), managing.withOptions(options), keyKind),
  };
}
