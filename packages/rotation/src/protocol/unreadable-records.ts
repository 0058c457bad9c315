// Records the preflight cannot use: this family's newer or unparsable record stops the run before
// anything changes; another family's is named in a notice, and a misplaced copy settles nothing.

import { option } from '../option-names.js';
import { RECORD_FORMAT } from '../record/format.js';
import type { RecordPlan } from '../record/record-plan.js';
import type { UnreadableRecord } from '../record/target-record.js';
import type { RotationContext } from './context.js';
import { probe } from '../internal/probes.js';

export function refuseNewer(ctx: RotationContext, record: UnreadableRecord): never {
  probe('record-newer-refused');
  return ctx.fail({
    code: 'record-failed',
    step: 'preflight',
    summary:
      `The target record in ${record.name}${record.family ? ` (family ${record.family})` : ''} was written by a newer keyturn: ` +
      `its format is ${record.format}, and this release reads formats up to ${RECORD_FORMAT}`,
    advice:
      `Upgrade the pinned keyturn release (the rotate-key version in uses:, or @keyturn/rotation) to the one that wrote it or ` +
      `later, in every workflow that rotates ${ctx.secretName}. An older release would lose what the record says. Nothing was ` +
      `changed.`,
  });
}

export function refuseUnparsable(ctx: RotationContext, record: UnreadableRecord, family: string): never {
  probe('record-unparsable-refused');
  ctx.unreadableRecord = { family, variable: record.name, detail: record.detail };
  return ctx.fail({
    code: 'record-failed',
    step: 'preflight',
    summary:
      `The target record in ${record.name}${record.family ? ` (family ${record.family})` : ''} cannot be read: ${record.detail}. ` +
      `It is never taken for an absent record: a target it names that the list no longer does could be locked out`,
    advice:
      `Restore the variable's earlier value if you have it, or run once with ${option('rebuildRecord')}: true: the record of ` +
      `family ${family} is then rebuilt from the listed targets, and every live key of the family stays valid until you name it ` +
      `in ${option('revokeKeyIds')}. Nothing was changed.`,
    actions: [{ do: 'rebuild-record' }],
  });
}

export function warnUnreadable(ctx: RotationContext, record: UnreadableRecord): void {
  const { name: variable, family, problem, format, detail } = record;
  ctx.notice('preflight', {
    code: 'unreadable-other-record',
    variable,
    ...(family !== undefined && { family }),
    problem,
    ...(format !== undefined && { format }),
    detail,
    actions: [{ do: 'fix-other-record', variable }],
  });
}

/**
 * A record under a variable not its own (copied by hand) is not this run's: it chose no family and
 * stops nothing. Settling its family is skipped: its record still forgets the targets this run
 * writes or retires, but none of its keys is revoked and the record is not deleted, since the copy
 * may name targets that hold them; a warning says what to do.
 */
export function skipMisplaced(ctx: RotationContext, plan: RecordPlan, record: UnreadableRecord): void {
  const settling = plan.otherFamilies.filter((o) => o.record.family === record.family && o.empty);
  for (const other of settling) other.empty = false;
  ctx.notice('preflight', {
    code: 'misplaced-record',
    variable: record.name,
    family: record.family ?? '',
    detail: record.detail,
    settlingSkipped: settling.length > 0,
    actions: [{ do: 'fix-other-record', variable: record.name }],
  });
}
