// Between the last write and the revocations: a target whose value reaches what runs only once it is
// deployed (a Vercel project, reachRuntime) is redeployed and awaited, or said to wait for the next
// deploy. Until a deployment uses the new key, the one running uses an older key: every key the
// target may hold stays valid (I1), the record keeps naming them and notes the deployment awaited
// (I5), and a notice says which keys and why. A failed or unfinished build warns; it does not fail
// the run (every target holds the new key; the next run redeploys again and converges, I4).

import { probe } from '../internal/probes.js';
import { describeError } from '../platform.js';
import { type DeploymentRef, identityOf, type RuntimeReach, type SecretTarget } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';
import type { CreatedKey } from './revocation.js';

/** Redeploys and awaits every deployed target at once (each build takes minutes); fills `ctx.awaitingDeploy`. */
export async function reachDeployments(ctx: RotationContext, created: CreatedKey): Promise<void> {
  const deployed = ctx.targets.filter((t) => t.reachRuntime);
  if (!deployed.length) return;
  ctx.log('store', `Putting the new key ${created.id} in use where a deploy is needed: ${deployed.map((t) => t.describe()).join(', ')}`);
  const reached = await Promise.all(
    deployed.map(async (target) => {
      try {
        return { target, reach: await target.reachRuntime!(ctx.secretName, ctx.signal) };
      } catch (error) {
        return { target, error };
      }
    }),
  );
  for (const { target, reach, error } of reached) {
    if (reach) settle(ctx, created, target, reach);
    else unreached(ctx, created, target, { error: describeError(error) });
  }
}

function settle(ctx: RotationContext, created: CreatedKey, target: SecretTarget, reach: RuntimeReach): void {
  const spec = target.describe();
  switch (reach.state) {
    case 'live':
      if (reach.encryptedNotSensitive)
        ctx.notice('store', { code: 'development-not-sensitive', target: spec, secretName: ctx.secretName, actions: [] });
      return;
    case 'deployed':
      probe('deployment-ready');
      ctx.log('store', `${spec}: the deployment ${reach.deployment.url} is READY with the new key ${created.id}`);
      return;
    case 'not-ready':
      unreached(ctx, created, target, reach);
      return;
    case 'awaiting-deploy': {
      probe('deployment-awaited');
      const { serving } = reach;
      const keyIds = await_(ctx, created, target, reach, serving);
      ctx.notice('store', {
        code: 'awaiting-deploy',
        target: spec,
        secretName: ctx.secretName,
        ...(serving && { afterDeployment: serving.id, afterUrl: serving.url }),
        keyIds,
        actions: [{ do: 'run-again' }],
      });
    }
  }
}

function unreached(
  ctx: RotationContext,
  created: CreatedKey,
  target: SecretTarget,
  reach: Omit<Extract<RuntimeReach, { state: 'not-ready' }>, 'state'>,
): void {
  const { deployment, readyState, error } = reach;
  if (readyState === 'ERROR') probe('deployment-build-failed');
  const keyIds = await_(ctx, created, target, reach, deployment ?? reach.serving);
  ctx.notice('store', {
    code: 'deployment-not-ready',
    target: target.describe(),
    secretName: ctx.secretName,
    ...(deployment && { deploymentId: deployment.id, deploymentUrl: deployment.url }),
    ...(readyState !== undefined && { readyState }),
    error,
    keyIds,
    actions: [{ do: 'run-again' }],
  });
}

/**
 * The target waits: noted for the record, and the keys it may hold (all but the new one) returned
 * for the notice. A deployment running now that was made after an earlier run's write (its record's
 * note) uses that run's key or a newer one: the keys before it have left the target's deployments.
 */
function await_(
  ctx: RotationContext,
  created: CreatedKey,
  target: SecretTarget,
  facts: { serving?: DeploymentRef; writtenAt?: number },
  noted: DeploymentRef | undefined,
): number[] {
  const identity = identityOf(target);
  const earlier = ctx.record.record.awaiting?.[identity];
  const redeployedSince = earlier?.writtenAt !== undefined && facts.serving !== undefined && facts.serving.createdAt > earlier.writtenAt;
  ctx.awaitingDeploy.set(identity, {
    keyId: created.id,
    ...(facts.writtenAt !== undefined && { writtenAt: facts.writtenAt }),
    ...(noted && { deployment: noted.id, url: noted.url }),
    ...(redeployedSince && { keepFrom: earlier.keyId }),
  });
  return [...heldWhileDeploying(ctx, identity)].filter((id) => id !== created.id).sort((a, b) => a - b);
}

/**
 * The keys a target awaiting a deploy may hold: what its record entry names (written before the
 * secrets: the new key and every key before it), and the keys the run started with; none older than
 * a key a deployment since uses (`keepFrom`). When neither names an older key (no record, or one
 * that never knew what the target held), the run cannot tell which key the running deployment
 * uses: every key the preflight listed.
 */
export function heldWhileDeploying(ctx: RotationContext, identity: string): Set<number> {
  const entry = ctx.record.record.targets[identity];
  const keepFrom = ctx.awaitingDeploy.get(identity)?.keepFrom ?? 0;
  const named = [...(entry?.keyIds ?? []), ...ctx.record.writtenBackIds].filter((id) => id !== ctx.report.keyId);
  return new Set((named.length ? named : [...ctx.listedBefore]).filter((id) => id >= keepFrom));
}

/**
 * What the listed targets held before the run (`keep`'s first slots), less the keys an awaiting target
 * has left: a deployment made since an earlier run's write uses that key or a newer one (`keepFrom`),
 * so an older key no other listed target names is no key jobs use now (seed 510000073). By the
 * record as the run read it (previousOf), before it named the new key.
 */
export function previousStillHeld(ctx: RotationContext): number[] {
  const { previousIds, previousOf, known } = ctx.record;
  if (!known || !ctx.awaitingDeploy.size) return previousIds;
  const stillHeld = (identity: string, id: number) =>
    previousOf[identity]?.includes(id) === true && id >= (ctx.awaitingDeploy.get(identity)?.keepFrom ?? 0);
  return previousIds.filter((id) => Object.keys(previousOf).some((identity) => stillHeld(identity, id)));
}

/** Every key a target awaiting a deploy may hold: never revoked by this run. */
export function keysInUseByDeployments(ctx: RotationContext): Set<number> {
  const ids = new Set<number>();
  for (const identity of ctx.awaitingDeploy.keys()) for (const id of heldWhileDeploying(ctx, identity)) ids.add(id);
  return ids;
}
