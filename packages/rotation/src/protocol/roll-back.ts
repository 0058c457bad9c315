// A target could not take the new key (step 4): give the previous key back to the targets that hold,
// or may hold, the new one and revoke the new key, unless a newer rotation took over meanwhile (it
// owns the targets, and may have revoked the previous key). A write that got no answer may have
// landed; the target's own record settles that when it can (targets/untouched-since.ts).

import { AuthenticationError } from '@keyturn/api';
import { describeError, type RotationPlatformClient } from '../platform.js';
import { SealError } from '../seal.js';
import { type SecretTarget, TargetError, targetAdvice, type WriteOptions } from '../targets/secret-target.js';
import { untouchedSince } from '../targets/untouched-since.js';
import type { RotationContext } from './context.js';
import { CONCURRENCY_GROUP, newerRotation } from './newer-rotation.js';
import { describeNewer, newerMembers } from './revocation-plan.js';
import { type CreatedKey, revokeOwnKey } from './revoke-own-key.js';

/** Writes a value to a target, sealed with the key this run knows for it. */
export type SealedWrite = (target: SecretTarget, value: string, options?: WriteOptions) => Promise<void>;

export interface FailedWrite {
  target: SecretTarget;
  cause: unknown;
  /** The target's clock when it served its public key to this run, before any write of the run there. */
  servedAt: Date | undefined;
}

/** Why the previous key is not written back, and what the user should do then. */
interface Blocker {
  /** "…, so the previous key was not written back". */
  reason: string;
  concurrent: boolean;
  /** What the user should do. */
  advice: string;
}

export async function rollBack(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
  write: SealedWrite,
  written: SecretTarget[],
  failed: FailedWrite,
): Promise<never> {
  const name = failed.target.describe();
  const what = `Writing ${ctx.secretName} to ${name} failed: ${describeError(failed.cause)}`;
  const advice = targetAdvice(failed.cause);
  // A write with no answer (or a 5xx) may have landed: that target may hold the new key as well. So
  // may a custom target's write that failed with anything but a TargetError. A failed seal sent nothing.
  const ambiguous =
    failed.cause instanceof SealError ? false : !(failed.cause instanceof TargetError) || failed.cause.mayHaveTakenEffect;
  const restore = ambiguous ? [...written, failed.target] : written;
  const fail = (summary: string, todo: string): never => ctx.fail('store', `${what}. ${summary}`, todo, failed.cause);
  const rerun = thenRunAgain(advice, 'The next rotation writes every target and revokes the older keys.');

  const previousKey = ctx.currentKey;
  const blocker = restore.length ? await writeBackBlocker(ctx, created, newClient, rerun) : undefined;
  const { restored, unrestored, stopped } =
    !blocker && previousKey
      ? await writeBack(ctx, created, newClient, write, restore, previousKey)
      : { restored: [], unrestored: restore, stopped: undefined };
  if (!blocker) ctx.report.restoredTargets = restored;
  const halt = blocker ?? stopped;
  // The failed target was not given the previous key: its record may prove that no write of this
  // run landed there.
  const untouched = ambiguous && unrestored.includes(failed.target) ? await settle(ctx, created, failed) : undefined;
  const keptWhy = untouched ? `${name} ${keepsItsKey(untouched)}` : undefined;
  const kept = keptWhy ? `; ${keptWhy}` : '';
  const mayHold = untouched ? unrestored.filter((t) => t !== failed.target) : unrestored;
  ctx.report.targets = mayHold.map((t) => t.describe());
  const holders = ctx.report.targets.join(', ');
  if (mayHold.length) {
    if (halt) {
      return fail(`${halt.reason}: ${holders} may hold the new key ${created.id}, which stays valid, and so does the current key${kept}`, halt.advice);
    }
    return fail(
      `Writing the previous key back failed for ${holders}, which may hold the new key ${created.id}: it stays valid, and so does the current key${kept}`,
      rerun,
    );
  }
  // No target holds the new key (restored, or proven untouched): it goes, revoked with itself, as
  // the previous key may no longer work.
  await revokeOwnKey(ctx, 'store', created, newClient, what);
  if (halt) {
    return fail(
      `${halt.reason}; but no target holds the new key${keptWhy ? `: ${keptWhy}` : ''}, so the new key ${created.id} was revoked`,
      thenRunAgain(advice, halt.concurrent ? CONCURRENCY_GROUP : undefined),
    );
  }
  const back = restored.length ? `The previous key was written back to ${restored.join(', ')}` : 'No target had been written';
  return fail(`${back} and the new key ${created.id} was revoked${kept}`, thenRunAgain(advice));
}

