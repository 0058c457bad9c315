// A run the clock may make a no-op, with a deployed target (Vercel, no redeploy) still awaiting the
// user's deploy: the target holds the family's key, and its deployments may still use an older one.
// Rotating again would not help (the new key is written; only a deploy puts it in use), so the run
// stays idle, asks what serves now (one listing), and learns whether the older keys have left: then
// they are the clock's to revoke; else they stay valid, and a notice names them, every run.

import type { PlatformKey } from '../platform.js';
import { probe } from '../internal/probes.js';
import type { TargetRecord } from '../record/target-record.js';
import { identityOf, type SecretTarget, type ServingNow } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';

/** A listed target whose record entry names older keys than the one it holds, and what serves there now. */
export interface AwaitedTarget {
  target: SecretTarget;
  identity: string;
  /** The older keys still live that its running deployment may use. */
  olderIds: number[];
  now: ServingNow;
}

type Candidate = Omit<AwaitedTarget, 'now'> & { writtenAt: number; ask: NonNullable<SecretTarget['servingSince']> };

/**
 * The listed targets whose entry names older live keys beside `heldId` only because they await a
 * deploy of it; undefined when some target holds anything else (a write that got no answer, say):
 * a full run settles that.
 */
export function awaitingTargets(
  ctx: RotationContext,
  record: TargetRecord,
  heldId: number,
  keys: readonly PlatformKey[],
): Candidate[] | undefined {
  const live = new Set(keys.map((k) => k.id));
  const candidates: Candidate[] = [];
  for (const target of ctx.targets) {
    const identity = identityOf(target);
    const entry = record.targets[identity];
    if (!entry?.keyIds.includes(heldId) || entry.keyIds.some((id) => id > heldId)) return undefined;
    if (entry.keyIds.length === 1) continue;
    const note = record.awaiting?.[identity];
    if (note?.keyId !== heldId || note.writtenAt === undefined || !target.servingSince) return undefined;
    // Older keys the platform no longer lists have left anyway: nothing to ask.
    const olderIds = entry.keyIds.filter((id) => id !== heldId && live.has(id));
    if (olderIds.length) candidates.push({ target, identity, olderIds, writtenAt: note.writtenAt, ask: target.servingSince.bind(target) });
  }
  return candidates;
}

/** Asks each awaiting target what serves now (one listing each); undefined when one cannot say (a full run says why). */
export async function askServing(candidates: readonly Candidate[]): Promise<AwaitedTarget[] | undefined> {
  const awaited: AwaitedTarget[] = [];
  for (const { ask, writtenAt, ...candidate } of candidates) {
    const now = await ask(writtenAt).catch(() => undefined);
    if (!now) return undefined;
    awaited.push({ ...candidate, now });
  }
  return awaited;
}

/** Says, for each target still awaiting its deploy, which keys stay valid until one; the others' older keys are let go. */
export function noteAwaited(ctx: RotationContext, awaited: readonly AwaitedTarget[]): void {
  for (const { target, olderIds, now } of awaited) {
    if (now.since) {
      probe('idle-deploy-seen');
      continue;
    }
    probe('idle-deploy-awaited');
    ctx.notice('preflight', {
      code: 'awaiting-deploy',
      target: target.describe(),
      secretName: ctx.secretName,
      ...(now.serving && { afterDeployment: now.serving.id, afterUrl: now.serving.url }),
      keyIds: olderIds,
      actions: [{ do: 'run-again' }],
    });
  }
}

/** The keys the record's targets may hold, less those a deploy since the write has let go. */
export function keysTargetsMayHold(record: TargetRecord, heldId: number, awaited: readonly AwaitedTarget[]): Set<number> {
  const deployed = new Set(awaited.filter((a) => a.now.since).map((a) => a.identity));
  return new Set(Object.entries(record.targets).flatMap(([identity, entry]) => (deployed.has(identity) ? [heldId] : entry.keyIds)));
}
