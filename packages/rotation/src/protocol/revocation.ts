// Revoking a key, where a 404 means it is already gone (revoked by an earlier attempt, another run
// or the console): the outcome wanted either way (platform-api.md §3.1: revocation is final). And
// revoking the key this run created, when the run cannot go on with it (I2 in rotate-key.ts).

import { NotFoundError } from '@keyturn/api';
import type { RotationStep } from '../log.js';
import { describeError, type RotationPlatformClient } from '../platform.js';
import type { RotationContext } from './context.js';
import { probe } from '../internal/probes.js';

/** The key this run created. */
export interface CreatedKey {
  id: number;
  name: string;
  /** The value: only ever sealed into targets or handed to the client. */
  key: string;
  created_at?: string;
}

export type RevokeOutcome = 'revoked' | 'already-gone';

/** Revokes key `id`; any failure other than a 404 is thrown. */
export async function revokeIfLive(client: RotationPlatformClient, id: number): Promise<RevokeOutcome> {
  try {
    await client.apiKeys.revoke(id);
    return 'revoked';
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    probe('revoke-already-gone');
    return 'already-gone';
  }
}

/** Revoking the run's own key: done, or the error that left it valid. */
export type OwnKeyRevocation = { revoked: true } | { revoked: false; error: unknown };

/**
 * I2: no target holds the run's key, so it goes. Sets report.newKeyRevoked when it went; a failure
 * is returned, not thrown: the caller says what happened and adds ownKeyLeftValid's words.
 */
export async function revokeOwnKey(
  ctx: RotationContext,
  step: RotationStep,
  created: CreatedKey,
  client: RotationPlatformClient,
): Promise<OwnKeyRevocation> {
  ctx.log(step, `Revoking the new key ${created.id} (${created.name})`);
  try {
    await revokeIfLive(client, created.id);
  } catch (error) {
    return { revoked: false, error };
  }
  ctx.report.newKeyRevoked = true;
  ctx.log(step, `The new key ${created.id} is revoked`);
  return { revoked: true };
}

/** The failure of a step whose own key could not be revoked either: it stays valid until the next run. */
export function ownKeyLeftValid(created: CreatedKey, failure: string, error: unknown): { summary: string; advice: string } {
  return {
    summary: `${failure}; revoking the new key ${created.id} (${created.name}) failed too: ${describeError(error)}`,
    advice:
      `Revoke key ${created.id} in the platform console (or run again: the next rotation revokes it as an older key of the ` +
      `family). The current key still works.`,
  };
}