/**
 * Writes the previous key back to `restore`, in order. Before every write-back after the first
 * (writeBackBlocker checked just before it), the keys are listed with the new key: a newer rotation
 * may have started meanwhile and revoke the previous key, so the run stops writing it.
 */
async function writeBack(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
  write: SealedWrite,
  restore: SecretTarget[],
  previousKey: string,
): Promise<{ restored: string[]; unrestored: SecretTarget[]; stopped: Blocker | undefined }> {
  const restored: string[] = [];
  const unrestored: SecretTarget[] = [];
  for (const [index, target] of restore.entries()) {
    const stopped = index > 0 ? await takenOverBlocker(ctx, created, newClient) : undefined;
    if (stopped) return { restored, unrestored: [...unrestored, ...restore.slice(index)], stopped };
    const targetName = target.describe();
    ctx.log('store', `Writing the previous key back to ${targetName}`);
    try {
      await write(target, previousKey, { restore: true });
      restored.push(targetName);
    } catch (error) {
      unrestored.push(target);
      ctx.log('store', `Writing the previous key back to ${targetName} failed: ${describeError(error)}`);
    }
  }
  return { restored, unrestored, stopped: undefined };
}

/**
 * Reads the failed target's record: the reason it proves that no write of this run landed there,
 * or undefined when it cannot prove it (the target may hold the new key).
 */
async function settle(ctx: RotationContext, created: CreatedKey, failed: FailedWrite): Promise<string | undefined> {
  const name = failed.target.describe();
  ctx.log('store', `Reading the metadata of ${ctx.secretName} in ${name}, to learn whether a write that failed landed`);
  const check = await untouchedSince(failed.target, ctx.secretName, failed.servedAt);
  ctx.log('store', check.untouched ? `${name} ${keepsItsKey(check.reason)}` : `${name} may hold the new key ${created.id}: ${check.reason}`);
  return check.untouched ? check.reason : undefined;
}

/** The target's advice, then "run again" (said once: the advice may say it already), then `more`. */
function thenRunAgain(advice: string, more?: string): string {
  const rerun = /\brun again\b/i.test(advice) ? '' : ' Then run again.';
  return `${advice}${rerun}${more ? ` ${more}` : ''}`;
}

function keepsItsKey(reason: string): string {
  return `keeps the key it held before, as no write of this run landed there (${reason})`;
}

/**
 * Why writing the previous key back is not safe now, or undefined when it is: its value must be
 * known, it must still work (it lists the keys), and no newer key of the family may exist (a newer
 * rotation owns the targets, and revokes the previous key once it has written them).
 */
async function writeBackBlocker(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
  rerun: string,
): Promise<Blocker | undefined> {
  if (!ctx.currentKey) {
    const reason = "The previous key's value was not given (apiKey option), so it was not written back";
    return { reason, concurrent: false, advice: rerun };
  }
  ctx.log('store', 'Checking that the previous key still works and no newer rotation runs, before writing it back');
  try {
    const newer = newerMembers(await ctx.client.apiKeys.list(), ctx.family, created, ctx.listedBefore);
    return newer.length ? concurrentBlocker(created, describeNewer(ctx.family, newer)) : undefined;
  } catch (error) {
    // The previous key cannot list: find out with the new key whether a newer rotation revoked it.
    const takenOver = await newerRotation(ctx, created, newClient).catch(() => undefined);
    if (takenOver) return concurrentBlocker(created, takenOver);
    const why =
      error instanceof AuthenticationError
        ? 'The previous key no longer works (it was revoked during this run)'
        : `Checking that the previous key still works failed (${describeError(error)})`;
    return { reason: `${why}, so the previous key was not written back`, concurrent: false, advice: rerun };
  }
}

/** Before a later write-back: a newer rotation that started meanwhile stops it, and so does not knowing. */
async function takenOverBlocker(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
): Promise<Blocker | undefined> {
  try {
    const takenOver = await newerRotation(ctx, created, newClient);
    return takenOver ? concurrentBlocker(created, takenOver) : undefined;
  } catch (error) {
    return {
      reason: `Listing keys with the new key ${created.id}, to check that no newer rotation runs, failed (${describeError(error)}), so the previous key was not written back further`,
      concurrent: false,
      advice: `Run again: the next rotation writes every target and revokes the older keys.`,
    };
  }
}

function concurrentBlocker(created: CreatedKey, takenOver: string): Blocker {
  return {
    reason: `${takenOver}: a concurrent rotation of this secret took over the targets and may have revoked the previous key, so the previous key was not written back`,
    concurrent: true,
    advice: `Let the concurrent rotation finish; the next rotation revokes key ${created.id}. ${CONCURRENCY_GROUP}`,
  };
}
