// Revoking the key this run created, when the run cannot go on (it failed verification, a target
// could not take it, or a newer rotation took over). A 404 means it is already gone.

import { NotFoundError } from '@keyturn/api';
import { describeError, type RotationPlatformClient } from '../platform.js';
import type { RotationStep } from '../logger.js';
import type { RotationContext } from './context.js';

export interface CreatedKey {
  id: number;
  name: string;
  /** The value: only ever sealed into targets or handed to the client. */
  key: string;
  created_at?: string;
}

export async function revokeOwnKey(
  ctx: RotationContext,
  step: RotationStep,
  created: CreatedKey,
  client: RotationPlatformClient,
  failure: string,
): Promise<void> {
  ctx.log(step, `Revoking the new key ${created.id} (${created.name})`);
  try {
    await client.apiKeys.revoke(created.id);
  } catch (error) {
    if (!(error instanceof NotFoundError)) {
      ctx.fail(
        step,
        `${failure}; revoking the new key ${created.id} (${created.name}) failed too: ${describeError(error)}`,
        `Revoke key ${created.id} in the platform console (or run again: the next rotation revokes it as an older key of the family). The current key still works.`,
        error,
      );
    }
  }
  ctx.report.newKeyRevoked = true;
  ctx.log(step, `The new key ${created.id} is revoked`);
}
