// The notice of another kind of key's family left without targets, on its own because two callers
// say it: other-family-log.ts (another family) and renamed-secret-notices.ts (a renamed secret's).

import { keyKindLabel } from '../key-kind/key-kind.js';
import { variableOf } from '../record/github-variables.js';
import { namedKeyIds } from '../record/record-plan.js';
import type { TargetRecord } from '../record/target-record.js';
import type { RotationContext } from './context.js';

/**
 * A family of another kind of key whose record names no target once this run is done: the run
 * cannot list its keys, so it names them for the console, each run until the variable goes.
 */
export function warnOtherKindUnheld(ctx: RotationContext, record: TargetRecord): void {
  const keyIds = namedKeyIds(record);
  const variable = variableOf(record);
  ctx.notice('preflight', {
    code: 'other-kind-unheld',
    family: record.family,
    keyKind: record.keyKind ?? 'personal',
    runKeyKind: keyKindLabel(ctx.keyScope.keyKind),
    keyIds,
    variable,
    actions: [{ do: 'revoke-in-console', keyIds, variable }],
  });
}
