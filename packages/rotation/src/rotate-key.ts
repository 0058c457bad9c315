// The rotation protocol of DESIGN.md, one step per module: preflight, create, verify, store, revoke.
// Each step is safe to re-run; a failure throws a RotationError saying what happened and what to do.

import { RotationError } from './errors.js';
import { observer } from './observer.js';
import { type RotateKeyOptions, resolveOptions } from './options.js';
import { createContextTools, type RotationContext } from './protocol/context.js';
import { createKey } from './protocol/create.js';
import { preflight } from './protocol/preflight.js';
import { revokeOldKeys } from './protocol/revoke.js';
import { storeKey } from './protocol/store.js';
import { noRecord } from './protocol/target-record-step.js';
import { verifyKey } from './protocol/verify.js';
import { describeError } from './platform.js';
import { emptyReport, type RotationReport } from './report.js';
import { DEFAULT_SECRET_NAME } from './secret-name.js';

/**
 * Rotates the platform API key into every target: preflight, create, verify, store, revoke (README,
 * "The protocol"). Resolves with the report; throws an OptionError (of @keyturn/api) for an option
 * mistake before any request, and a RotationError saying what happened and what to do otherwise.
 */
export async function rotateKey(options: RotateKeyOptions): Promise<RotationReport> {
  const startedAt = performance.now();
  // GitHub's rate-limit lines go to the log of the step in progress, once there is one.
  let note = (_line: string) => {};
  let resolved: ReturnType<typeof resolveOptions>;
  try {
    resolved = resolveOptions(options, (line) => note(line));
  } catch (error) {
    const report = emptyReport({
      dryRun: options?.dryRun ?? false,
      family: options?.family ?? '',
      secretName: options?.secretName ?? DEFAULT_SECRET_NAME,
    });
    const summary = `The inputs are not valid: ${describeError(error)}`;
    const advice = 'Fix the input and run again. Nothing was changed.';
    observer(options?.log)({ step: 'preflight', level: 'error', message: `${summary} ${advice}` });
    throw new RotationError({ step: 'preflight', summary, advice, report, cause: error });
  }

  const family = resolved.pinnedFamily ?? '';
  const report = emptyReport({ dryRun: resolved.dryRun, family, secretName: resolved.secretName });
  const ctx: RotationContext = {
    ...resolved,
    family,
    records: noRecord(),
    listedBefore: new Set(),
    report,
    ...createContextTools(report, startedAt, options.log),
  };
  note = ctx.note;

  const { plan, publicKeys } = await preflight(ctx);
  if (!ctx.dryRun) {
    const created = await createKey(ctx, plan.keyName);
    const verified = await verifyKey(ctx, created);
    await storeKey(ctx, created, verified, publicKeys);
    await revokeOldKeys(ctx, created, verified.client);
    ctx.log('revoke', `Rotation done: ${report.targets.length} targets hold key ${created.id}`);
  } else {
    ctx.log('preflight', 'Dry run: nothing was changed');
  }
  report.durationMs = Math.round(performance.now() - startedAt);
  return report;
}
