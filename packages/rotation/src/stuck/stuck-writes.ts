// What a run writes about the stuck state when it ends badly: the streak of failures (or of lapsed
// leases taken over) in its family's record, and the stuck mark once only a person can help. Under
// the family's lease (taken now, without waiting, when the run holds none: a run of the family in
// flight is left alone, and counts for itself), reading the record again first so that the write
// adds the mark and changes nothing else. Never changes the run's outcome: a failure here is logged.

import { RotationError } from '../errors.js';
import type { StuckReasonNotice } from '../notices/notice.js';
import { describeError } from '../platform.js';
import type { RotationContext } from '../protocol/context.js';
import { underFreeLease } from '../protocol/lease-points.js';
import { callPerson } from './call-person.js';
import { familyRecord } from './stuck-check.js';
import { counts, type FailureStreak, mark, nextStreak, type StuckMark, streakMark } from './stuck-mark.js';
import { markedCreating } from '../record/target-record.js';

/** After a failed run: its streak counted, and the family marked stuck when only a person can help. */
export async function noteFailure(ctx: RotationContext, error: unknown): Promise<void> {
  if (!(error instanceof RotationError) || !ctx.recordStore || ctx.dryRun || !counts(error.code)) return;
  const unreadable = error.actions.some((action) => action.do === 'rebuild-record');
  if (unreadable) return callAboutUnreadable(ctx);
  const immediate = immediateReason(ctx, error);
  await writeStuckState(ctx, (streak) => {
    const next = nextStreak(streak, error.code, ctx.now());
    return { streak: next, stuck: immediate ? mark(immediate, ctx.now(), ctx.runUrl) : streakMark(next, facts(ctx, error.summary)) };
  });
}

/**
 * After a run took over a lapsed lease (its holder crashed): one more in a row; stuck once there were
 * enough. Written before the run makes its key, so marked as such (`creating`): should this write
 * land after the run's later ones, the record it puts back does not make that key an orphan (seed 479).
 */
export async function noteTakeover(ctx: RotationContext): Promise<StuckMark | undefined> {
  let marked: StuckMark | undefined;
  await writeStuckState(
    ctx,
    (streak) => {
      const next = nextStreak(streak, 'lease-taken-over', ctx.now());
      marked = streakMark(next, facts(ctx, 'The lease was lapsed.'));
      return { streak: next, stuck: marked };
    },
    ctx.record.newestListed,
  );
  return marked;
}

/** An emergency rotation that left a target without a working key, or its leaked key valid: stuck at once. */
function immediateReason(ctx: RotationContext, error: RotationError): StuckReasonNotice | undefined {
  const leak = error.report.leak;
  if (error.code !== 'leaked-key-left' || !leak) return undefined;
  if (!leak.revoked)
    return {
      code: 'leaked-key-valid',
      family: ctx.family,
      keyIds: [leak.keyId],
      actions: [{ do: 'revoke-in-console', keyIds: [leak.keyId] }, { do: 'acknowledge' }],
    };
  return { code: 'left-without-key', family: ctx.family, targets: leak.unwritten, actions: [{ do: 'acknowledge' }] };
}

function facts(ctx: RotationContext, summary: string) {
  return { family: ctx.family, secretName: ctx.secretName, summary, now: ctx.now(), runUrl: ctx.runUrl };
}

/**
 * Reads the family's record under the lease, sets what `next` says (the streak; the mark, when the
 * family is stuck from now on) and saves it; then calls the person about a new mark. `creatingAbove`:
 * the run makes a key above it after this write (markedCreating).
 */
async function writeStuckState(
  ctx: RotationContext,
  next: (streak: FailureStreak | undefined) => { streak: FailureStreak; stuck?: StuckMark },
  creatingAbove?: number,
): Promise<void> {
  const store = ctx.recordStore;
  if (!store) return;
  // A run that failed before it knew its family counts nothing.
  if (!ctx.family) return;
  try {
    // No record to keep it in (a first run): nothing is written, not even a lease.
    const known = familyRecord(ctx, (await store.load()).records);
    if (!known || known.stuck) return;
    await underFreeLease(ctx, async () => {
      const { records } = await store.load();
      const record = familyRecord(ctx, records);
      if (!record || record.stuck) return; // no record to keep it in (a first run), or stuck already
      ctx.family ||= record.family;
      const { streak, stuck } = next(record.failures);
      const counted = { ...record, failures: streak, ...(stuck && { stuck }) };
      // Stuck from now on, the run makes no key: nothing to mark.
      await store.save(creatingAbove === undefined || stuck ? counted : markedCreating(counted, creatingAbove));
      ctx.log(
        ctx.currentStep(),
        `Recorded in ${store.describe()}: ${streak.count} run${streak.count === 1 ? '' : 's'} of family ${record.family} in a row ` +
          `ended with ${streak.code}`,
      );
      if (!stuck) return;
      ctx.notice(ctx.currentStep(), stuck.notice);
      await callPerson(ctx, ctx.currentStep(), record.family, stuck, 'entered');
    });
  } catch (error) {
    ctx.log(
      ctx.currentStep(),
      `The failure could not be counted in the record (${describeError(error)}); the next failure counts from there`,
    );
  }
}

/** The family's record cannot be read, so it holds no mark: the issue (and webhook) says so, once a day. */
async function callAboutUnreadable(ctx: RotationContext): Promise<void> {
  const lost = ctx.unreadableRecord;
  if (!lost) return;
  const { family, variable, detail } = lost;
  const notice: StuckReasonNotice = { code: 'record-unreadable', family, variable, detail, actions: [{ do: 'rebuild-record' }] };
  await callPerson(ctx, ctx.currentStep(), family, mark(notice, ctx.now(), ctx.runUrl), 'still');
}
