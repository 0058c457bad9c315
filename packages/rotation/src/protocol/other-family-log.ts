// The preflight's log line for another family of this secret's record: what this run writes or
// retires of its targets, and what becomes of its keys.

import type { RecordPlan } from '../record/record-plan.js';
import type { RotationContext } from './context.js';
import { countNoun } from '@keyturn/api/toolkit';
import { warnOtherKindUnheld } from './other-kind-unheld.js';

export function logOtherFamily(ctx: RotationContext, other: RecordPlan['otherFamilies'][number]): void {
  const { family } = other.record;
  const specs = (ids: readonly string[]) => ids.map((id) => other.record.targets[id]?.spec ?? id).join(', ');
  const what = [
    other.takenOver.length ? `names ${specs(other.takenOver)}, which this run writes with family ${ctx.family}` : '',
    other.retired.length ? `names the retired ${other.retired.length === 1 ? 'target' : 'targets'} ${other.retired.join(', ')}` : '',
  ].filter(Boolean);
  // With revokeAfter they wait for their deadlines (other-family-deadlines.ts), as the family's own superseded keys do.
  const when = ctx.dryRun
    ? 'a run that is not a dry run revokes them'
    : ctx.revokeAfterMs === undefined
      ? 'they are revoked once every target holds the new key'
      : 'each is revoked at its deadline, revokeAfter from when every target holds the new key';
  const then = !other.empty
    ? `it still names ${countNoun(Object.keys(other.record.targets).length, 'target')}, whose keys stay valid`
    : other.sameKind
      ? `no target is left to hold its keys: ${when}, then the record is deleted`
      : `no target is left to hold its keys, which are of another kind (${other.record.keyKind}) than this run can revoke`;
  ctx.log(
    'preflight',
    `The record of ` +
      `family ${family}${other.sameKind ? '' : ` (${other.record.keyKind} keys)`} ${what.join(' and ') || 'names no target'}; ${then}`,
  );
  if (other.empty && !other.sameKind) warnOtherKindUnheld(ctx, other.record);
}
