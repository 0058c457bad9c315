// Step 2: create the key, never blindly twice. When the answer is lost the key may exist with a value
// nobody knows (an orphan): find it by its exact name, revoke it, and fail so the run starts clean.

import { NotFoundError } from '@keyturn/api';
import { describeError, mayHaveTakenEffect, type PlatformKey, platformAdvice } from '../platform.js';
import type { RotationContext } from './context.js';
import { type CreatedKey, revokeOwnKey } from './revoke-own-key.js';

export async function createKey(ctx: RotationContext, keyName: string): Promise<CreatedKey> {
  ctx.log('create', `Creating key ${keyName}`);
  let created: Awaited<ReturnType<RotationContext['client']['apiKeys']['create']>> | undefined;
  try {
    created = await ctx.client.apiKeys.create({ key_name: keyName });
  } catch (error) {
    if (mayHaveTakenEffect(error)) return removeOrphan(ctx, keyName, error);
    ctx.fail(
      'create',
      `Creating key ${keyName} failed: ${describeError(error)}`,
      platformAdvice(error, ctx.secretName, true),
      error,
    );
  }
  const key: CreatedKey = { id: created.id, name: keyName, key: created.key, created_at: created.created_at };
  ctx.report.keyId = key.id;
  ctx.report.keyName = key.name;
  try {
    // First, so the caller can mask the value before anything else happens.
    await ctx.onKeyCreated?.(key.key);
  } catch (error) {
    const failure = `The onKeyCreated hook failed: ${describeError(error)}`;
    await revokeOwnKey(ctx, 'create', key, ctx.client, failure);
    ctx.fail('create', `${failure}; the new key was revoked`, 'Fix the hook, then run again. Nothing was written.', error);
  }
  ctx.log('create', `Created key ${key.id} (${key.name})`);
  return key;
}

async function removeOrphan(ctx: RotationContext, keyName: string, cause: unknown): Promise<never> {
  const lost = `The answer to creating key ${keyName} was lost (${describeError(cause)})`;
  ctx.log('create', `${lost}: looking for a key of that name`);
  let keys: PlatformKey[] = [];
  try {
    keys = await ctx.client.apiKeys.list();
  } catch (error) {
    ctx.fail(
      'create',
      `${lost}, and listing keys to check failed: ${describeError(error)}`,
      `Run again: a key ${keyName} left behind is an older key of family ${ctx.family} and the next rotation revokes it. The current key still works.`,
      error,
    );
  }
  const orphans = keys.filter((k) => k.name === keyName);
  for (const orphan of orphans) {
    try {
      await ctx.client.apiKeys.revoke(orphan.id);
    } catch (error) {
      if (!(error instanceof NotFoundError)) {
        ctx.fail(
          'create',
          `${lost}; key ${orphan.id} of that name exists with a value nobody knows, and revoking it failed: ${describeError(error)}`,
          `Revoke key ${orphan.id} in the platform console, or run again (the next rotation revokes it). The current key still works.`,
          error,
        );
      }
    }
    ctx.report.revokedKeyIds.push(orphan.id);
    ctx.log('create', `Revoked the orphan key ${orphan.id} (${keyName})`);
  }
  const outcome = orphans.length
    ? `; the key had been created, and as its value is unknown it was revoked (id ${orphans.map((o) => o.id).join(', ')})`
    : '; no key of that name exists';
  ctx.fail(
    'create',
    `${lost}${outcome}`,
    'Nothing else was changed and the current key still works: run again.',
    cause,
  );
}
