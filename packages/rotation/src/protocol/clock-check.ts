// Rotation by the clock (rotateEvery): before anything else, a run whose family's key, held by every
// target, is younger than rotateEvery rotates nothing. It reads the record and lists the keys (the
// listing it needs anyway), then stops: no GET /auth, no target read, no lease (it writes nothing to
// the targets or the record). It still revokes the superseded keys whose deadline (revokeAfter) has
// passed, which costs their revocations. Anything unusual (no record, an unfinished run's marks, a
// target the record does not show holding the key, a key to revoke by name, a leak) makes it a full run.

import { type RevocationDue, revocationsDue, waitsForDeadline } from '../clock/deadlines.js';
import { formatClockDuration } from '../clock/duration.js';
import { familyMembers, type KeyEntry } from '../family-members.js';
import { describeError, type PlatformKey, platformAdvice } from '../platform.js';
import { keyFingerprint } from '../record/fingerprint.js';
import { blockingRecords } from '../record/record-plan.js';
import type { TargetRecord } from '../record/target-record.js';
import { identityOf } from '../targets/secret-target.js';
import { probe } from '../internal/probes.js';
import { settleDueOthers } from './other-family-deadlines.js';
import { mintAppTokens } from './app-tokens.js';
import type { RotationContext } from './context.js';
import { chooseFamily } from './family-choice.js';
import { keyKindLabel } from '../key-kind/key-kind.js';
import { warnDropped } from './dropped-target-notices.js';
import { warnUnreadable } from './unreadable-records.js';
import { revokeIfLive } from './revocation.js';
import { selectRevocations } from './revocation-plan.js';
import { type AwaitedTarget, askServing, awaitingTargets, keysTargetsMayHold, noteAwaited } from './idle-deployments.js';

/** Why a run rotated nothing (report.idle): the key the targets hold is younger than rotateEvery. */
export interface NotDue {
  reason: 'not-due';
  /** The key every target holds, and when the platform made it. */
  keyId: number;
  keyName: string;
  createdAt: string;
  /** rotateEvery, as `7d`. */
  rotateEvery: string;
  /** ISO 8601: the first run at or after it rotates. */
  rotateAt: string;
}

/** A run the clock made a no-op: what it found, and the record it read. */
export interface IdleRun {
  notDue: NotDue;
  record: TargetRecord;
  held: KeyEntry;
  /** The listed targets whose deployments may still use an older key, and what serves there now. */
  awaited: AwaitedTarget[];
}

/** The idle run, when rotateEvery says the key is not due; undefined when the run goes on. */
export async function checkClock(ctx: RotationContext, keys: PlatformKey[]): Promise<IdleRun | undefined> {
  const store = ctx.recordStore;
  if (ctx.rotateEveryMs === undefined || !store || ctx.dryRun) return undefined;
  if (ctx.leakedKey || ctx.alsoLeaked.length || ctx.rebuildRecord || ctx.retire.length) return undefined;
  // A key named to revoke that is still live: the user asks for a revocation a full run makes.
  if (ctx.revokeKeyIds.some((id) => keys.some((k) => k.id === id))) return undefined;
  await mintAppTokens(ctx);
  if (ctx.preloadFailure) return undefined; // the full run says why the records could not be read
  try {
    ctx.preloadedRecords ??= await store.load();
  } catch {
    return undefined; // the full run reads it again, and says why it cannot
  }
  const loaded = ctx.preloadedRecords;
  const keyKind = keyKindLabel(ctx.keyScope.keyKind);
  let choice: ReturnType<typeof chooseFamily>;
  try {
    choice = chooseFamily(ctx, loaded.records, keys, keyKind);
  } catch {
    return undefined;
  }
  const { record } = choice;
  // An acknowledged family (`recovered`) rotates at once: its first success closes the issue.
  if (
    !record ||
    record.creatingAbove !== undefined ||
    record.recovered ||
    blockingRecords(loaded.unreadable, choice.family, keyKind, choice.derived).length
  )
    return undefined;
  const held = keys.find((k) => k.id === record.held[0]);
  // A newer family key is an unfinished run's (or a concurrent one's): a full run settles it.
  if (!held || familyMembers(keys, choice.family)[0]?.id !== held.id) return undefined;
  // Every target holds the key, or awaits only the user's deploy of it (asked after the clock: a due run needs no answer).
  const awaiting = awaitingTargets(ctx, record, held.id, keys);
  if (!awaiting) return undefined;
  const rotateAt = Date.parse(held.created_at) + ctx.rotateEveryMs;
  if (!(ctx.now().getTime() < rotateAt)) {
    probe('clock-due');
    return undefined;
  }
  const awaited = await askServing(awaiting);
  if (!awaited) return undefined;
  probe('clock-not-due');

  ctx.family = choice.family;
  ctx.report.family = choice.family;
  const notDue: NotDue = {
    reason: 'not-due',
    keyId: held.id,
    keyName: held.name,
    createdAt: held.created_at,
    rotateEvery: formatClockDuration(ctx.rotateEveryMs),
    rotateAt: new Date(rotateAt).toISOString(),
  };
  ctx.log(
    'preflight',
    `Key ${held.id} (${held.name}), held by every target, was made at ${held.created_at}: younger than ${notDue.rotateEvery}, ` +
      `so this run rotates nothing (the next rotation is due at ${notDue.rotateAt})`,
  );
  // A dropped target is said every run, idle or not; so is another family's record that cannot be read (seed 500000407).
  for (const other of loaded.unreadable.filter((u) => !u.misplaced)) warnUnreadable(ctx, other);
  const listed = new Set(ctx.targets.map(identityOf));
  for (const [identity, entry] of Object.entries(record.targets))
    if (!listed.has(identity)) warnDropped(ctx, { identity, spec: entry.spec, keyIds: entry.keyIds }, keys);
  noteAwaited(ctx, awaited);
  return { notDue, record, held, awaited };
}

