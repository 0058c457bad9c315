// Settling other families once every listed target holds the new key: their records forget the
// targets this run took over or retired, and one left naming none has its keys revoked (revoke.ts calls it).

import { describeError, type PlatformKey } from '../platform.js';
import { aborted, type RotationContext } from './context.js';
import { revokeIfLive } from './revocation.js';
import { variableOf } from '../record/github-variables.js';
import { namedKeyIds, type RecordPlan } from '../record/record-plan.js';
import { familyMembers } from '../family-members.js';
import { specOf } from './given-spec.js';
import { nameOtherSecretKeys } from './renamed-secret-notices.js';
import { type KeyEntry, type OtherFamilySettlement, selectOtherFamilyRevocations } from './revocation-plan.js';
import type { VerifiedKey } from './verify.js';
import { probe } from '../internal/probes.js';
import { otherKeysWaiting, otherRevocationsDue } from './other-family-deadlines.js';

/**
 * Once every listed target holds the new key (I5): other families' records forget the targets this
 * run took over or retired; one left naming none has its keys revoked (those the revocation plan
 * picks), then is deleted. Saved first as a tombstone, so a run stopped halfway leaves the rest to
 * the next. A family of another kind of key stays a tombstone: the preflight names its keys.
 */
export async function settleOtherFamilies(
  ctx: RotationContext,
  client: VerifiedKey['forward'],
  keys: readonly PlatformKey[],
  how: { revoke: boolean },
): Promise<void> {
  const store = ctx.recordStore;
  const others = ctx.record.otherFamilies;
  if (!store || !others.length) return;
  const settlements = selectOtherFamilyRevocations({
    // A rebuilt key named in revokeKeyIds is the user's word that no target holds it (README): no longer protected.
    others: others.map((o) => ({
      family: o.record.family,
      sameKind: o.sameKind,
      empty: o.empty,
      ids: namedKeyIds(o.record),
      goneOnly: o.goneOnly,
      rebuilt: o.record.rebuilt.filter((id) => !ctx.revokeKeyIds.includes(id)),
    })),
    keys,
    family: ctx.family,
    heldIds: heldByTargets(ctx),
    protectedIds: ctx.record.protectedIds,
    listedBefore: ctx.listedBefore,
  });
  for (const other of others) {
    const { family } = other.record;
    // An abort leaves the rest to the next run: the tombstone, once saved, says what is left (I4).
    if (aborted(ctx)) return;
    // By kind too: a family may keep a record of each kind (a switched kind of key), settled apart.
    const settlement = settlements.find((s) => s.family === family && s.sameKind === other.sameKind);
    let tombstoneSaved = false;
    try {
      const forgotten = [...other.takenOver, ...other.retired, ...(other.otherSecret?.gone ?? [])];
      const waiting = settlement && other.sameKind && how.revoke ? otherKeysWaiting(ctx, other, settlement) : [];
      if (forgotten.length || waiting.length) await store.save(other.record);
      tombstoneSaved = true;
      if (!settlement || !other.sameKind || !how.revoke) {
        if (forgotten.length) ctx.log('revoke', `The record of family ${family} forgets ${forgotten.join(', ')}`);
        // Unsettled now, a renamed secret's keys held only where it is gone are named, as the preflight names the rest.
        const unsettled = settlement && other.goneOnly && !how.revoke ? [...settlement.revoke, ...settlement.staying].map((k) => k.id) : [];
        if (unsettled.length) nameOtherSecretKeys(ctx, other, unsettled);
        continue;
      }
      if (settlement.deferred.length) {
        probe('other-family-kept');
        ctx.notice('revoke', {
          code: 'other-family-deferred',
          family,
          secretName: ctx.secretName,
          ...staying(settlement, settlement.deferred),
          actions: [{ do: 'run-again' }],
        });
        continue;
      }
      if (settlement.heldHere.length) {
        probe('other-family-kept');
        const dropped = ctx.report.droppedTargets ?? [];
        ctx.notice('revoke', {
          code: 'other-family-held-here',
          family,
          runFamily: ctx.family,
          secretName: ctx.secretName,
          ...staying(settlement, settlement.heldHere),
          actions: dropped.length ? [{ do: 'retire-or-relist', targets: dropped }] : [{ do: 'run-again' }],
        });
        continue;
      }
      if (settlement.rebuilt.length) {
        probe('other-family-kept');
        const kept = staying(settlement, settlement.rebuilt);
        ctx.notice('revoke', {
          code: 'other-family-rebuilt-kept',
          family,
          ...kept,
          actions: [{ do: 'name-in-revoke-key-ids', keyIds: kept.keyIds }],
        });
        continue;
      }
      // A 404 to revoking a key the listing showed live proves nothing: the record, its only pointer, stays for the next run.
      const unconfirmed: KeyEntry[] = [];
      for (const key of settlement.revoke) {
        // Named in revokeKeyIds: the run's own revocations revoke it, once. One before its deadline waits.
        if (ctx.revokeKeyIds.includes(key.id) || waiting.includes(key)) continue;
        if ((await revokeIfLive(client, key.id)) === 'already-gone') {
          unconfirmed.push(key);
          continue;
        }
        ctx.report.revokedKeyIds.push(key.id);
        ctx.log('revoke', `Revoked key ${key.id} (${key.name}) of family ${family}: no target holds it any more`);
      }
      if (unconfirmed.length) {
        probe('other-family-kept');
        ctx.notice('revoke', {
          code: 'revoke-unconfirmed',
          family,
          secretName: ctx.secretName,
          keyIds: unconfirmed.map((k) => k.id),
          keyNames: unconfirmed.map((k) => k.name),
          actions: [{ do: 'run-again' }],
        });
        continue;
      }
      if (waiting.length) {
        ctx.report.revocationsDue = [...(ctx.report.revocationsDue ?? []), ...otherRevocationsDue(other, waiting)];
        ctx.log('revoke', `The record of family ${family} stays until its keys' deadlines: ${waiting.map((k) => k.id).join(', ')}`);
        continue;
      }
      // A renamed secret's record that still names targets stays: only its keys held where the secret is gone went.
      if (!other.empty) continue;
      await store.remove(other.record);
      probe('other-family-settled');
      ctx.log('revoke', `Deleted the record of family ${family} (${variableOf(other.record)}): no target holds its keys`);
    } catch (error) {
      // Unsaved, the record still names the retired targets: only a run that retires them again
      // settles it, so the words say so, as for a record that still names targets (seed 9923);
      // so too a renamed secret's record at retired targets where that secret is gone (seed 1580275210).
      const retiredHere = new Set(ctx.retire.map((r) => r.identity));
      const retired = tombstoneSaved
        ? []
        : [...new Set([...other.retired, ...(other.otherSecret?.gone ?? []).filter((id) => retiredHere.has(id))])];
      if (!other.empty || retired.length > 0) {
        warnNotForgotten(ctx, other, keys, error, retired);
        continue;
      }
      ctx.notice('revoke', {
        code: 'other-family-settle-failed',
        family,
        error: describeError(error),
        secretName: ctx.secretName,
        actions: [{ do: 'run-again' }],
      });
    }
  }
}

