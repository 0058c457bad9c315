// revokeAfter for another family's keys: a run that takes over a target of another family's record
// supersedes the key that target held, as a rotation supersedes its own family's (seed 510000387); so
// does one that retires that record's last targets, as retiring its own family's targets does (a job
// that read the secret before it was deleted may still use the key: seeds 600002245, 600006689).
// Each such key gets its deadline in that record, which stays (naming no target) until a run at or
// after the deadline settles it; a leaked key and one named in revokeKeyIds go at once, as ever.

import type { RevocationDue } from '../clock/deadlines.js';
import type { OtherFamilySettlement } from './revocation-plan.js';
import { isOfKind, type OtherFamily } from '../record/other-family-plan.js';
import type { KeyEntry } from '../family-members.js';
import type { RotationContext } from './context.js';
import type { TargetRecord } from '../record/target-record.js';
import { namedKeyIds } from '../record/record-plan.js';
import { describeError, type PlatformKey } from '../platform.js';
import { revokeIfLive } from './revocation.js';

/**
 * The keys of `settlement.revoke` that wait for their deadline. Sets the deadlines of the keys this
 * run superseded (a target taken over, or retired) in `other.record`, which the caller saves.
 */
export function otherKeysWaiting(ctx: RotationContext, other: OtherFamily, settlement: OtherFamilySettlement): KeyEntry[] {
  const goNow = new Set([...ctx.revokeKeyIds, ...(ctx.leak?.keyIds ?? [])]);
  const now = ctx.now().getTime();
  if (ctx.revokeAfterMs !== undefined && (other.takenOver.length || other.retired.length)) {
    const at = new Date(now + ctx.revokeAfterMs).toISOString();
    const due = { ...other.record.due };
    for (const key of settlement.revoke) if (!goNow.has(key.id)) due[key.id] ??= at;
    other.record = { ...other.record, due };
  }
  const due = other.record.due ?? {};
  return settlement.revoke.filter((key) => !goNow.has(key.id) && due[key.id] !== undefined && Date.parse(due[key.id]!) > now);
}

/** The waiting keys, for report.revocationsDue. */
export function otherRevocationsDue(other: Pick<OtherFamily, 'record'>, waiting: readonly KeyEntry[]): RevocationDue[] {
  return waiting.map((key) => ({ keyId: key.id, keyName: key.name, dueAt: other.record.due![key.id]! }));
}

/**
 * The idle run of the clock settles what a full run would: another family's record of this secret
 * left naming no target, whose keys' deadlines have passed. Those keys are revoked (never one the
 * run authenticates with), and the record deleted once none it names is live; else it stays for a
 * later run. A failure is left to the next run, named in a notice.
 */
export async function settleDueOthers(
  ctx: RotationContext,
  keys: readonly PlatformKey[],
  records: readonly TargetRecord[],
  authenticating: (record: TargetRecord) => ReadonlySet<number>,
  keyKind: string,
): Promise<void> {
  const now = ctx.now().getTime();
  const secret = ctx.secretName.toUpperCase();
  const store = ctx.recordStore;
  const waiting = records.filter(
    // Of the run's kind only: another kind's keys are not in the listing, so none could be told live.
    (r) =>
      r.family !== ctx.family &&
      isOfKind(r, keyKind) &&
      r.secretName.toUpperCase() === secret &&
      !Object.keys(r.targets).length &&
      r.due !== undefined,
  );
  for (const other of waiting) {
    const live = keys.filter((k) => namedKeyIds(other).includes(k.id) && !ctx.report.revokedKeyIds.includes(k.id));
    const due = live.filter(
      (k) => other.due?.[k.id] !== undefined && Date.parse(other.due[k.id]!) <= now && !authenticating(other).has(k.id),
    );
    try {
      for (const key of due) {
        await revokeIfLive(ctx.forward, key.id);
        ctx.report.revokedKeyIds.push(key.id);
        ctx.log(
          'revoke',
          `Revoked key ${key.id} (${key.name}) of family ${other.family}: superseded, its deadline ${other.due?.[key.id]} passed`,
        );
      }
      const pending = live.filter((k) => !due.includes(k) && other.due?.[k.id] !== undefined);
      if (pending.length)
        ctx.report.revocationsDue = [...(ctx.report.revocationsDue ?? []), ...otherRevocationsDue({ record: other }, pending)];
      if (store && due.length === live.length) await store.remove(other);
    } catch (error) {
      ctx.notice('revoke', {
        code: 'other-family-settle-failed',
        family: other.family,
        error: describeError(error),
        secretName: ctx.secretName,
        actions: [{ do: 'run-again' }],
      });
    }
  }
}
