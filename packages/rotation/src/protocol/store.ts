// Step 4: write the new key to every target, one at a time, each sealed with its own public key
// (the one the preflight fetched; fetched again only if GitHub refuses it as stale). First back off
// if a newer rotation of the same family exists. If a target cannot be written, give the previous
// key back to the targets already written and revoke the new key, unless a newer rotation took
// over meanwhile: it owns the targets, and may have revoked that key.

import { AuthenticationError } from '@keyturn/api';
import { describeError, type PlatformKey, type RotationPlatformClient } from '../platform.js';
import { type SecretTarget, TargetError, type TargetPublicKey } from '../targets/secret-target.js';
import { targetAdvice, writeSealed } from '../targets/write-sealed.js';
import type { RotationContext } from './context.js';
import { newerMembers } from './revocation-plan.js';
import { type CreatedKey, revokeOwnKey } from './revoke-own-key.js';
import type { VerifiedKey } from './verify.js';

const CONCURRENCY_GROUP = 'Run rotations of one secret in a workflow concurrency: group so they never overlap.';

/** Writes a value to a target, sealed with the key this run knows for it. */
type SealedWrite = (target: SecretTarget, value: string) => Promise<void>;

export async function storeKey(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  publicKeys: Map<SecretTarget, TargetPublicKey>,
): Promise<void> {
  await backOffIfSuperseded(ctx, created, verified);
  const write = sealedWrite(ctx, publicKeys);
  const written: SecretTarget[] = [];
  for (const target of ctx.targets) {
    const name = target.describe();
    ctx.log('store', `Writing ${ctx.secretName} to ${name}`);
    try {
      await write(target, created.key);
    } catch (error) {
      return rollBack(ctx, created, verified.client, write, written, target, error);
    }
    written.push(target);
    ctx.report.targets.push(name);
    ctx.log('store', `${name} holds the new key ${created.id}`);
  }
}

/** Seals with the preflight's key of each target, and keeps the newer key when GitHub refused it as stale. */
function sealedWrite(ctx: RotationContext, publicKeys: Map<SecretTarget, TargetPublicKey>): SealedWrite {
  return async (target, value) => {
    const known = publicKeys.get(target);
    const used = await writeSealed(target, ctx.secretName, value, known);
    if (!known || used === known) return;
    publicKeys.set(target, used);
    ctx.log('store', `The public key of ${target.describe()} changed during the run: the value was sealed again with key ${used.keyId}`);
  };
}

/**
 * A newer key of the family means another rotation runs now and owns the secret: let it. The verify
 * step's listing is the freshest the run has (it ended when the new key listed itself), so it is read
 * here rather than listing again; the revoke step lists once more before it revokes anything.
 */
async function backOffIfSuperseded(ctx: RotationContext, created: CreatedKey, verified: VerifiedKey): Promise<void> {
  const newer = newerMembers(verified.keys, ctx.family, created);
  if (!newer.length) return;
  const failure = `${describeNewer(ctx, newer)}. Another rotation of this secret is running and owns it now`;
  await revokeOwnKey(ctx, 'store', created, verified.client, failure);
  ctx.fail(
    'store',
    `${failure}; this run wrote nothing and revoked its own new key ${created.id}`,
    'Nothing to do if the other rotation succeeds; otherwise run again once it has finished.',
  );
}

