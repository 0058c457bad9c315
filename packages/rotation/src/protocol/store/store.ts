// Step 4: write the new key to every target, one at a time, each sealed with its own public key
// (the one the preflight fetched; fetched again only if GitHub refuses it as stale). Back off if a
// newer rotation exists before the first write, and stop if one appears before a later write
// (newer-rotation.ts). If a target cannot be written, roll back (roll-back.ts). The outcome is a
// value (outcome.ts); the report is written from it once, and messages.ts says it.

import { describeError } from '../../platform.js';
import { SealError } from '../../seal.js';
import { type SecretTarget, TargetError, type TargetPublicKey, takesPlainValue } from '../../targets/secret-target.js';
import { writeSealed } from '../../targets/write-sealed.js';
import { aborted, type RotationContext } from '../context.js';
import { type CreatedKey, type OwnKeyRevocation, revokeOwnKey } from '../revocation.js';
import { recordBeforeWriting } from '../record-points.js';
import type { VerifiedKey } from '../verify.js';
import { storeFailure } from './messages.js';
import { newerRotation } from './newer-rotation.js';
import type { FailedWrite, StoreOutcome } from './outcome.js';
import { rollBack, type SealedWrite } from './roll-back.js';
import { probe } from '../../internal/probes.js';

/**
 * Runs step 4; anything but `stored` ends the run with the RotationError messages.ts words.
 * @returns The targets an emergency rotation could not write (always none otherwise), and, when
 * it could write none, the revocation of its own new key.
 */
export async function storeKey(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  publicKeys: Map<SecretTarget, TargetPublicKey | undefined>,
): Promise<{ leftOut: FailedWrite[]; ownKey?: OwnKeyRevocation }> {
  const outcome = await store(ctx, created, verified, publicKeys);
  ctx.report.targets = outcome.mayHold.map((t) => t.describe());
  if (outcome.kind === 'write-failed' && outcome.rollback.restored) ctx.report.restoredTargets = outcome.rollback.restored;
  if (outcome.kind !== 'stored') ctx.fail(storeFailure(ctx, created, outcome));
  return { leftOut: outcome.leftOut ?? [], ownKey: outcome.ownKey };
}

async function store(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  publicKeys: Map<SecretTarget, TargetPublicKey | undefined>,
): Promise<StoreOutcome> {
  if (aborted(ctx)) return stopOnAbort(ctx, created, verified, []);
  // I6: a newer key in the verify step's listing (the freshest the run has) means another rotation
  // owns the secret: this run writes nothing, and I2 revokes its key.
  const superseded = await newerRotation(ctx, created, { listing: 'verify-listing', keys: verified.keys });
  if (superseded.state === 'running') {
    probe('newer-rotation-backed-off');
    return { kind: 'backed-off', why: superseded.why, mayHold: [], ownKey: await revokeOwnKey(ctx, 'store', created, verified.client) };
  }
  // I5: before any secret is written, the record names every target as one that may hold the new
  // key, so a crash from here on leaves it naming more keys than the targets hold, never fewer.
  try {
    await recordBeforeWriting(ctx, created);
  } catch (error) {
    return { kind: 'record-failed', error, mayHold: [], ownKey: await revokeOwnKey(ctx, 'store', created, verified.client) };
  }
  // The targets' clocks before this run wrote anything: a re-fetched key (below) is served later.
  const servedAt = new Map(ctx.targets.map((target) => [target, publicKeys.get(target)?.servedAt]));
  const write = sealedWrite(ctx, publicKeys);
  const written: SecretTarget[] = [];
  const mayLandLate: SecretTarget[] = [];
  // An emergency rotation never rolls back to the leaked key: a target that fails is left out, the
  // others are written, and the leaked key is revoked all the same (emergency/revoke-leaked.ts).
  const leftOut: FailedWrite[] = [];
  for (const target of ctx.targets) {
    // I1, I2: an abort leaves what is written as it is (the new key works); only a key nobody holds goes.
    if (aborted(ctx)) return stopOnAbort(ctx, created, verified, written);
    // An emergency rotation left out a target its preflight could not reach: nothing is sent there.
    const unreachable = ctx.unreachable.find((f) => f.target === target);
    if (unreachable) {
      leaveOut(ctx, leftOut, unreachable);
      continue;
    }
    const name = target.describe();
    ctx.log('store', `Writing ${ctx.secretName} to ${name}`);
    if (written.length) {
      // I6: a newer rotation that started after this run created its key may have revoked that key
      // already, and writing it would store a dead key. It writes every target: no rollback.
      const takenOver = await newerRotation(ctx, created, { listing: 'new-key', client: verified.forward });
      if (takenOver.state === 'running') {
        probe('newer-rotation-stopped-writes');
        return { kind: 'stopped', reason: 'concurrent', why: takenOver.why, mayHold: written };
      }
      if (takenOver.state === 'unknown') {
        if (aborted(ctx)) return stopOnAbort(ctx, created, verified, written);
        // The listing failed otherwise than with a 401: nothing was sent, nothing is proven.
        const failed: FailedWrite = {
          target,
          during: 'check',
          cause: takenOver.error,
          mayHaveLanded: false,
          servedAt: servedAt.get(target),
        };
        if (ctx.leak) {
          leaveOut(ctx, leftOut, failed);
          continue;
        }
        return rollBack(ctx, created, verified.client, write, written, failed, mayLandLate);
      }
    }
    const unansweredBefore = ctx.unansweredWrites.count;
    try {
      await write(target, created.key);
      // A write retried after an attempt that got no answer may still land, after any write-back (seed 642).
      if (ctx.unansweredWrites.count > unansweredBefore) mayLandLate.push(target);
    } catch (cause) {
      const failed = writeFailed(target, cause, servedAt.get(target));
      if (failed.mayHaveLanded) probe('write-maybe-landed');
      // An attempt that got no answer may still land, after the write-back to this very target (seed 12279731).
      if (ctx.unansweredWrites.count > unansweredBefore) mayLandLate.push(target);
      // I7: the failed write may have landed. An aborted run does not roll back: I1 holds as the
      // new key stays valid while a target may hold it, and the next run converges (I4).
      if (aborted(ctx)) return stopOnAbort(ctx, created, verified, failed.mayHaveLanded ? [...written, target] : written);
      if (ctx.leak) {
        // I7: a write with no answer may have landed: the new key stays valid for it.
        if (failed.mayHaveLanded) written.push(target);
        leaveOut(ctx, leftOut, failed);
        continue;
      }
      return rollBack(ctx, created, verified.client, write, written, failed, mayLandLate);
    }
    written.push(target);
    ctx.log('store', `${name} holds the new key ${created.id}`);
  }
  if (!leftOut.length) return { kind: 'stored', mayHold: written };
  // I2: no target may hold the new key: it goes (the leaked key goes too, after).
  const ownKey = written.length ? undefined : await revokeOwnKey(ctx, 'store', created, verified.client);
  return { kind: 'stored', mayHold: written, leftOut, ownKey };
}