/**
 * The idle run's revocations: the family's superseded keys whose deadline has passed, that `keep`
 * lets go and that no target of the record (dropped ones included) may hold; never the key the run
 * holds or manages with. Revoked with the current key; nothing is written to the record (the next
 * write prunes the revoked ids). Sets report.revokedKeyIds and report.revocationsDue.
 */
export async function revokeDueKeys(ctx: RotationContext, keys: PlatformKey[], idle: IdleRun): Promise<void> {
  const { record, held } = idle;
  const now = ctx.now();
  const heldByTargets = keysTargetsMayHold(record, held.id, idle.awaited);
  const selection = selectRevocations({
    keys,
    family: ctx.family,
    keep: ctx.keep,
    newKey: held,
    revokeKeyIds: [],
    protectedIds: heldByTargets,
    rebuiltIds: new Set(record.rebuilt),
    previousIds: [],
    historyIds: record.held,
    recorded: true,
    authenticatingIds: authenticatingIds(ctx, record),
  });
  const due = selection.revoke.filter(
    (key) => record.due?.[key.id] !== undefined && !waitsForDeadline(record, key, now, ctx.revokeAfterMs),
  );
  for (const key of due) {
    try {
      const outcome = await revokeIfLive(ctx.forward, key.id);
      probe('deadline-revoked');
      ctx.report.revokedKeyIds.push(key.id);
      ctx.log(
        'revoke',
        `${outcome === 'already-gone' ? 'Already revoked' : 'Revoked'}: key ${key.id} (${key.name}), superseded, its ` +
          `deadline ${record.due?.[key.id]} passed`,
      );
    } catch (error) {
      ctx.report.revocationsDue = pendingOf(record, keys, ctx);
      ctx.fail({
        code: 'revoke-failed',
        step: 'revoke',
        summary: `Revoking key ${key.id} (${key.name}), whose deadline passed, failed: ${describeError(error)}`,
        advice: `${platformAdvice(error, ctx.secretName, false, ctx.keyScope)} No target holds it: the next run revokes it.`,
        cause: error,
      });
    }
  }
  ctx.report.revocationsDue = pendingOf(record, keys, ctx);
  const authenticating = (other: TargetRecord) => authenticatingIds(ctx, other);
  await settleDueOthers(ctx, keys, ctx.preloadedRecords?.records ?? [], authenticating, keyKindLabel(ctx.keyScope.keyKind));
}

function pendingOf(record: TargetRecord, keys: readonly KeyEntry[], ctx: RotationContext): RevocationDue[] {
  return revocationsDue(record, keys, ctx.report.revokedKeyIds);
}

/** Keys whose value the run holds (the current key, the managing key), by the record's fingerprints: never revoked. */
function authenticatingIds(ctx: RotationContext, record: TargetRecord): Set<number> {
  const own = new Set([ctx.currentKey && keyFingerprint(ctx.currentKey), ctx.managingKeyFingerprint].filter((f): f is string => !!f));
  return new Set(
    Object.entries(record.fingerprints)
      .filter(([, fp]) => own.has(fp))
      .map(([id]) => Number(id)),
  );
}
