// Step 5, with the new key (proving it once more): revoke the family's keys older than the newest
// `keep` and the ids named in revokeKeyIds. Every target holds the new key by now, so a failure
// here leaves nobody locked out; the next run finishes the job.

import { AuthenticationError, NotFoundError } from '@keyturn/api';
import { currentKeyRejectedAdvice, describeError, type PlatformKey, type RotationPlatformClient } from '../platform.js';
import type { RotationContext } from './context.js';
import { selectRevocations } from './revocation-plan.js';
import type { CreatedKey } from './revoke-own-key.js';

const RERUN = 'Every target holds the new key and works. Run again later (the next rotation revokes what is left) or revoke the keys in the platform console.';

export async function revokeOldKeys(ctx: RotationContext, created: CreatedKey, newClient: RotationPlatformClient): Promise<void> {
  ctx.log('revoke', `Listing keys with the new key ${created.id} to choose the keys to revoke`);
  let keys: PlatformKey[] = [];
  try {
    keys = await newClient.apiKeys.list();
  } catch (error) {
    const advice =
      error instanceof AuthenticationError
        ? `The platform refused the new key ${created.id}, which every target holds: was it revoked by another rotation? ${currentKeyRejectedAdvice(ctx.secretName)}`
        : RERUN;
    ctx.fail('revoke', `Listing keys with the new key ${created.id} failed: ${describeError(error)}`, advice, error);
  }
  const newKey = keys.find((k) => k.id === created.id) ?? {
    id: created.id,
    name: created.name,
    created_at: created.created_at ?? ctx.now().toISOString(),
  };
  const selection = selectRevocations({ keys, family: ctx.family, keep: ctx.keep, newKey, revokeKeyIds: ctx.revokeKeyIds });
  for (const id of selection.notLive) ctx.log('revoke', `Key ${id} of revoke-key-ids is not live: already revoked`);
  for (const { id, reason } of selection.skipped) ctx.warn('revoke', `Key ${id} of revoke-key-ids was not revoked: ${reason}`);

  const failures: string[] = [];
  let firstError: unknown;
  for (const key of selection.revoke) {
    let already = false;
    try {
      await newClient.apiKeys.revoke(key.id);
    } catch (error) {
      if (!(error instanceof NotFoundError)) {
        failures.push(`${key.id} (${describeError(error)})`);
        firstError ??= error;
        continue;
      }
      already = true;
    }
    ctx.report.revokedKeyIds.push(key.id);
    ctx.log('revoke', already ? `Key ${key.id} (${key.name}) was already revoked` : `Revoked key ${key.id} (${key.name})`);
  }
  if (failures.length) {
    ctx.fail('revoke', `Revoking key${failures.length > 1 ? 's' : ''} ${failures.join('; ')} failed`, RERUN, firstError);
  }
  if (!selection.revoke.length) ctx.log('revoke', 'No key to revoke');
}