/** An emergency rotation goes on past a target it cannot write: said now, named at the end. */
function leaveOut(ctx: RotationContext, leftOut: FailedWrite[], failed: FailedWrite): void {
  leftOut.push(failed);
  const what =
    failed.during === 'check'
      ? 'checking for a newer rotation before writing it failed'
      : failed.during === 'preflight'
        ? 'the preflight could not reach it'
        : 'writing it failed';
  ctx.log(
    'store',
    `${failed.target.describe()} is left out (${what}: ${describeError(failed.cause)}); no rollback in an emergency rotation, ` +
      `the other targets are written`,
  );
}

/**
 * Seals with the preflight's key of each sealed target, and keeps the newer key when GitHub refused
 * it as stale; a target that takes the value gets it as it is.
 */
function sealedWrite(ctx: RotationContext, publicKeys: Map<SecretTarget, TargetPublicKey | undefined>): SealedWrite {
  return async (target, value, options) => {
    if (takesPlainValue(target)) return target.writeValue(ctx.secretName, value, options);
    const known = publicKeys.get(target);
    if (!known) throw new Error(`no public key of ${target.describe()} was fetched by the preflight`);
    const used = await writeSealed(target, ctx.secretName, value, known, options);
    if (used === known) return;
    probe('stale-public-key-resealed');
    publicKeys.set(target, used);
    ctx.log('store', `The public key of ${target.describe()} changed during the run: the value was sealed again with key ${used.keyId}`);
  };
}

/**
 * I7: a write with no answer (or a 5xx) may have landed, and so may a custom target's write that
 * failed with anything but a TargetError. A failed seal sent nothing.
 */
function writeFailed(target: SecretTarget, cause: unknown, servedAt: Date | undefined): FailedWrite {
  const mayHaveLanded = cause instanceof SealError ? false : !(cause instanceof TargetError) || cause.mayHaveTakenEffect;
  return { target, during: 'write', cause, mayHaveLanded, servedAt };
}

/** I2: with no target that may hold it, the new key is revoked (cleanup, whatever the abort). */
async function stopOnAbort(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  mayHold: SecretTarget[],
): Promise<StoreOutcome> {
  if (mayHold.length) return { kind: 'stopped', reason: 'aborted', mayHold };
  return { kind: 'stopped', reason: 'aborted', mayHold, ownKey: await revokeOwnKey(ctx, 'store', created, verified.client) };
}
