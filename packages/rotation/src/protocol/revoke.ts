// Step 5, with the new key (proving it once more): revoke the family's keys older than the newest
// `keep` and the ids named in revokeKeyIds, but only keys the preflight listed. A listed key can
// still be in use by a run that is writing it (it was created before this run's preflight): that run
// lists the keys before each later write and stops once this run's key exists. If any family key
// appeared during this run, a concurrent rotation is running and may be writing the previous key
// back: nothing is revoked, and the next run finishes the job. Every target holds the new key by
// now, so a failure here leaves nobody locked out (I3).

import { isManagingKeyFailure } from '../key-kind/managing-key.js';
import { notLiveWords } from '../key-kind/words.js';
import { option } from '../option-names.js';
import { describeError, type PlatformKey, platformAdvice, rotatedKeyRefused } from '../platform.js';
import { aborted, type RotationContext } from './context.js';
import { type CreatedKey, type RevokeOutcome, revokeIfLive } from './revocation.js';
import { variableOf } from '../record/github-variables.js';
import { namedKeyIds, type RecordPlan } from '../record/record-plan.js';
import { familyMembers } from '../family-members.js';
import { specOf } from './given-spec.js';
import { recordFacts } from './record-preflight.js';
import { nameOtherSecretKeys } from './renamed-secret-notices.js';
import { recordAfterWriting } from './record-points.js';
import { keepRunLease } from './lease-points.js';
import { keysInUseByDeployments, previousStillHeld } from './deployments.js';
import {
  isNewerKey,
  type KeyEntry,
  type OtherFamilySettlement,
  selectOtherFamilyRevocations,
  selectRevocations,
} from './revocation-plan.js';
import type { VerifiedKey } from './verify.js';
import { revocationsDue, waitsForDeadline } from '../clock/deadlines.js';
import { probe } from '../internal/probes.js';
import { otherKeysWaiting, otherRevocationsDue } from './other-family-deadlines.js';

const RERUN =
  'Every target holds the new key and works. Run again later (the next rotation revokes what is left) or revoke the keys in the ' +
  'platform console.';

/**
 * I3: a family key the preflight did not list (ctx.listedBefore) is never revoked here; I1: nor one
 * a dropped target may hold (the target record, I5).
 */
export async function revokeOldKeys(ctx: RotationContext, created: CreatedKey, verified: VerifiedKey): Promise<void> {
  // Every request here moves the run forward: the caller's signal aborts it.
  const newClient = verified.forward;
  const previousIds = previousStillHeld(ctx);
  await recordAfterWriting(ctx, created.id);
  ctx.log('revoke', `Listing keys with the new key ${created.id} to choose the keys to revoke`);
  let keys: PlatformKey[] = [];
  try {
    keys = await newClient.apiKeys.list();
  } catch (error) {
    const refused = rotatedKeyRefused(error);
    const advice = refused
      ? `The platform refused the new key ${created.id}: a concurrent rotation may have revoked it. The targets this run wrote ` +
        `(${ctx.report.targets.join(', ')}) may hold a revoked key; a run started with a working key rewrites them. If the ` +
        `secret ${ctx.secretName} holds no working key, make a key in the platform console, put it in the secret, then run ` +
        `with ${option('revokeKeyIds')} naming the old key's id.`
      : managingKeyTrouble(ctx, error);
    ctx.fail({
      code: refused ? 'concurrent-rotation' : 'revoke-failed',
      step: 'revoke',
      summary: `Listing keys with the new key ${created.id} failed: ${describeError(error)}`,
      advice,
      cause: error,
    });
  }
  const newKey = keys.find((k) => k.id === created.id) ?? {
    id: created.id,
    name: created.name,
    created_at: created.created_at ?? ctx.now().toISOString(),
  };
  const selection = selectRevocations({
    keys,
    family: ctx.family,
    keep: ctx.keep,
    newKey,
    revokeKeyIds: ctx.revokeKeyIds,
    listedBefore: ctx.listedBefore,
    ...recordFacts(ctx),
    previousIds,
    deployedIds: keysInUseByDeployments(ctx),
  });
  holdUntilDue(ctx, selection, keys);
  if (selection.keptBeyondKeep.length) warnKeptBeyondKeep(ctx, selection.keptBeyondKeep);
  for (const id of selection.notLive) ctx.log('revoke', notLiveWords(ctx.keyScope, id));
  for (const { id, reason } of selection.skipped)
    ctx.notice('revoke', { code: 'revoke-key-id-skipped', keyIds: [id], reason, actions: [] });
  for (const key of selection.appeared) warnAppeared(ctx, key, newKey);
  // The lease lapsed and another run holds it now: it may be writing, so this run revokes nothing.
  if (!(await keepRunLease(ctx))) {
    probe('lease-lost-before-revoking');
    ctx.notice('revoke', { code: 'lease-lapsed', secretName: ctx.secretName, actions: [] });
    return;
  }
  // I3, I6: a concurrent rotation may be writing one of the listed keys back: revoke none of them.
  if (selection.appeared.length) {
    probe('family-key-appeared');
    const planned = selection.revoke.map((k) => k.id);
    ctx.notice('revoke', { code: 'concurrent-rotation', secretName: ctx.secretName, keyIds: planned, actions: [{ do: 'run-again' }] });
    // Forgetting a retired or taken-over target is safe all the same: done now, or no later run would (README, retire-targets: "at that
    // run").
    await settleOtherFamilies(ctx, newClient, keys, { revoke: false });
    return;
  }

  await settleOtherFamilies(ctx, newClient, keys, { revoke: true });
  const failures: string[] = [];
  let firstError: unknown;
  for (const [index, key] of selection.revoke.entries()) {
    if (aborted(ctx)) abortedRevoking(ctx, selection.revoke.slice(index));
    let outcome: RevokeOutcome;
    try {
      outcome = await revokeIfLive(newClient, key.id);
    } catch (error) {
      failures.push(`${key.id} (${describeError(error)})`);
      firstError ??= error;
      continue;
    }
    ctx.report.revokedKeyIds.push(key.id);
    ctx.log(
      'revoke',
      outcome === 'already-gone' ? `Key ${key.id} (${key.name}) was already revoked` : `Revoked key ${key.id} (${key.name})`,
    );
  }
  if (failures.length) {
    ctx.fail({
      code: 'revoke-failed',
      step: 'revoke',
      summary: `Revoking key${failures.length > 1 ? 's' : ''} ${failures.join('; ')} failed`,
      advice: managingKeyTrouble(ctx, firstError),
      cause: firstError,
    });
  }
  if (!selection.revoke.length) ctx.log('revoke', 'No key to revoke');
}

