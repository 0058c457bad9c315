// Revoking a key, where a 404 means it is already gone (revoked by an earlier attempt, another run
// or the console): the outcome wanted either way (platform-api.md §3.1: revocation is final).

import { NotFoundError } from '@keyturn/api';
import type { RotationPlatformClient } from '../platform.js';

export type RevokeOutcome = 'revoked' | 'already-gone';

/** Revokes key `id`; any failure other than a 404 is thrown. */
export async function revokeIfLive(client: RotationPlatformClient, id: number): Promise<RevokeOutcome> {
  try {
    await client.apiKeys.revoke(id);
    return 'revoked';
  } catch (error) {
    if (error instanceof NotFoundError) return 'already-gone';
    throw error;
  }
}
