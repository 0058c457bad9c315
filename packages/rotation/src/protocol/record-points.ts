// Where the steps write the target record (record/record-writes.ts), with what they say: before the
// key is made (create), before the first secret write (store), after the last (revoke).

import { specOf } from './given-spec.js';
import { describeError } from '../platform.js';
import { keyFingerprint } from '../record/fingerprint.js';
import { recordFailure } from './failures.js';
import { saveAfterWriting, saveBeforeCreating, saveBeforeWriting } from '../record/record-writes.js';
import { identityOf } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';
import { keepRunLease } from './lease-points.js';
import type { CreatedKey } from './revocation.js';
import { countNoun } from '@keyturn/api/toolkit';
import { probe } from '../internal/probes.js';

const listed = (ctx: RotationContext) => ctx.targets.map((t) => ({ identity: identityOf(t), spec: t.describe() }));

/**
 * Before the key is created: the record names every listed target (and a rebuilt record takes the
 * unreadable one's place). Fails the run, with nothing made, when it cannot be saved.
 */
export async function recordBeforeCreating(ctx: RotationContext): Promise<void> {
  const store = ctx.recordStore;
  if (!store || ctx.dryRun) return;
  if (!(await keepRunLease(ctx))) {
    ctx.fail({
      code: 'concurrent-rotation',
      step: 'create',
      summary: 'The lease of this secret lapsed before the key was made, and another run took it over',
      advice: 'Nothing was made and no secret was changed: that run rotates the secret. Run again if it fails.',
    });
  }
  try {
    const saved = await saveBeforeCreating(store, ctx.record, listed(ctx));
    if (saved)
      ctx.log(
        'create',
        `Recorded in ${store.describe()} that family ${ctx.family} serves ${ctx.targets.map((t) => t.describe()).join(', ')}, ` +
          `before making its key`,
      );
  } catch (error) {
    ctx.fail(recordFailure('create', 'Before making the key: ', error, 'No key was made and no secret was changed.'));
  }
}

/** Before the first secret write: every target may hold the new key too. Throws the store's error. */
export async function recordBeforeWriting(ctx: RotationContext, created: CreatedKey): Promise<void> {
  const store = ctx.recordStore;
  if (!store) return;
  if (!(await keepRunLease(ctx)))
    throw new Error('the lease of this secret lapsed before the first secret write, and another run took it over');
  ctx.log(
    'store',
    `Recording in ${store.describe()} that ${countNoun(ctx.targets.length, 'target')} may hold key ${created.id}, before writing them`,
  );
  await saveBeforeWriting(store, ctx.record, listed(ctx), { id: created.id, fingerprint: keyFingerprint(created.key) });
}

/** Once every listed target holds the new key; a failure is a warning (the record over-approximates). */
export async function recordAfterWriting(ctx: RotationContext, keyId: number): Promise<void> {
  const store = ctx.recordStore;
  if (!store) return;
  try {
    const deadline = ctx.revokeAfterMs === undefined ? undefined : { now: ctx.now(), revokeAfterMs: ctx.revokeAfterMs };
    await saveAfterWriting(store, ctx.record, listed(ctx), keyId, deadline, ctx.awaitingDeploy);
    ctx.log('revoke', `Recorded in ${store.describe()} that the targets hold key ${keyId}`);
  } catch (error) {
    // The record still names more keys than the targets hold: never fewer. The next run narrows it,
    // but forgets a retired target it still names only if that run retires it too (seed 799433661).
    const stillNamed = ctx.record.retired
      .filter((identity) => Object.hasOwn(ctx.record.record.targets, identity))
      .map((id) => specOf(ctx, id));
    probe('record-not-narrowed');
    ctx.notice('revoke', {
      code: 'record-not-narrowed',
      error: describeError(error),
      retired: stillNamed,
      actions: stillNamed.length ? [{ do: 'keep-in-retire-targets', targets: stillNamed }] : [{ do: 'run-again' }],
    });
  }
}
