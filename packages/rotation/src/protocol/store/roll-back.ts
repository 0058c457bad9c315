// A target could not take the new key (step 4): give the previous key back to the targets that hold,
// or may hold, the new one and revoke the new key, unless a newer rotation took over meanwhile (it
// owns the targets, and may have revoked the previous key). A write that got no answer may have
// landed; the target's own record settles that when it can (targets/untouched-since.ts).

import { describeError, type RotationPlatformClient, rotatedKeyRefused } from '../../platform.js';
import type { SecretTarget, WriteOptions } from '../../targets/secret-target.js';
import { untouchedSince } from '../../targets/untouched-since.js';
import type { RotationContext } from '../context.js';
import { type CreatedKey, revokeOwnKey } from '../revocation.js';
import { keepsItsKey } from './messages.js';
import { newerRotation } from './newer-rotation.js';
import type { FailedWrite, Rollback, StoreOutcome, WriteBackHalt } from './outcome.js';
import { mutant } from '../../internal/mutants.js';
import { probe } from '../../internal/probes.js';

/** Writes a value to a target, sealed with the key this run knows for it. */
export type SealedWrite = (target: SecretTarget, value: string, options?: WriteOptions) => Promise<void>;

export async function rollBack(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
  write: SealedWrite,
  written: SecretTarget[],
  failed: FailedWrite,
  mayLandLate: readonly SecretTarget[] = [],
): Promise<StoreOutcome> {
  probe('rollback-started');
  // I7: the failed target may hold the new key when its write may have landed.
  const restore = failed.mayHaveLanded ? [...written, failed.target] : written;
  const clearance = restore.length ? await writeBackClearance(ctx, created, newClient) : { previousKey: '' };
  const back =
    'halt' in clearance
      ? { restored: undefined, unrestored: restore, halt: clearance.halt }
      : await writeBack(ctx, created, newClient, write, restore, clearance.previousKey);
  if (back.halt) probe('write-back-halted');
  // The failed target was not given the previous key: its record may prove that no write of this
  // run landed there.
  const untouched = failed.mayHaveLanded && back.unrestored.includes(failed.target) ? await settle(ctx, created, failed) : undefined;
  const unrestored = untouched ? back.unrestored.filter((t) => t !== failed.target) : back.unrestored;
  // A write of the new key whose first attempt got no answer may land after the write-back: it may hold the new key still
  // (the failed target too, unless its record proved that nothing of this run landed there).
  const lateLanding = (t: SecretTarget) => mayLandLate.includes(t) && !(t === failed.target && untouched);
  const mayHold = ctx.targets.filter((t) => unrestored.includes(t) || lateLanding(t));
  const landLate = mayHold.filter((t) => !unrestored.includes(t)).map((t) => t.describe());
  const rollback: Rollback = { restored: back.restored, halt: back.halt, untouched, ...(landLate.length && { landLate }) };
  // I2: a target may hold the new key, so it stays valid; else it goes, revoked with itself, as the
  // previous key may no longer work.
  if (mayHold.length) return { kind: 'write-failed', failed, rollback, mayHold };
  return { kind: 'write-failed', failed, rollback, mayHold, ownKey: await revokeOwnKey(ctx, 'store', created, newClient) };
}

/**
 * Writes the previous key back to `restore`, in order. Before every write-back after the first
 * (writeBackClearance checked just before it), the keys are listed with the new key: a newer rotation
 * may have started meanwhile and revoke the previous key, so the run stops writing it.
 */
async function writeBack(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
  write: SealedWrite,
  restore: SecretTarget[],
  previousKey: string,
): Promise<{ restored: string[]; unrestored: SecretTarget[]; halt: WriteBackHalt | undefined }> {
  const restored: string[] = [];
  const unrestored: SecretTarget[] = [];
  for (const [index, target] of restore.entries()) {
    if (index > 0) {
      // I6: a newer rotation stops the write-backs, and so does not knowing.
      const newer = await newerRotation(ctx, created, { listing: 'new-key', client: newClient });
      const halt: WriteBackHalt | undefined =
        newer.state === 'running'
          ? { reason: 'concurrent', why: newer.why }
          : newer.state === 'unknown'
            ? { reason: 'check-failed', error: newer.error, during: 'later' }
            : undefined;
      if (halt) return { restored, unrestored: [...unrestored, ...restore.slice(index)], halt };
    }
    const targetName = target.describe();
    ctx.log('store', `Writing the previous key back to ${targetName}`);
    try {
      await write(target, previousKey, { restore: true });
      restored.push(targetName);
      probe('write-back-done');
    } catch (error) {
      probe('write-back-failed');
      if (mutant('write-back-failure-ignored')) {
        restored.push(targetName);
        continue;
      }
      unrestored.push(target);
      ctx.log('store', `Writing the previous key back to ${targetName} failed: ${describeError(error)}`);
    }
  }
  return { restored, unrestored, halt: undefined };
}

/**
 * I1: the previous key is written back only when it is safe now: its value is known, it still works
 * (it lists the keys), and no newer key of the family exists (I6: a newer rotation owns the targets,
 * and revokes the previous key once it has written them). Else why not.
 */
async function writeBackClearance(
  ctx: RotationContext,
  created: CreatedKey,
  newClient: RotationPlatformClient,
): Promise<{ previousKey: string } | { halt: WriteBackHalt }> {
  const previousKey = ctx.currentKey;
  if (!previousKey) return { halt: { reason: 'no-previous-key' } };
  ctx.log('store', 'Checking that the previous key still works and no newer rotation runs, before writing it back');
  const newer = await newerRotation(ctx, created, { listing: 'previous-key', newClient });
  if (newer.state === 'none') return { previousKey };
  if (newer.state === 'running') return { halt: { reason: 'concurrent', why: newer.why } };
  if (rotatedKeyRefused(newer.error)) return { halt: { reason: 'previous-key-dead' } };
  return { halt: { reason: 'check-failed', error: newer.error, during: 'first' } };
}

/**
 * Reads the failed target's record: the reason it proves that no write of this run landed there,
 * or undefined when it cannot prove it (the target may hold the new key).
 */
async function settle(ctx: RotationContext, created: CreatedKey, failed: FailedWrite): Promise<string | undefined> {
  const name = failed.target.describe();
  ctx.log('store', `Reading the metadata of ${ctx.secretName} in ${name}, to learn whether a write that failed landed`);
  const check = await untouchedSince(failed.target, ctx.secretName, failed.servedAt, created.key);
  if (check.untouched) probe('failed-write-proven-untouched');
  ctx.log(
    'store',
    check.untouched ? `${name} ${keepsItsKey(check.reason)}` : `${name} may hold the new key ${created.id}: ${check.reason}`,
  );
  return check.untouched ? check.reason : undefined;
}
