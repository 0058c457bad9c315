// The dropped targets of a run's record plan: targets a record names that are no longer listed nor
// retired. Their keys are protected (never revoked) and each run names them (README, Drop a target).

import { mutant } from '../internal/mutants.js';
import type { OtherSecretCheck } from './other-family-plan.js';
import type { TargetRecord } from './target-record.js';

export interface DroppedTarget {
  identity: string;
  spec: string;
  keyIds: number[];
}

/** The targets `record` names that are neither listed nor retired, with the keys each may hold. */
export function droppedTargets(record: TargetRecord, listed: ReadonlySet<string>, retired: readonly string[]): DroppedTarget[] {
  return Object.entries(record.targets)
    .filter(([identity]) => !listed.has(identity) && !retired.includes(identity))
    .map(([identity, entry]) => ({ identity, spec: entry.spec, keyIds: entry.keyIds }));
}

/**
 * Another family's dropped targets: a target dropped from the run's record too keeps the keys only
 * the other record names for it, protected and named all the same (a rollback may have written
 * either family's key there).
 */
export function otherDroppedTargets(
  othersRead: readonly TargetRecord[],
  dropped: readonly DroppedTarget[],
  listed: ReadonlySet<string>,
  retired: readonly string[],
): Array<DroppedTarget & { family: string }> {
  const ownDropped = new Map(dropped.map((t) => [t.identity, new Set(t.keyIds)]));
  return othersRead.flatMap((other) =>
    droppedTargets(other, listed, retired)
      .map((target) => ({
        ...target,
        keyIds: target.keyIds.filter((id) => !ownDropped.get(target.identity)?.has(id)),
        family: other.family,
      }))
      .filter((target) => !ownDropped.has(target.identity) || target.keyIds.length > 0),
  );
}

/**
 * Keys never revoked by this run: those a dropped target may hold, of this family or another's (a
 * rollback writes back the key the run started with, which may be of any family: seed 939651149),
 * and a renamed secret's, where its secret may still exist (a rename copies the value: seed 1486769425).
 */
export function protectedKeyIds(dropped: readonly DroppedTarget[], otherSecrets: readonly OtherSecretCheck[]): Set<number> {
  if (mutant('dropped-target-unprotected')) return new Set();
  const otherSecretHeld = otherSecrets.flatMap((c) =>
    [...c.present, ...c.unknown].flatMap((identity) => c.record.targets[identity]?.keyIds ?? []),
  );
  return new Set([...dropped.flatMap((t) => t.keyIds), ...otherSecretHeld]);
}
