// Step 4: write the new key to every target, one at a time, each sealed with its own public key
// (the one the preflight fetched; fetched again only if GitHub refuses it as stale). First back off
// if a newer rotation of the same family exists, and check again before every later write
// (newer-rotation.ts). If a target cannot be written, roll back (roll-back.ts).

import { describeError, platformAdvice } from '../platform.js';
import { type SecretTarget, TargetError, type TargetPublicKey } from '../targets/secret-target.js';
import { writeSealed } from '../targets/write-sealed.js';
import type { RotationContext } from './context.js';
import { CONCURRENCY_GROUP, newerRotation } from './newer-rotation.js';
import { describeNewer, newerMembers } from './revocation-plan.js';
import { type CreatedKey, revokeOwnKey } from './revoke-own-key.js';
import { rollBack, type SealedWrite } from './roll-back.js';
import { recordBeforeWriting } from './target-record-step.js';
import type { VerifiedKey } from './verify.js';

export async function storeKey(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  publicKeys: Map<SecretTarget, TargetPublicKey>,
): Promise<void> {
  await backOffIfSuperseded(ctx, created, verified);
  await recordFirst(ctx, created, verified);
  // The targets' clocks before this run wrote anything: a re-fetched key (below) is served later.
  const servedAt = new Map(ctx.targets.map((target) => [target, publicKeys.get(target)?.servedAt]));
  const write = sealedWrite(ctx, publicKeys);
  const written: SecretTarget[] = [];
  for (const target of ctx.targets) {
    const name = target.describe();
    ctx.log('store', `Writing ${ctx.secretName} to ${name}`);
    let takenOver: string | undefined;
    try {
      // The first write relies on the verify step's listing (backOffIfSuperseded).
      if (written.length) takenOver = await newerRotationBefore(ctx, created, verified, target);
      if (!takenOver) await write(target, created.key);
    } catch (cause) {
      return rollBack(ctx, created, verified.client, write, written, { target, cause, servedAt: servedAt.get(target) });
    }
    if (takenOver) stopWriting(ctx, created, written, takenOver);
    written.push(target);
    ctx.report.targets.push(name);
    ctx.log('store', `${name} holds the new key ${created.id}`);
  }
}

/** Seals with the preflight's key of each target, and keeps the newer key when GitHub refused it as stale. */
function sealedWrite(ctx: RotationContext, publicKeys: Map<SecretTarget, TargetPublicKey>): SealedWrite {
  return async (target, value, options) => {
    const known = publicKeys.get(target);
    if (!known) throw new Error(`no public key of ${target.describe()} was fetched by the preflight`);
    const used = await writeSealed(target, ctx.secretName, value, known, options);
    if (used === known) return;
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
  const newer = newerMembers(verified.keys, ctx.family, created, ctx.listedBefore);
  if (!newer.length) return;
  const failure = `${describeNewer(ctx.family, newer)}. Another rotation of this secret is running and owns it now`;
  await revokeOwnKey(ctx, 'store', created, verified.client, failure);
  ctx.fail(
    'store',
    `${failure}; this run wrote nothing and revoked its own new key ${created.id}`,
    'Nothing to do if the other rotation succeeds; otherwise run again once it has finished.',
  );
}

/**
 * Before any secret is written, the record names every target as one that may hold the new key, so
 * a crash from here on leaves the record naming more keys than the targets hold, never fewer. If it
 * cannot be written, nothing is: the new key is revoked.
 */
async function recordFirst(ctx: RotationContext, created: CreatedKey, verified: VerifiedKey): Promise<void> {
  try {
    await recordBeforeWriting(ctx, created.id);
  } catch (error) {
    const failure = `Recording which targets may hold the new key failed: ${describeError(error)}`;
    await revokeOwnKey(ctx, 'store', created, verified.client, failure);
    ctx.fail(
      'store',
      `${failure}; no secret was written and the new key ${created.id} was revoked`,
      `${(error as { advice?: string }).advice ?? 'Run again.'} The current key still works.`,
      error,
    );
  }
}

/**
 * Before a later write: a newer rotation that started after this run created its key may have
 * revoked that key already, and writing it would store a dead key. A listing that fails otherwise
 * than with a 401 is the failure of this write (nothing was written): the caller rolls back.
 */
async function newerRotationBefore(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  target: SecretTarget,
): Promise<string | undefined> {
  try {
    return await newerRotation(ctx, created, verified.client);
  } catch (error) {
    const message = `listing keys with the new key ${created.id} first, to check that no newer rotation runs, failed: ${describeError(error)}`;
    throw new TargetError(message, target.describe(), undefined, platformAdvice(error, ctx.secretName, false), false);
  }
}

/** No rollback: the newer run writes every target (and revokes the previous key), so this run's key stays valid meanwhile. */
function stopWriting(ctx: RotationContext, created: CreatedKey, written: SecretTarget[], takenOver: string): never {
  const holders = written.map((t) => t.describe()).join(', ');
  return ctx.fail(
    'store',
    `${takenOver}: a concurrent rotation of this secret took over while this run was writing, so this run stopped writing: ${holders} may hold the new key ${created.id}, which this run did not revoke (no rollback: the other rotation writes every target)`,
    `Let the concurrent rotation finish; the next rotation revokes what is left. ${CONCURRENCY_GROUP}`,
  );
}
