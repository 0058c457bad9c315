// A target could not take the new key (step 4): give the previous key back to the targets that hold,
// or may hold, the new one and revoke the new key, unless a newer rotation took over meanwhile (it
// owns the targets, and may have revoked the previous key). A write that got no answer may have
// landed; the target's own record settles that when it can (targets/untouched-since.ts).

import { AuthenticationError } from '@keyturn/api';
import { describeError, type PlatformKey, type RotationPlatformClient } from '../platform.js';
import { type SecretTarget, TargetError } from '../targets/secret-target.js';
import { untouchedSince } from '../targets/untouched-since.js';
import { targetAdvice } from '../targets/write-sealed.js';
import type { RotationContext } from './context.js';
import { newerMembers } from './revocation-plan.js';
import { type CreatedKey, revokeOwnKey } from './revoke-own-key.js';

const CONCURRENCY_GROUP = 'Run rotations of one secret in a workflow concurrency: group so they never overlap.';

/** Writes a value to a target, sealed with the key this run knows for it. */
export type SealedWrite = (target: SecretTarget, value: string) => Promise<void>;

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
  // A write with no answer (or a 5xx) may have landed: that target may hold the new key as well.
  const ambiguous = failed.cause instanceof TargetError && failed.cause.mayHaveTakenEffect;
  const restore = ambiguous ? [...written, failed.target] : written;
  const fail = (summary: string, todo: string): never => ctx.fail('store', `${what}. ${summary}`, todo, failed.cause);
  /** Names the targets that may hold the new key, which then stays valid; the report lists them. */
  const holders = (mayHold: SecretTarget[]) => {
    if (mayHold.includes(failed.target)) ctx.report.targets.push(name);
    return mayHold.map((t) => t.describe()).join(', ');
  };
  /** Says that the failed target was proven untouched, when it was. */
  const keptNote = (untouched: string | undefined) => (untouched ? `; ${name} ${keepsItsKey(untouched)}` : '');

  const blocker = restore.length ? await writeBackBlocker(ctx, created, newClient, advice) : undefined;
  if (blocker) {
    const untouched = ambiguous ? await settle(ctx, created, failed) : undefined;
    const mayHold = untouched ? written : restore;
    if (mayHold.length) {
      const kept = keptNote(untouched);
      return fail(
        `${blocker.reason}: ${holders(mayHold)} may hold the new key ${created.id}, which stays valid, and so does the current key${kept}`,
        blocker.advice,
      );
    }
    // Only the failed target was in question, and it holds what it held before: nothing holds the
    // new key. It revokes itself, as the previous key may no longer work.
    await revokeOwnKey(ctx, 'store', created, newClient, what);
    return fail(
      `${blocker.reason}; but no target holds the new key: ${name} ${keepsItsKey(untouched!)}, so the new key ${created.id} was revoked`,
      `${advice} Then run again.${blocker.concurrent ? ` ${CONCURRENCY_GROUP}` : ''}`,
    );
  }

  const restored: string[] = [];
  const unrestored: SecretTarget[] = [];
  for (const target of restore) {
    const targetName = target.describe();
    ctx.log('store', `Writing the previous key back to ${targetName}`);
    try {
      await write(target, ctx.currentKey!);
      restored.push(targetName);
      ctx.report.targets = ctx.report.targets.filter((t) => t !== targetName);
    } catch (error) {
      unrestored.push(target);
      ctx.log('store', `Writing the previous key back to ${targetName} failed: ${describeError(error)}`);
    }
  }
  ctx.report.restoredTargets = restored;
  // The failed target could not be given the previous key either: its record may prove that no write
  // of this run landed there.
  const untouched = ambiguous && unrestored.includes(failed.target) ? await settle(ctx, created, failed) : undefined;
  const kept = keptNote(untouched);
  const mayHold = untouched ? unrestored.filter((t) => t !== failed.target) : unrestored;
  if (mayHold.length) {
    return fail(
      `Writing the previous key back failed for ${holders(mayHold)}, which may hold the new key ${created.id}: it stays valid, and so does the current key${kept}`,
      `${advice} Then run again: the next rotation writes every target and revokes the older keys.`,
    );
  }
  await revokeOwnKey(ctx, 'store', created, ctx.client, what);
  const back = restored.length ? `The previous key was written back to ${restored.join(', ')}` : 'No target had been written';
  return fail(`${back} and the new key ${created.id} was revoked${kept}`, `${advice} Then run again.`);
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
  advice: string,
): Promise<Blocker | undefined> {
  if (!ctx.currentKey) {
    const reason = "The previous key's value was not given (apiKey option), so it was not written back";
    return { reason, concurrent: false, advice: `${advice} Then run again.` };
  }
  ctx.log('store', 'Checking that the previous key still works and no newer rotation runs, before writing it back');
  const concurrent = (newer: PlatformKey[]): Blocker => ({
    reason: `${describeNewer(ctx, newer)}: a concurrent rotation of this secret took over the targets and may have revoked the previous key, so the previous key was not written back`,
    concurrent: true,
    advice: `Let the concurrent rotation finish; the next rotation revokes key ${created.id}. ${CONCURRENCY_GROUP}`,
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
    const why =
      error instanceof AuthenticationError
        ? 'The previous key no longer works (it was revoked during this run)'
        : `Checking that the previous key still works failed (${describeError(error)})`;
    return {
      reason: `${why}, so the previous key was not written back`,
      concurrent: false,
      advice: `${advice} Then run again: the next rotation writes every target and revokes the older keys.`,
    };
  }
}

export function describeNewer(ctx: RotationContext, newer: PlatformKey[]): string {
  return `A newer key of family ${ctx.family} exists: ${newer.map((k) => `${k.id} (${k.name})`).join(', ')}`;
}
