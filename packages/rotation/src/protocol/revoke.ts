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
import { recordFacts } from './record-preflight.js';
import { recordAfterWriting } from './record-points.js';
import { settleOtherFamilies } from './settle-other-families.js';
import { keepRunLease } from './lease-points.js';
import { keysInUseByDeployments, previousStillHeld } from './deployments.js';
import { isNewerKey, type KeyEntry, selectRevocations } from './revocation-plan.js';
import type { VerifiedKey } from './verify.js';
import { revocationsDue, waitsForDeadline } from '../clock/deadlines.js';
import { probe } from '../internal/probes.js';

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