async function rollBack(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
  write: SealedWrite,
  written: SecretTarget[],
  failed: SecretTarget,
  cause: unknown,
): Promise<never> {
  const what = `Writing ${ctx.secretName} to ${failed.describe()} failed: ${describeError(cause)}`;
  // A write with no answer (or a 5xx) may have landed: that target may hold the new key as well.
  const ambiguous = cause instanceof TargetError && cause.mayHaveTakenEffect;
  const restore = ambiguous ? [...written, failed] : written;
  const advice = targetAdvice(cause);
  const keepNewKey = (why: string, then: string): never => {
    if (ambiguous) ctx.report.targets.push(failed.describe());
    ctx.fail(
      'store',
      `${what}. ${why}: ${restore.map((t) => t.describe()).join(', ')} may hold the new key ${created.id}, which stays valid, and so does the current key`,
      then,
      cause,
    );
  };

  if (restore.length && !ctx.currentKey) {
    keepNewKey("The previous key's value was not given (apiKey option), so it was not written back", `${advice} Then run again.`);
  }
  if (restore.length) {
    const blocker = await writeBackBlocker(ctx, created, newClient);
    if (blocker?.concurrent) {
      keepNewKey(
        `${blocker.reason}, so the previous key was not written back`,
        `Let the concurrent rotation finish; the next rotation revokes key ${created.id}. ${CONCURRENCY_GROUP}`,
      );
    }
    if (blocker) {
      keepNewKey(
        `${blocker.reason}, so the previous key was not written back`,
        `${advice} Then run again: the next rotation writes every target and revokes the older keys.`,
      );
    }
  }
  const restored: string[] = [];
  const unrestored: string[] = [];
  for (const target of restore) {
    const name = target.describe();
    ctx.log('store', `Writing the previous key back to ${name}`);
    try {
      await write(target, ctx.currentKey!);
      restored.push(name);
      ctx.report.targets = ctx.report.targets.filter((t) => t !== name);
    } catch (error) {
      unrestored.push(name);
      ctx.log('store', `Writing the previous key back to ${name} failed: ${describeError(error)}`);
    }
  }
  ctx.report.restoredTargets = restored;
  if (unrestored.length) {
    if (ambiguous && unrestored.includes(failed.describe())) ctx.report.targets.push(failed.describe());
    ctx.fail(
      'store',
      `${what}. Writing the previous key back failed for ${unrestored.join(', ')}, which may hold the new key ${created.id}: it stays valid, and so does the current key`,
      `${advice} Then run again: the next rotation writes every target and revokes the older keys.`,
      cause,
    );
  }
  await revokeOwnKey(ctx, 'store', created, ctx.client, what);
  const back = restored.length ? `The previous key was written back to ${restored.join(', ')}` : 'No target had been written';
  ctx.fail('store', `${what}. ${back} and the new key ${created.id} was revoked`, `${advice} Then run again.`, cause);
}

/**
 * Why writing the previous key back is not safe now, or undefined when it is: the previous key
 * must still work (it lists the keys), and no newer key of the family may exist (a newer rotation
 * owns the targets, and revokes the previous key once it has written them).
 */
async function writeBackBlocker(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
): Promise<{ reason: string; concurrent: boolean } | undefined> {
  ctx.log('store', 'Checking that the previous key still works and no newer rotation runs, before writing it back');
  const concurrent = (newer: PlatformKey[]) => ({
    reason: `${describeNewer(ctx, newer)}: a concurrent rotation of this secret took over the targets and may have revoked the previous key`,
    concurrent: true,
  });
  try {
    const newer = newerMembers(await ctx.client.apiKeys.list(), ctx.family, created);
    return newer.length ? concurrent(newer) : undefined;
  } catch (error) {
    // The previous key cannot list: find out with the new key whether a newer rotation revoked it.
    const newer = await newClient.apiKeys.list().then(
      (keys) => newerMembers(keys, ctx.family, created),
      () => [],
    );
    if (newer.length) return concurrent(newer);
    const reason =
      error instanceof AuthenticationError
        ? 'The previous key no longer works (it was revoked during this run)'
        : `Checking that the previous key still works failed (${describeError(error)})`;
    return { reason, concurrent: false };
  }
}

function describeNewer(ctx: RotationContext, newer: PlatformKey[]): string {
  return `A newer key of family ${ctx.family} exists: ${newer.map((k) => `${k.id} (${k.name})`).join(', ')}`;
}
