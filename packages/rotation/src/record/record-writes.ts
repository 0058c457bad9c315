// The three points where a run writes its family's record (I5 in rotate-key.ts): before the key is
// made, before the first secret write, after the last. Each computes the next record from the plan
// (record-plan.ts) and saves it; the caller says what happened. Then the other families' records
// the run settles: saved without the targets taken over or retired, deleted once their keys are gone.

import { withDeadlines } from '../clock/deadlines.js';
import { mutant } from '../internal/mutants.js';
import type { RecordPlan } from './record-plan.js';
import {
  afterWriting,
  type AwaitedDeployment,
  beforeWriting,
  namingTargets,
  type RecordStore,
  type TargetRecord,
} from './target-record.js';

type Listed = ReadonlyArray<{ identity: string; spec: string }>;

/**
 * Before the key is made: the record names every listed target (so the family follows them even if
 * the run stops before any write), and a rebuilt record takes the unreadable one's place; marked
 * `creatingAbove`, as this write may land after the later ones. Nothing to save (undefined) when
 * both were so already: a steady rotation writes nothing here, so nothing of it can land late.
 */
export async function saveBeforeCreating(store: RecordStore, plan: RecordPlan, targets: Listed): Promise<TargetRecord | undefined> {
  const unnamed = targets.filter((t) => !(t.identity in plan.record.targets));
  if (!unnamed.length && !plan.replacing.length) return undefined;
  if (mutant('no-record-before-create') && !plan.replacing.length) return undefined;
  // A first record names the keys the run guessed the targets hold (README, Without a record), as
  // the run keeps them: a run stopped after this write leaves the next one knowing them (keep 2 keeps them).
  const next = namingTargets(plan.record, targets, plan.newestListed, plan.known ? [] : plan.previousIds);
  await store.save(next, plan.replacing);
  plan.record = next;
  plan.replacing = [];
  return next;
}

/** Before the first secret write: every target may hold the new key too, and the keys the run started with. */
export async function saveBeforeWriting(
  store: RecordStore,
  plan: RecordPlan,
  targets: Listed,
  key: { id: number; fingerprint: string },
): Promise<void> {
  const next = beforeWriting(plan.record, targets, key, mutant('record-omits-written-back-keys') ? [] : plan.writtenBackIds);
  await store.save(next, plan.replacing);
  plan.record = next;
  plan.replacing = [];
}

/**
 * Once every listed target holds the new key: the record says so and forgets retired targets; with
 * `deadline` (revokeAfter), each older key it names is superseded now and gets its deadline.
 */
export async function saveAfterWriting(
  store: RecordStore,
  plan: RecordPlan,
  targets: Listed,
  keyId: number,
  deadline?: { now: Date; revokeAfterMs: number },
  awaiting?: ReadonlyMap<string, AwaitedDeployment>,
): Promise<void> {
  const narrowed = afterWriting(
    plan.record,
    targets.map((t) => t.identity),
    keyId,
    plan.retired,
    plan.previousIds,
    awaiting,
  );
  const next = deadline ? withDeadlines(narrowed, keyId, deadline.now, deadline.revokeAfterMs, plan.previousIds) : narrowed;
  // A run that succeeds ends a streak of failures and an acknowledgement (its issue is closed next).
  delete next.failures;
  delete next.recovered;
  await store.save(next);
  plan.record = next;
}
