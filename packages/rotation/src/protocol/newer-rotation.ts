// Without a workflow `concurrency:` group, another rotation of the family can start at any moment,
// and once it has listed this run's key it revokes it after writing every target. So before each
// write after the first (and each write-back after the first) the run lists the keys with its new
// key: a newer family member, or its own key refused, means a newer rotation owns the targets now.

import { AuthenticationError } from '@keyturn/api';
import type { RotationPlatformClient } from '../platform.js';
import type { RotationContext } from './context.js';
import { describeNewer, newerMembers } from './revocation-plan.js';
import type { CreatedKey } from './revoke-own-key.js';

export const CONCURRENCY_GROUP = 'Run rotations of one secret in a workflow concurrency: group so they never overlap.';

/**
 * Why a newer rotation owns the targets now, or undefined when none does. A listing that fails
 * otherwise than with a 401 is thrown: nothing is proven then.
 */
export async function newerRotation(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
): Promise<string | undefined> {
  try {
    const newer = newerMembers(await newClient.apiKeys.list(), ctx.family, created, ctx.listedBefore);
    return newer.length ? describeNewer(ctx.family, newer) : undefined;
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    return `The new key ${created.id} was revoked during this run (a newer rotation of this secret revokes the keys it listed)`;
  }
}
