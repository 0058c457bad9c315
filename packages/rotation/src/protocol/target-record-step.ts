// The target record in the protocol (record/target-record.ts): read in the preflight (which family,
// which targets were dropped, what the targets held), written before the first secret write (every
// target may hold the new key too) and narrowed once every target holds it.

import { describeError, type PlatformKey } from '../platform.js';
import { option } from '../option-names.js';
import { RecordError } from '../record/github-variables.js';
import { afterWriting, beforeWriting, emptyRecord, type RecordStore, type TargetRecord, withoutTargets } from '../record/target-record.js';
import { identityOf, targetAdvice } from '../targets/secret-target.js';
import { aborted, forwardClient, type RotationContext } from './context.js';
import { chooseFamily } from './family-choice.js';
import { familyMembers, type selectRevocations } from './revocation-plan.js';
import { revokeIfLive } from './revocation.js';

export interface DroppedTarget {
  identity: string;
  spec: string;
  keyIds: number[];
}

export interface RecordState {
  store: RecordStore | undefined;
  /** The family's record as the preflight read it (empty when there was none). */
  record: TargetRecord;
  /** True when the record existed: which keys the targets hold is known, not guessed. */
  known: boolean;
  /** Targets the record names that are no longer listed nor retired: their keys are never revoked. */
  dropped: DroppedTarget[];
  /** Identities of retired targets whose secret is gone: forgotten once the store step is done. */
  retired: string[];
  /** Keys the listed targets held before this run, as far as the run can tell: first to keep. */
  previousIds: number[];
  /** Records of other families that name a retired target, or that no target is left in. */
  otherFamilies: OtherFamily[];
}

/**
 * Another family's record touched by this run: the retired targets it named are forgotten, and
 * once it names no target at all, no target may hold its keys, so they are revoked and the record
 * deleted. A record left with no targets is kept (a tombstone) until its keys are gone, so a run
 * stopped halfway is finished by the next one.
 */
export interface OtherFamily {
  /** The record as it will be saved: without the retired targets. */
  record: TargetRecord;
  /** Retired targets it named (identities). */
  retired: string[];
  /** Its family's live keys, when no target is left to hold them: revoked, then the record deleted. */
  unheldKeys: PlatformKey[] | undefined;
}

export function noRecord(): RecordState {
  return { store: undefined, record: emptyRecord('', ''), known: false, dropped: [], retired: [], previousIds: [], otherFamilies: [] };
}

/** Reads the records, chooses the family (sets ctx.family) and fills ctx.records. */
export async function readRecord(ctx: RotationContext, keys: PlatformKey[]): Promise<void> {
  const store = ctx.recordStore;
  let records: TargetRecord[] = [];
  if (store) {
    ctx.log('preflight', `Reading the target record from ${store.describe()}`);
    try {
      records = await store.load();
    } catch (error) {
      const advice = error instanceof RecordError ? error.advice : 'Run again once the cause above is fixed.';
      ctx.fail({ code: 'record-failed', step: 'preflight', summary: `The target record could not be read: ${describeError(error)}`, advice: `${advice} Nothing was changed.`, cause: error });
    }
  }
  let choice: ReturnType<typeof chooseFamily>;
  try {
    choice = chooseFamily({ pinned: ctx.pinnedFamily, records, targets: ctx.targets, secretName: ctx.secretName, keys });
  } catch (error) {
    return ctx.fail({ code: 'record-failed', step: 'preflight', summary: `The key family cannot be chosen: ${describeError(error)}`, advice: 'Nothing was changed.', cause: error });
  }
  ctx.family = choice.family;
  ctx.report.family = choice.family;
  ctx.log('preflight', `Key family ${choice.family} (${choice.why})`);
  const record = choice.record ?? emptyRecord(choice.family, ctx.secretName);
  const listed = new Set(ctx.targets.map(identityOf));
  const sameSecret = records.filter((r) => r.secretName.toUpperCase() === ctx.secretName.toUpperCase());
  const others = sameSecret.filter((r) => r.family !== choice.family);
  const retired = await checkRetired(ctx, [record, ...others]);
  const dropped = Object.entries(record.targets)
    .filter(([identity]) => !listed.has(identity) && !retired.includes(identity))
    .map(([identity, entry]) => ({ identity, spec: entry.spec, keyIds: entry.keyIds }));
  for (const target of dropped) warnDropped(ctx, target, keys);
  if (store && !choice.record) ctx.log('preflight', `No target record of family ${choice.family} yet: this run starts it`);
  if (!store) ctx.log('preflight', 'No target record is kept (no repository for it): a target dropped from the list is not recognised');
  ctx.records = {
    store,
    record,
    known: choice.record !== undefined,
    dropped,
    retired,
    previousIds: choice.record ? recordedPrevious(record, listed) : guessedPrevious(keys, choice.family),
    otherFamilies: otherFamilies(ctx, others, retired, keys),
  };
}

