// At the start of a run (before the keys are listed): a stuck family makes no key. The run reads the
// records (one listing, which the preflight then uses), and when its family's record holds the stuck
// mark it calls the person (the issue, once a day: one more request) and fails with code `stuck`.
// With `acknowledge`, it clears the mark under the lease instead, and the run goes on.

import { renderNotice } from '../notices/render.js';
import { recordFailure } from '../protocol/failures.js';
import { mintAppTokens } from '../protocol/app-tokens.js';
import type { RotationContext } from '../protocol/context.js';
import { releaseRunLease, takeRunLease } from '../protocol/lease-points.js';
import { keyKindLabel } from '../key-kind/key-kind.js';
import type { TargetRecord } from '../record/target-record.js';
import { identityOf } from '../targets/secret-target.js';
import { callPerson } from './call-person.js';

/** The record of the run's family among `records`: the pinned family's, else one naming a listed target (a stuck one first). */
export function familyRecord(ctx: RotationContext, records: readonly TargetRecord[]): TargetRecord | undefined {
  const kind = keyKindLabel(ctx.keyScope.keyKind);
  const identities = new Set(ctx.targets.map(identityOf));
  const ours = records.filter(
    (r) =>
      r.keyKind === kind &&
      (ctx.pinnedFamily
        ? r.family === ctx.pinnedFamily
        : r.secretName === ctx.secretName && Object.keys(r.targets).some((id) => identities.has(id))),
  );
  return ours.find((r) => r.stuck) ?? ours.find((r) => r.recovered) ?? ours[0];
}

/** Fails the run with code `stuck` when its family is stuck (unless `acknowledge` clears the mark). */
export async function checkStuck(ctx: RotationContext): Promise<void> {
  const store = ctx.recordStore;
  if (!store || ctx.dryRun) return;
  await mintAppTokens(ctx);
  try {
    ctx.preloadedRecords = await store.load();
  } catch (error) {
    ctx.preloadFailure = { error }; // the preflight fails with it, after its own checks, as it would have
    return;
  }
  const record = familyRecord(ctx, ctx.preloadedRecords.records);
  if (record?.recovered) ctx.recovered = { family: record.family, ...record.recovered };
  const stuck = record?.stuck;
  if (!record || !stuck) return;
  if (ctx.acknowledge) return acknowledge(ctx, record.family);
  ctx.family = record.family;
  ctx.report.family = record.family;
  const reason = stuck.notice.code;
  ctx.notice('preflight', {
    code: 'stuck',
    family: record.family,
    reason,
    since: stuck.since,
    ...(stuck.runUrl && { runUrl: stuck.runUrl }),
    actions: [{ do: 'acknowledge' }],
  });
  await callPerson(ctx, 'preflight', record.family, stuck, 'still');
  ctx.fail({
    code: 'stuck',
    step: 'preflight',
    summary: `Family ${record.family} is stuck since ${stuck.since} (${reason}): only a person can help, so this run made no key`,
    advice: `${renderNotice(stuck.notice)} Then run once with \`acknowledge\`: true.`,
    actions: [{ do: 'acknowledge' }, ...stuck.notice.actions.filter((a) => a.do !== 'acknowledge')],
  });
}

/**
 * Clears the family's stuck mark, under its lease, remembering the acknowledgement (`recovered`) so
 * that the first run to succeed closes the issue; the records are read again by the preflight.
 */
export async function acknowledge(ctx: RotationContext, family: string): Promise<void> {
  const store = ctx.recordStore;
  if (!store) return;
  await takeRunLease(ctx);
  try {
    const { records } = await store.load();
    const record = records.find((r) => r.family === family && r.stuck);
    if (!record?.stuck) return;
    const { stuck, failures: _, ...rest } = record;
    const recovered = { reason: stuck.notice.code, since: stuck.since };
    await store.save({ ...rest, recovered });
    ctx.recovered = { family, ...recovered };
    ctx.notice('preflight', { code: 'stuck-acknowledged', family, ...recovered, actions: [] });
  } catch (error) {
    ctx.fail(recordFailure('preflight', `Acknowledging family ${family}: `, error, 'The family is still stuck.'));
  } finally {
    ctx.preloadedRecords = undefined;
    await releaseRunLease(ctx);
  }
}