/**
 * The keys a notice is about, and the family's other live keys, which stay valid with its record
 * while they do: named too, so none is left silently valid (issue 22, item 5; simulator seed 1873176435).
 */
function staying(settlement: OtherFamilySettlement, named: readonly KeyEntry[]): { keyIds: number[]; alsoValid: number[] } {
  return {
    keyIds: named.map((k) => k.id),
    alsoValid: settlement.staying.filter((k) => !named.some((n) => n.id === k.id)).map((k) => k.id),
  };
}

/**
 * Another family's record that still names targets could not forget the retired ones: a later run
 * must (README, retire-targets), so the words name them, and the family's live keys stay valid.
 */
function warnNotForgotten(
  ctx: RotationContext,
  other: RecordPlan['otherFamilies'][number],
  keys: readonly PlatformKey[],
  error: unknown,
  retired: readonly string[],
): void {
  const { family } = other.record;
  const named = namedKeyIds(other.record);
  // Keys of another kind are not in the listing: each the record names may be live.
  const live = other.sameKind ? keys.filter((k) => named.includes(k.id) || familyMembers([k], family).length > 0).map((k) => k.id) : named;
  const targets = [...new Set([...other.takenOver, ...other.retired, ...(other.otherSecret?.gone ?? [])])].map((id) => specOf(ctx, id));
  // As the user writes them in retire-targets (an identity may read otherwise: seed 300002471).
  const keep = retired.map((id) => specOf(ctx, id));
  ctx.notice('revoke', {
    code: 'other-family-not-forgotten',
    family,
    targets,
    error: describeError(error),
    keyIds: live,
    retired: keep,
    actions: keep.length ? [{ do: 'keep-in-retire-targets', targets: keep }] : [{ do: 'run-again' }],
  });
}

/**
 * Keys the run's targets may hold, by its record (and the rebuilt ones, which a lost record's
 * targets may, unless named in revokeKeyIds: the user's word that no target holds it).
 */
function heldByTargets(ctx: RotationContext): Set<number> {
  const { record } = ctx.record;
  const rebuilt = record.rebuilt.filter((id) => !ctx.revokeKeyIds.includes(id));
  return new Set([...rebuilt, ...Object.values(record.targets).flatMap((entry) => entry.keyIds)]);
}
