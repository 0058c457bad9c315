// Where a run takes, keeps and releases its lease (lease/; README, "Concurrent rotations"): taken
// in the preflight before anything the plan depends on is read, kept before each write of the
// record, released when the run ends, however it ends.

import { mutant } from '../internal/mutants.js';
import { describeError } from '../platform.js';
import { keyKindLabel } from '../key-kind/key-kind.js';
import { leaseVariableName } from '../lease/lease-text.js';
import { LeaseHeldError, takeLease } from '../lease/take-lease.js';
import { RecordError } from '../record/variable-store.js';
import type { RotationContext } from './context.js';
import { probe } from '../internal/probes.js';
import { recordFailure } from './failures.js';

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Takes the family's lease (not in a dry run, nor when the caller opted out). Fails the run, with nothing changed, when it cannot. */
export async function takeRunLease(ctx: RotationContext): Promise<void> {
  const backend = ctx.recordStore?.lease;
  if (ctx.dryRun || ctx.lease === false || !backend || mutant('lease-off')) return;
  const name = leaseVariableName(ctx.secretName, keyKindLabel(ctx.keyScope.keyKind));
  try {
    const taken = await takeLease({
      backend,
      name,
      holder: ctx.lease.holder,
      timings: ctx.lease.timings,
      runtime: ctx.runtime,
      signal: ctx.signal,
      onWait: (held) =>
        ctx.log(
          'preflight',
          `Another run of ${ctx.secretName} (${held.holder}, started ${held.started}) holds its lease ${name}: waiting for it, ` +
            `up to ${seconds(ctx.lease === false ? 0 : ctx.lease.timings.waitMs)}`,
        ),
    });
    ctx.heldLease = taken.lease;
    if (taken.waitedFor)
      ctx.log(
        'preflight',
        `Waited ${seconds(taken.waitedMs)} for the run ${taken.waitedFor.holder} (started ${taken.waitedFor.started}) to end, ` +
          `then took the lease`,
      );
    const over = taken.tookOver;
    // Its holder neither ended nor released it (crashed, cancelled): stuck/ counts such runs in a row.
    ctx.tookOverLapsed = over !== undefined && over.state !== 'settling' && over.state !== 'unreadable';
    if (over?.state === 'settling')
      ctx.log(
        'preflight',
        `Took over the lease of ${over.holder} (started ${over.started}) once the writes it got no answer to could no longer land`,
      );
    else if (over) {
      ctx.log(
        'preflight',
        over.state === 'unreadable'
          ? `The lease ${name} in ${backend.describe()} could not be read (edited by hand?): this run took it over`
          : `The run ${over.holder} (started ${over.started}) did not release its lease (it crashed or was cancelled): this run ` +
              `took it over once it lapsed, and sorts out what that run left`,
      );
    }
  } catch (error) {
    if (error instanceof LeaseHeldError) {
      ctx.fail({
        code: 'lease-held',
        step: 'preflight',
        summary:
          `Another run of ${ctx.secretName} (${error.holder}, started ${error.started}) held its lease for all of ` +
          `the ${seconds(error.waitedMs)} this run waited`,
        advice:
          `Nothing was changed. That run rotates the same secret: let it finish. If it crashed, its lease lapses ` +
          `at ${error.expires} and the next run takes it over. Runs of one secret in one workflow concurrency group queue instead ` +
          `of waiting here.`,
      });
    }
    if (error instanceof RecordError) ctx.fail(recordFailure('preflight', '', error, 'Nothing was changed.'));
    throw error;
  }
}

/** Takes the lease only when no other run holds it now (no wait, nothing logged): false when one does. True without a lease to take. */
async function takeFreeLease(ctx: RotationContext): Promise<boolean> {
  const backend = ctx.recordStore?.lease;
  if (ctx.dryRun || ctx.lease === false || !backend) return true;
  const name = leaseVariableName(ctx.secretName, keyKindLabel(ctx.keyScope.keyKind));
  try {
    const taken = await takeLease({
      backend,
      name,
      holder: ctx.lease.holder,
      timings: { ...ctx.lease.timings, waitMs: 0 },
      runtime: ctx.runtime,
    });
    ctx.heldLease = taken.lease;
    return true;
  } catch (error) {
    if (error instanceof LeaseHeldError) return false;
    throw error;
  }
}

/** What `underFreeLease` answers, without running its work, while another run holds the lease. */
export const LEASE_HELD = Symbol('lease held by another run');

/**
 * Runs `work` under the family's lease: at once when the run holds it; else only when no other run
 * holds it now (taken without waiting, released after), told that it took it. For the writes of a
 * run that has ended badly (stuck/): a run of the family in flight is left alone.
 */
export async function underFreeLease<T>(ctx: RotationContext, work: (took: boolean) => Promise<T>): Promise<T | typeof LEASE_HELD> {
  if (ctx.heldLease) return work(false);
  if (!(await takeFreeLease(ctx))) return LEASE_HELD;
  try {
    return await work(true);
  } finally {
    await releaseRunLease(ctx);
  }
}

/**
 * Before a write of the record: the lease is still the run's (renewed once half of it is spent).
 * False when another run took it over: the caller writes nothing more.
 */
export async function keepRunLease(ctx: RotationContext): Promise<boolean> {
  return ctx.heldLease ? ctx.heldLease.keep() : true;
}

/** At the end of the run, whatever ended it; a failure to release is said, and the lease lapses. */
export async function releaseRunLease(ctx: RotationContext): Promise<void> {
  const lease = ctx.heldLease;
  if (!lease) return;
  ctx.heldLease = undefined;
  try {
    const done = await lease.release(ctx.unansweredWrites.seen);
    if (done === 'settling') probe('lease-left-settling');
    if (done === 'settling')
      ctx.log(
        ctx.currentStep(),
        `A write of this run got no answer and may still land: its lease ${lease.name} stays until it no longer can`,
      );
    else if (done === 'not-ours') ctx.log(ctx.currentStep(), `The lease ${lease.name} was no longer this run's to release`);
  } catch (error) {
    ctx.log(ctx.currentStep(), `Releasing the lease ${lease.name} failed (${describeError(error)}): it lapses by itself`);
  }
}