/**
 * revokeAfter: a key `keep` lets go stays valid until its deadline (the later of the two wins); a
 * leaked key or one named in revokeKeyIds goes now. What stays is in report.revocationsDue.
 */
function holdUntilDue(ctx: RotationContext, selection: ReturnType<typeof selectRevocations>, keys: readonly PlatformKey[]): void {
  const record = ctx.record.record;
  const now = ctx.now();
  const leaked = new Set(ctx.leak?.keyIds ?? []);
  const waiting = selection.revoke.filter(
    (k) => !leaked.has(k.id) && !ctx.revokeKeyIds.includes(k.id) && waitsForDeadline(record, k, now, ctx.revokeAfterMs),
  );
  selection.revoke = selection.revoke.filter((k) => !waiting.includes(k));
  if (waiting.length) probe('deadline-waited');
  if (selection.revoke.some((k) => record.due?.[k.id] !== undefined)) probe('deadline-revoked');
  for (const key of waiting)
    ctx.log(
      'revoke',
      `Key ${key.id} (${key.name}) stays valid until its deadline ${record.due?.[key.id] ?? '(set by the next run that records it)'}`,
    );
  // Said once the run has deadlines to tell of (revokeAfter, or a record that keeps one).
  if (ctx.revokeAfterMs !== undefined || Object.keys(record.due ?? {}).length) {
    ctx.report.revocationsDue = revocationsDue(
      record,
      keys,
      selection.revoke.map((k) => k.id),
    );
  }
}

/**
 * Once every listed target holds the new key (I5): other families' records forget the targets this
 * run took over or retired; one left naming none has its keys revoked (those the revocation plan
 * picks), then is deleted. Saved first as a tombstone, so a run stopped halfway leaves the rest to
 * the next. A family of another kind of key stays a tombstone: the preflight names its keys.
 */
async function settleOtherFamilies(
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

/** A failure of the managing key is said as such (fix its secret); any other: run again later. */
function managingKeyTrouble(ctx: RotationContext, error: unknown): string {
  if (!isManagingKeyFailure(error)) return RERUN;
  return `Every target holds the new key and works. ${platformAdvice(error, ctx.secretName, false, ctx.keyScope)}`;
}

/** Every target holds the new key (I1): an abort leaves the old keys for the next run. */
function abortedRevoking(ctx: RotationContext, left: readonly KeyEntry[]): never {
  return ctx.fail({
    code: 'aborted',
    step: 'revoke',
    summary: `The run was aborted before revoking key${left.length > 1 ? 's' : ''} ${left.map((k) => k.id).join(', ')}`,
    advice: RERUN,
  });
}

/** keep counts the previous key once; when the run cannot tell which key that was, it keeps every candidate. */
function warnKeptBeyondKeep(ctx: RotationContext, kept: readonly KeyEntry[]): void {
  probe('kept-beyond-keep');
  ctx.notice('revoke', {
    code: 'kept-beyond-keep',
    keyIds: kept.map((k) => k.id),
    keyNames: kept.map((k) => k.name),
    keep: ctx.keep,
    recorded: ctx.record.known,
    actions: [],
  });
}

/** A family key made during the run is another rotation's: a target may hold it, or soon will. */
function warnAppeared(ctx: RotationContext, key: KeyEntry, newKey: KeyEntry): void {
  const newer = isNewerKey(key, newKey);
  ctx.notice('revoke', {
    code: 'appeared',
    keyIds: [key.id],
    keyNames: [key.name],
    newer,
    newKeyId: newKey.id,
    secretName: ctx.secretName,
    actions: newer ? [{ do: 'serialize-rotations' }] : [],
  });
}
