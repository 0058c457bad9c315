// Revoking the key this run created, when the run cannot go on (it failed verification, a target
// could not take it, or a newer rotation took over).

import type { RotationStep } from '../logger.js';
import { describeError, type RotationPlatformClient } from '../platform.js';
import type { RotationContext } from './context.js';
import { revokeIfLive } from './revoke-if-live.js';

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
    await revokeIfLive(client, created.id);
  } catch (error) {
    ctx.fail(
      step,
      `${failure}; revoking the new key ${created.id} (${created.name}) failed too: ${describeError(error)}`,
      `Revoke key ${created.id} in the platform console (or run again: the next rotation revokes it as an older key of the family). The current key still works.`,
      error,
    );
  }
  ctx.report.newKeyRevoked = true;
  ctx.log(step, `The new key ${created.id} is revoked`);
}
