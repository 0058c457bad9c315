// Part of the preflight's target checks: a record of another secret name that names listed targets
// is a renamed secret's family (or another secret kept at the same targets). Where that secret is
// gone, no target holds its keys there; the plan settles the record (record/record-plan.ts). Reads
// only, as for retired targets; a target the run cannot read counts as still holding the secret.

import { describeError } from '../platform.js';
import { otherSecretRecords, type OtherSecretCheck } from '../record/record-plan.js';
import type { TargetRecord } from '../record/target-record.js';
import { identityOf, type SecretTarget } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';

/** For each record of another secret name naming a listed target: where its secret still exists. */
export async function checkOtherSecrets(
  ctx: RotationContext,
  records: readonly TargetRecord[],
  keyKind: string,
): Promise<OtherSecretCheck[]> {
  const listed = ctx.targets.map((target) => ({ identity: identityOf(target), target }));
  const reachable = new Map<string, SecretTarget>([...ctx.retire, ...listed].map(({ identity, target }) => [identity, target]));
  const checks: OtherSecretCheck[] = [];
  for (const record of otherSecretRecords(records, { family: ctx.family, secretName: ctx.secretName, keyKind }, [...reachable.keys()])) {
    const check: OtherSecretCheck = { record, gone: [], present: [], unknown: [], unreadable: [] };
    for (const identity of Object.keys(record.targets)) {
      const target = reachable.get(identity);
      if (!target?.readSecretMeta) {
        check.unknown.push(identity);
        continue;
      }
      try {
        const meta = await target.readSecretMeta(record.secretName);
        (meta ? check.present : check.gone).push(identity);
      } catch (error) {
        ctx.log(
          'preflight',
          `Whether ${target.describe()} still holds ${record.secretName} could not be read (${describeError(error)}): its keys stay valid`,
        );
        check.unknown.push(identity);
        check.unreadable?.push(identity);
      }
    }
    checks.push(check);
  }
  return checks;
}
