// The notices of a target dropped from the list while a record names it: the keys it may hold stay
// valid, and the notice says how to retire it or put it back.

import type { PlatformKey } from '../platform.js';
import type { DroppedTarget } from '../record/record-plan.js';
import type { RotationContext } from './context.js';
import { probe } from '../internal/probes.js';

export function warnDropped(ctx: RotationContext, target: DroppedTarget, keys: readonly PlatformKey[]): void {
  probe('dropped-target-protected');
  const live = liveKeys(target.keyIds, keys);
  ctx.report.droppedTargets = [...(ctx.report.droppedTargets ?? []), target.spec];
  ctx.notice('preflight', {
    code: 'dropped-target',
    target: target.spec,
    secretName: ctx.secretName,
    ...live,
    actions: [{ do: 'retire-or-relist', targets: [target.spec] }],
  });
}

/**
 * A target another family's record of this secret names, no longer listed nor retired: its live keys
 * stay valid, so it is named as a dropped target is (README, Drop a target), never left silent.
 */
export function warnOtherDropped(ctx: RotationContext, target: DroppedTarget & { family: string }, keys: readonly PlatformKey[]): void {
  const live = liveKeys(target.keyIds, keys);
  if (!live.keyIds.length) return;
  ctx.report.droppedTargets = [...new Set([...(ctx.report.droppedTargets ?? []), target.spec])];
  ctx.notice('preflight', {
    code: 'other-family-dropped-target',
    target: target.spec,
    family: target.family,
    secretName: ctx.secretName,
    ...live,
    actions: [{ do: 'retire-or-relist', targets: [target.spec] }],
  });
}

/** Of `ids`, the keys the listing shows live, with their names. */
export function liveKeys(ids: readonly number[], keys: readonly PlatformKey[]): { keyIds: number[]; keyNames: string[] } {
  const live = ids.map((id) => keys.find((k) => k.id === id)).filter((k): k is PlatformKey => k !== undefined);
  return { keyIds: live.map((k) => k.id), keyNames: live.map((k) => k.name) };
}