/** Other families' records this run updates: the retired targets they name, the keys nobody holds. */
function otherFamilies(ctx: RotationContext, others: readonly TargetRecord[], retired: readonly string[], keys: readonly PlatformKey[]): OtherFamily[] {
  const touched: OtherFamily[] = [];
  for (const other of others) {
    const named = retired.filter((identity) => identity in other.targets);
    const record = withoutTargets(other, named);
    if (!named.length && Object.keys(record.targets).length) continue;
    const left = Object.keys(record.targets).length;
    const recordedIds = new Set(Object.values(other.targets).flatMap((e) => e.keyIds));
    const unheldKeys = left ? undefined : keys.filter((k) => recordedIds.has(k.id) || familyMembers([k], other.family).length);
    touched.push({ record, retired: named, unheldKeys });
    const what = named.length ? `names the retired target${named.length > 1 ? 's' : ''} ${named.map((id) => other.targets[id]?.spec ?? id).join(', ')}` : 'names no target';
    const then = unheldKeys
      ? unheldKeys.length
        ? `no target is left to hold its keys ${unheldKeys.map((k) => `${k.id} (${k.name})`).join(', ')}: ${ctx.dryRun ? 'a run that is not a dry run revokes them' : 'they are revoked once every target holds the new key'}, then the record is deleted`
        : 'no target is left and none of its keys is live: the record is deleted once every target holds the new key'
      : `it still names ${left} target(s), whose keys stay valid`;
    ctx.log('preflight', `The record of family ${other.family} ${what}; ${then}`);
  }
  return touched;
}

/** What the listed targets may hold, by the record: the key the targets hold first. */
function recordedPrevious(record: TargetRecord, listed: ReadonlySet<string>): number[] {
  const ids = new Set<number>();
  for (const [identity, entry] of Object.entries(record.targets)) if (listed.has(identity)) for (const id of entry.keyIds) ids.add(id);
  return [...ids].sort((a, b) => b - a);
}

/**
 * Without a record (the first run that keeps one): the key the targets hold is not known, as the
 * platform does not say which key made a request and `last_used_at` may be stale or absent. Both
 * the newest member and the most recently used one are candidates: keeping both is never fewer.
 */
function guessedPrevious(keys: readonly PlatformKey[], family: string): number[] {
  const members = familyMembers(keys, family);
  const used = members.filter((k) => k.last_used_at).sort((a, b) => Date.parse(b.last_used_at!) - Date.parse(a.last_used_at!));
  return [...new Set([members[0]?.id, used[0]?.id].filter((id): id is number => id !== undefined))];
}

function warnDropped(ctx: RotationContext, target: DroppedTarget, keys: readonly PlatformKey[]): void {
  const live = target.keyIds.map((id) => keys.find((k) => k.id === id)).filter((k): k is PlatformKey => k !== undefined);
  const holds = live.length
    ? `may still hold key${live.length > 1 ? 's' : ''} ${live.map((k) => `${k.id} (${k.name})`).join(', ')}, which stay${live.length > 1 ? '' : 's'} valid`
    : 'holds no live key of the family';
  ctx.report.droppedTargets = [...(ctx.report.droppedTargets ?? []), target.spec];
  ctx.warn(
    'preflight',
    `Target ${target.spec} is no longer in targets but ${holds}. If it no longer needs ${ctx.secretName}, delete the secret there and name it in ${option('retireTargets')}; otherwise put it back in targets.`,
  );
}

/**
 * Retired targets named by a record of this secret (this family's or another's) whose secret is
 * gone; one that still holds it fails the run.
 */
async function checkRetired(ctx: RotationContext, records: readonly TargetRecord[]): Promise<string[]> {
  const retired: string[] = [];
  for (const { identity, target } of ctx.retire) {
    if (!records.some((record) => identity in record.targets)) {
      ctx.warn('preflight', `${target.describe()} is in ${option('retireTargets')} but no target record of ${ctx.secretName} names it: nothing to retire.`);
      continue;
    }
    let meta: Awaited<ReturnType<NonNullable<typeof target.readSecretMeta>>>;
    try {
      meta = await target.readSecretMeta?.(ctx.secretName);
    } catch (error) {
      return ctx.fail({
        code: 'record-failed',
        step: 'preflight',
        summary: `Checking the retired target ${target.describe()} failed: ${describeError(error)}`,
        advice: `${targetAdvice(error)} Nothing was changed.`,
        cause: error,
      });
    }
    if (meta) {
      // I1: the key a retired target holds is revoked once the record forgets it.
      ctx.fail({
        code: 'record-failed',
        step: 'preflight',
        summary: `The retired target ${target.describe()} still holds the secret ${ctx.secretName}, so the key in it cannot be revoked without locking it out`,
        advice: `Delete the secret ${ctx.secretName} there first (or take ${target.describe()} out of ${option('retireTargets')}), then run again. Nothing was changed.`,
      });
    }
    ctx.log('preflight', `${target.describe()} no longer holds ${ctx.secretName}: it is retired, and the record forgets it`);
    retired.push(identity);
  }
  return retired;
}

