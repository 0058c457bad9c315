// Part of the preflight's target checks: a target named in retireTargets is retired only when a
// record of this secret names it and its secret is gone there; one that still holds it fails the
// run before anything changes (I1: the key a retired target holds is revoked once forgotten).

import { describeError } from '../platform.js';
import { option } from '../option-names.js';
import type { TargetRecord } from '../record/target-record.js';
import { targetAdvice } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';
import { probe } from '../internal/probes.js';

/** Identities of the retired targets whose secret is gone. */
export async function checkRetired(ctx: RotationContext, records: readonly TargetRecord[]): Promise<string[]> {
  const retired: string[] = [];
  for (const { identity, target } of ctx.retire) {
    if (!records.some((record) => identity in record.targets)) {
      ctx.notice('preflight', { code: 'retired-target-unrecorded', target: target.describe(), secretName: ctx.secretName, actions: [] });
      continue;
    }
    let meta: Awaited<ReturnType<NonNullable<typeof target.readSecretMeta>>>;
    try {
      meta = await target.readSecretMeta?.(ctx.secretName);
    } catch (error) {
      return ctx.fail({
        code: 'record-failed',
        step: 'preflight',
        summary: `Checking the retired target ${target.describe()} failed: ${describeError(error)}`,
        advice: `${targetAdvice(error)} Nothing was changed.`,
        cause: error,
      });
    }
    if (meta) {
      probe('retired-target-still-holds');
      ctx.fail({
        code: 'record-failed',
        step: 'preflight',
        summary:
          `The retired target ${target.describe()} still holds the secret ${ctx.secretName}, so the key in it cannot be revoked ` +
          `without locking it out`,
        advice:
          `Delete the secret ${ctx.secretName} there first (or take ${target.describe()} out of ${option('retireTargets')}), then ` +
          `run again. Nothing was changed.`,
        actions: [{ do: 'retire-or-relist', targets: [target.describe()] }],
      });
    }
    probe('retired-target-forgotten');
    ctx.log('preflight', `${target.describe()} no longer holds ${ctx.secretName}: it is retired, and the record forgets it`);
    retired.push(identity);
  }
  return retired;
}
