// Step 4: write the new key to every target, one at a time, each sealed with its own public key
// (the one the preflight fetched; fetched again only if GitHub refuses it as stale). First back off
// if a newer rotation of the same family exists. If a target cannot be written, roll back
// (roll-back.ts).

import type { SecretTarget, TargetPublicKey } from '../targets/secret-target.js';
import { writeSealed } from '../targets/write-sealed.js';
import type { RotationContext } from './context.js';
import { newerMembers } from './revocation-plan.js';
import { type CreatedKey, revokeOwnKey } from './revoke-own-key.js';
import { describeNewer, rollBack, type SealedWrite } from './roll-back.js';
import type { VerifiedKey } from './verify.js';

export async function storeKey(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  publicKeys: Map<SecretTarget, TargetPublicKey>,
): Promise<void> {
  await backOffIfSuperseded(ctx, created, verified);
  // The targets' clocks before this run wrote anything: a re-fetched key (below) is served later.
  const servedAt = new Map(ctx.targets.map((target) => [target, publicKeys.get(target)?.servedAt]));
  const write = sealedWrite(ctx, publicKeys);
  const written: SecretTarget[] = [];
  for (const target of ctx.targets) {
    const name = target.describe();
    ctx.log('store', `Writing ${ctx.secretName} to ${name}`);
    try {
      await write(target, created.key);
    } catch (cause) {
      return rollBack(ctx, created, verified.client, write, written, { target, cause, servedAt: servedAt.get(target) });
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