/**
 * Before the key is created: the record names every listed target, so that the family follows
 * these targets even if the run stops before any secret is written (a later run with an edited
 * list then still finds the family, and the key this run may have made). Only when a listed target
 * is not named yet: a steady rotation writes nothing here. Changes nothing else on failure.
 */
export async function recordBeforeCreating(ctx: RotationContext): Promise<void> {
  const { store, record } = ctx.records;
  if (!store || ctx.dryRun) return;
  const unnamed = ctx.targets.filter((t) => !(identityOf(t) in record.targets));
  if (!unnamed.length) return;
  const next = structuredClone(record);
  for (const target of unnamed) next.targets[identityOf(target)] = { spec: target.describe(), keyIds: [] };
  ctx.log('create', `Recording in ${store.describe()} that family ${ctx.family} serves ${unnamed.map((t) => t.describe()).join(', ')}, before making its key`);
  try {
    await store.save(next);
  } catch (error) {
    const advice = error instanceof RecordError ? error.advice : 'Run again once the cause above is fixed.';
    ctx.fail({
      code: 'record-failed',
      step: 'create',
      summary: `Before making the key: ${describeError(error)}`,
      advice: `${advice} No key was made and no secret was changed.`,
      cause: error,
    });
  }
  ctx.records.record = next;
}

/** Before the first secret write: every target may hold the new key too. Throws a RecordError. */
export async function recordBeforeWriting(ctx: RotationContext, keyId: number): Promise<void> {
  const { store, record } = ctx.records;
  if (!store) return;
  const targets = ctx.targets.map((t) => ({ identity: identityOf(t), spec: t.describe() }));
  // The key the run started with is, as far as the run can tell, one of previousIds.
  const next = beforeWriting(record, targets, keyId, ctx.records.previousIds);
  ctx.log('store', `Recording in ${store.describe()} that ${targets.length} target(s) may hold key ${keyId}, before writing them`);
  await store.save(next);
  ctx.records.record = next;
}

/** Once every listed target holds the new key: the record says so and forgets retired targets. */
export async function recordAfterWriting(ctx: RotationContext, keyId: number): Promise<void> {
  const { store, record, retired, previousIds } = ctx.records;
  if (!store) return;
  const next = afterWriting(record, ctx.targets.map(identityOf), keyId, retired, previousIds);
  try {
    await store.save(next);
    ctx.records.record = next;
    ctx.log('revoke', `Recorded in ${store.describe()} that the targets hold key ${keyId}`);
  } catch (error) {
    // The record still names more keys than the targets hold: never fewer. The next run narrows it.
    ctx.warn('revoke', `The target record could not be narrowed to the new key (${describeError(error)}); it still names older keys, which the next rotation sorts out.`);
  }
  for (const other of ctx.records.otherFamilies) await settleOtherFamily(ctx, store, other);
}

/**
 * Once every listed target holds the new key: another family's record forgets its retired targets;
 * left with none, its keys are revoked (with the current key, still valid) and then the record is
 * deleted. Saved first as a tombstone, so a run stopped halfway leaves the next run the rest.
 */
async function settleOtherFamily(ctx: RotationContext, store: RecordStore, other: OtherFamily): Promise<void> {
  const { family } = other.record;
  // An abort leaves the rest to the next run: the tombstone, once saved, says what is left (I4).
  if (aborted(ctx)) return;
  try {
    if (other.retired.length) await store.save(other.record);
    if (!other.unheldKeys) {
      ctx.log('revoke', `The record of family ${family} forgets the retired target(s)`);
      return;
    }
    for (const key of other.unheldKeys) {
      const outcome = await revokeIfLive(forwardClient(ctx.client, ctx.signal), key.id);
      ctx.report.revokedKeyIds.push(key.id);
      ctx.log('revoke', `${outcome === 'already-gone' ? 'Key' : 'Revoked key'} ${key.id} (${key.name}) of family ${family}${outcome === 'already-gone' ? ' was already revoked' : ''}: no target holds it any more`);
    }
    await store.remove(family);
    ctx.log('revoke', `Deleted the record of family ${family}: no target holds its keys`);
  } catch (error) {
    ctx.warn(
      'revoke',
      `Family ${family} names no target any more, but settling it failed (${describeError(error)}): its record stays, and the next rotation of ${ctx.secretName} revokes its keys.`,
    );
  }
}

/** What the target record tells the revocation plan (revocation-plan.ts). */
export function recordFacts(ctx: RotationContext): Pick<
  Parameters<typeof selectRevocations>[0],
  'protectedIds' | 'previousIds' | 'historyIds' | 'recorded'
> {
  const { records } = ctx;
  return {
    protectedIds: new Set(records.dropped.flatMap((t) => t.keyIds)),
    previousIds: records.previousIds,
    historyIds: records.record.held,
    recorded: records.known,
  };
}
