// Step 2: create the key, never blindly twice (I7). When the answer is lost the key may exist with a
// value nobody knows (an orphan): look for it by its exact name a few times, revoke it (I2), and fail
// so the run starts clean.

import { redactCredentials } from '@keyturn/api/toolkit';
import { describeError, mayHaveTakenEffect, type PlatformKey } from '../platform.js';
import { platformFailure } from './failures.js';
import { type RotationContext, waitUnlessAborted } from './context.js';
import { type CreatedKey, ownKeyLeftValid, revokeIfLive, revokeOwnKey } from './revocation.js';
import { probe } from '../internal/probes.js';

export async function createKey(ctx: RotationContext, keyName: string): Promise<CreatedKey> {
  ctx.log('create', `Creating key ${keyName}`);
  let created: Awaited<ReturnType<RotationContext['forward']['apiKeys']['create']>> | undefined;
  try {
    created = await ctx.forward.apiKeys.create({ key_name: keyName });
  } catch (error) {
    if (mayHaveTakenEffect(error)) return removeOrphan(ctx, keyName, error);
    ctx.fail(platformFailure(ctx, 'create', `Creating key ${keyName} failed: `, error));
  }
  const key: CreatedKey = { id: created.id, name: keyName, key: created.key, created_at: created.created_at };
  ctx.report.keyId = key.id;
  ctx.report.keyName = key.name;
  try {
    // First, so the caller can mask the value before anything else happens.
    await ctx.onKeyCreated?.(key.key);
  } catch (error) {
    // The hook's message may quote the value it was given: it is redacted, and the hook's error
    // (whose message, stack or fields may hold the value) is not kept as the cause.
    const failure = `The onKeyCreated hook failed: ${redactCredentials(describeError(error), [key.key])}`;
    // I2: nobody holds the new key.
    const ownKey = await revokeOwnKey(ctx, 'create', key, ctx.client);
    if (!ownKey.revoked)
      ctx.fail({ code: 'hook-failed', step: 'create', ...ownKeyLeftValid(key, failure, ownKey.error), cause: ownKey.error });
    ctx.fail({
      code: 'hook-failed',
      step: 'create',
      summary: `${failure}; the new key was revoked`,
      advice: 'Fix the hook, then run again. Nothing was written.',
      cause: new Error(failure),
    });
  }
  ctx.log('create', `Created key ${key.id} (${key.name})`);
  return key;
}

async function removeOrphan(ctx: RotationContext, keyName: string, cause: unknown): Promise<never> {
  const lost = `The answer to creating key ${keyName} was lost (${describeError(cause)})`;
  ctx.log('create', `${lost}: looking for a key of that name`);
  const { attempts, intervalMs } = ctx.lostCreateCheck;
  const revoked: number[] = [];
  // A slow create can land after the first look: look a few times before calling it absent.
  for (let look = 1; look <= attempts && !revoked.length; look++) {
    if (look > 1 && !(await waitUnlessAborted(ctx, intervalMs))) {
      ctx.fail({
        code: 'aborted',
        step: 'create',
        summary:
          `${lost}; the run was aborted before a key of that name was found: if one appears, it is an older key of the family and ` +
          `the next rotation revokes it`,
        advice: 'Nothing else was changed and the current key still works: run again.',
        cause,
      });
    }
    for (const orphan of (await listKeys(ctx, keyName, lost)).filter((k) => k.name === keyName)) {
      await revokeOrphan(ctx, orphan, lost);
      revoked.push(orphan.id);
    }
    if (!revoked.length && look < attempts) {
      ctx.log('create', `No key ${keyName} yet (look ${look} of ${attempts}); looking again in ${intervalMs} ms`);
    }
  }
  probe(revoked.length ? 'lost-create-revoked' : 'lost-create-not-found');
  const outcome = revoked.length
    ? `; the key had been created, and as its value is unknown it was revoked (id ${revoked.join(', ')})`
    : `; no key of that name was found (yet); if one appears, it is an older key of the family and the next rotation revokes it`;
  ctx.fail({
    code: 'create-lost',
    step: 'create',
    summary: `${lost}${outcome}`,
    advice: 'Nothing else was changed and the current key still works: run again.',
    cause,
  });
}

async function listKeys(ctx: RotationContext, keyName: string, lost: string): Promise<PlatformKey[]> {
  try {
    return await ctx.client.apiKeys.list();
  } catch (error) {
    ctx.fail({
      code: 'create-lost',
      step: 'create',
      summary: `${lost}, and listing keys to check failed: ${describeError(error)}`,
      advice:
        `Run again: a key ${keyName} left behind is an older key of family ${ctx.family} and the next rotation revokes it. The ` +
        `current key still works.`,
      cause: error,
    });
  }
}

async function revokeOrphan(ctx: RotationContext, orphan: PlatformKey, lost: string): Promise<void> {
  try {
    await revokeIfLive(ctx.client, orphan.id);
  } catch (error) {
    ctx.fail({
      code: 'create-lost',
      step: 'create',
      summary: `${lost}; key ${orphan.id} of that name exists with a value nobody knows, and revoking it failed: ${describeError(error)}`,
      advice: `Revoke key ${orphan.id} in the platform console, or run again (the next rotation revokes it). The current key still works.`,
      cause: error,
    });
  }
  ctx.report.revokedKeyIds.push(orphan.id);
  ctx.log('create', `Revoked the orphan key ${orphan.id} (${orphan.name})`);
}
