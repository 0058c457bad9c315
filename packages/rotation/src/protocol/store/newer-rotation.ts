// Without a workflow `concurrency:` group, another rotation of the family can start at any moment,
// and once it has listed this run's key it revokes it after writing every target. So step 4 asks,
// before its first write, before each later write and before each write-back, whether a newer
// rotation owns the targets now. One question, asked of three listings (the `source`):
// - 'verify-listing': the keys the new key listed when it was verified, just before the first write;
// - 'new-key': the keys listed now with the new key (refused: a newer rotation revoked it);
// - 'previous-key': the keys listed now with the previous key, which a write-back is about to store:
//   it must still work too; when it cannot list, the new key says whether a newer rotation revoked it.

import { type PlatformKey, type RotationPlatformClient, rotatedKeyRefused } from '../../platform.js';
import type { RotationContext } from '../context.js';
import { describeNewer, newerMembers } from '../revocation-plan.js';
import type { CreatedKey } from '../revocation.js';

export type NewerRotationSource =
  | { listing: 'verify-listing'; keys: readonly PlatformKey[] }
  | { listing: 'new-key'; client: RotationPlatformClient }
  | { listing: 'previous-key'; newClient: RotationPlatformClient };

export type NewerRotation =
  /** No newer rotation: this run may go on. */
  | { state: 'none' }
  /** A newer rotation owns the targets; `why` names its key (or says this run's key was revoked). */
  | { state: 'running'; why: string }
  /** The listing failed: nothing is proven. `error` is the listing's failure. */
  | { state: 'unknown'; error: unknown };

export async function newerRotation(ctx: RotationContext, created: CreatedKey, source: NewerRotationSource): Promise<NewerRotation> {
  switch (source.listing) {
    case 'verify-listing':
      return fromKeys(ctx, created, source.keys);
    case 'new-key':
      return listWith(ctx, created, source.client);
    case 'previous-key': {
      const previous = await listWith(ctx, created, ctx.client, false);
      if (previous.state !== 'unknown') return previous;
      // The previous key cannot list: a newer rotation that revoked it would show in the new key's listing.
      const byNewKey = await listWith(ctx, created, source.newClient);
      return byNewKey.state === 'running' ? byNewKey : previous;
    }
  }
}

/**
 * The 401 a revoked own key answers is a newer rotation's doing; the caller chooses for the previous
 * key. A refused managing key proves nothing either way: 'unknown'.
 */
async function listWith(ctx: RotationContext, created: CreatedKey, client: RotationPlatformClient, ownKey = true): Promise<NewerRotation> {
  let keys: PlatformKey[];
  try {
    keys = await client.apiKeys.list();
  } catch (error) {
    if (ownKey && rotatedKeyRefused(error)) {
      return {
        state: 'running',
        why: `The new key ${created.id} was revoked during this run (a newer rotation of this secret revokes the keys it listed)`,
      };
    }
    return { state: 'unknown', error };
  }
  return fromKeys(ctx, created, keys);
}

function fromKeys(ctx: RotationContext, created: CreatedKey, keys: readonly PlatformKey[]): NewerRotation {
  const newer = newerMembers(keys, ctx.family, created, ctx.listedBefore);
  return newer.length ? { state: 'running', why: describeNewer(ctx.family, newer) } : { state: 'none' };
}
