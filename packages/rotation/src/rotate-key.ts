// The rotation protocol (README, The protocol), one step per module: preflight, create, verify, store, revoke.
// Each step is safe to re-run; a failure throws a RotationError saying what happened and what to do.
// Every kind of key (personal, organization, project-scoped; options.keyKind) runs this one protocol
// through its own platform client (key-kind/kind-client.ts): "the new key lists the keys" means, with
// a managing key, that the new key makes a request its own scope allows and the managing key lists.
// The family is the kind's keys only (an organization's listing holds both kinds).
//
// The invariants. Every guard in src/protocol names the one it keeps ("// I2: ..."); the tests check
// them after every run (test/invariants.ts), whatever failed, crashed, raced or was aborted.
//
// I1 No lock-out: every target holds a working key at every moment. A key reaches a target only
//    once it works (verify); the previous key is written back only while it still works; a key a
//    target may hold is never revoked by the run (nor one a dropped target of the record may hold).
// I2 Nothing of the run left unheld: a key the run created stays valid only while a target may hold
//    it. When none may, the run revokes it; when one may, the error and report.targets name which
//    ("may hold the new key N"); if revoking fails, the error names the key to revoke.
// I3 Revoke last: a key from before the run is revoked only after every target holds the new key,
//    and only a key the preflight listed (never one a concurrent rotation made during the run).
// I4 The next run converges: whatever stopped a run (a failure, a crash, a concurrent run, an
//    abort), the next run with a working key ends with one key, held everywhere. Keys left behind
//    are older members of the family, which it revokes (I5 says which ones it keeps).
// I5 The record over-approximates: before the key is made it names every listed target (so the
//    family follows them even after a crash); before the first secret write it names every target
//    as one that may hold the new key and the keys the run started with (a rollback writes those
//    back); it is narrowed only once every target holds the new key. So it names more keys than the
//    targets hold, never fewer, and a family key it never named was stored nowhere. A retired
//    target leaves every family's record; a record left naming none revokes its keys, then goes.
// I6 A newer rotation owns the targets: a newer key of the family (or the run's own key refused; a
//    refused managing key proves nothing, so it reads as a failure, never as a newer rotation)
//    seen before a write makes the run back off (before the first) or stop writing (after), with no
//    rollback; the previous key is never written back after it, and nothing is revoked while one runs.
// I7 A request whose answer was lost may have taken effect: a create is never repeated blindly (the
//    key is looked for by name), and a target whose write got no answer may hold the new key unless
//    its own record proves otherwise.
// I8 No key value or token in any log line, error, report or output.
//
// An AbortSignal (options.signal) stops the run going forward: it is checked between steps and
// between writes, and ends every wait. What the abort leaves is handled as I1 and I2 say (the run's
// key revoked when no target may hold it, else named), and the run ends with code 'aborted'.

import { OptionError } from '@keyturn/api';
import { type RotationFailure, RotationError } from './errors.js';
import { observer, type RotationStep } from './log.js';
import { resolveOptions } from './connect.js';
import type { LeakedKey, RotateKeyOptions } from './options.js';
import { describeError } from './platform.js';
import { revokeAppTokens } from './protocol/app-tokens.js';
import { aborted, createContextTools, forwardClient, type RotationContext } from './protocol/context.js';
import { createKey } from './protocol/create.js';
import { preflight } from './protocol/preflight.js';
import { revokeDueKeys } from './protocol/clock-check.js';
import { revokeOldKeys } from './protocol/revoke.js';
import { storeKey } from './protocol/store/store.js';
import { noRecordPlan } from './protocol/record-preflight.js';
import { recordBeforeCreating } from './protocol/record-points.js';
import { verifyKey } from './protocol/verify.js';
import { reachDeployments } from './protocol/deployments.js';
import { releaseRunLease } from './protocol/lease-points.js';
import { mutant } from './internal/mutants.js';
import { failIfLeftWithoutKey, revokeLeakedKey, withLeakStillValid } from './emergency/revoke-leaked.js';
import { emptyReport, finishedReport, type RotationReport } from './report.js';
import { DEFAULT_SECRET_NAME } from './secret-name.js';
import { countNoun } from '@keyturn/api/toolkit';
import { checkStuck } from './stuck/stuck-check.js';
import { closeIssue } from './stuck/call-person.js';
import { noteFailure, noteTakeover } from './stuck/stuck-writes.js';
import { renderNotice } from './notices/render.js';
import type { Notice, StuckReason } from './notices/notice.js';
import { probe } from './internal/probes.js';

/**
 * Rotates the platform API key into the targets' secrets: preflight, create, verify, store, revoke
 * (README, "The protocol"), keeping the invariants above whatever fails, crashes, races or is aborted.
 *
 * @returns What was done: a dry run's plan, or the new key and the targets that hold it.
 * @throws OptionError (from @keyturn/api) naming an option that is wrong, before any request.
 * @throws RotationError with a `code`, the `step`, what to do (`advice`) and the partial `report`.
 * @example
 * const report = await rotateKey({ platform: { apiKey }, github: { token }, targets: 'repo:acme/web', signal });
 */
export async function rotateKey(options: RotateKeyOptions): Promise<RotationReport> {
  return rotateKeyWith(options, {});
}

/**
 * What answering the alerts (leak/answer-alerts.ts) asks of a run beside its options; not public.
 * `alsoLeaked`: more leaked keys of the family, revoked by the same emergency rotation as
 * `leakedKey`. `familyOnly`: a dry run asked only for the family, which a target it cannot reach
 * does not stop.
 */
export interface InternalRunOptions {
  alsoLeaked?: LeakedKey[];
  familyOnly?: boolean;
}

/** rotateKey, with what only this package's own callers ask (InternalRunOptions). */
export async function rotateKeyWith(options: RotateKeyOptions, internal: InternalRunOptions): Promise<RotationReport> {
  const ctx = runContext(options, internal);
  const { report } = ctx;
  try {
    stopIfAborted(ctx, 'preflight', 'before the preflight', 'Nothing was changed: run again.');
    // A stuck family makes no key (stuck/): one listing of the records, which the preflight reuses.
    await checkStuck(ctx);
    const preflighted = await preflight(ctx);
    // Runs that each take over a lease never released (their holders crashed) are counted; enough in a row: stuck.
    if (ctx.tookOverLapsed && !('idle' in preflighted)) await stopIfStuckByTakeovers(ctx);
    if ('idle' in preflighted) {
      // rotateEvery: the key is not due; superseded keys whose deadline passed still go.
      report.idle = preflighted.idle.notDue;
      await revokeDueKeys(ctx, preflighted.keys, preflighted.idle);
    } else if (!ctx.dryRun) {
      const { plan, publicKeys } = preflighted;
      stopIfAborted(ctx, 'create', 'before creating a key', 'Nothing was changed: run again.');
      await recordBeforeCreating(ctx);
      const created = await createKey(ctx, plan.keyName);
      const verified = await verifyKey(ctx, created);
      if (mutant('leaked-revoked-before-writes')) await revokeLeakedKey(ctx, created, verified, { leftOut: [] });
      const stored = await storeKey(ctx, created, verified, publicKeys);
      // I1: where a deploy puts the key in use, the keys the running deployment may use stay valid until one does.
      await reachDeployments(ctx, created);
      // An emergency rotation: the leaked key goes now, whatever was left out (the one exception to I1).
      await revokeLeakedKey(ctx, created, verified, stored);
      // I1, I3: every target holds the new key; the old keys wait for the next run.
      stopIfAborted(
        ctx,
        'revoke',
        'after every target got the new key, before revoking the old keys',
        'Every target holds the new key and works: run again later (the next rotation revokes the old keys).',
      );
      await revokeOldKeys(ctx, created, verified);
      failIfLeftWithoutKey(ctx);
      // The first run to succeed after an acknowledgement (or a rebuilt record) closes the family's issue.
      if (ctx.recovered || report.notices.some((n) => n.code === 'record-rebuilt')) await closeIssue(ctx, ctx.family);
      ctx.log(
        'revoke',
        `Rotation done: ${countNoun(report.targets.length, 'target')} ${report.targets.length === 1 ? 'holds' : 'hold'} key ${created.id}`,
      );
    } else {
      probe('dry-run-planned');
      ctx.log('preflight', 'Dry run: nothing was changed');
    }
  } catch (error) {
    const thrown = withLeakStillValid(ctx, error);
    // Only a person can help (a target without a key, a leak still valid, the same failure again): the record says so, and someone is
    // called.
    await noteFailure(ctx, thrown);
    if (thrown instanceof RotationError) Object.assign(thrown.report, { notices: [...report.notices], warnings: [...report.warnings] });
    throw thrown;
  } finally {
    // Success, failure or abort: the lease and the GitHub App's tokens end with the run.
    await releaseRunLease(ctx);
    await revokeAppTokens(ctx);
  }
  report.durationMs = ctx.elapsedMs();
  return finishedReport(report);
}

/** The run's context: the options resolved (an OptionError, or a RotationError of code invalid-options), an empty report. */
function runContext(options: RotateKeyOptions, internal: InternalRunOptions): RotationContext {
  // GitHub's rate-limit lines go to the log of the step in progress, once there is one.
  let note = (_line: string) => {};
  let resolved: ReturnType<typeof resolveOptions>;
  try {
    resolved = resolveOptions(options, (line) => note(line));
  } catch (error) {
    throw invalidOptions(options, error);
  }
  const family = resolved.pinnedFamily ?? '';
  const report = emptyReport({ dryRun: resolved.dryRun, family, secretName: resolved.secretName });
  const ctx: RotationContext = {
    ...resolved,
    family,
    record: noRecordPlan(),
    listedBefore: new Set(),
    report,
    forward: forwardClient(resolved.client, resolved.signal),
    ...createContextTools(report, resolved.runtime, resolved.signal, options.log),
    alsoLeaked: internal.alsoLeaked ?? [],
    familyOnly: internal.familyOnly === true,
    unreachable: [],
    authenticatingIds: new Set(),
    awaitingDeploy: new Map(),
  };
  note = ctx.note;
  return ctx;
}

/** What `acknowledgeStuck` did: the family's stuck mark it cleared (none when the family was not stuck). */
export interface AcknowledgeReport {
  family: string;
  acknowledged?: { reason: StuckReason; since: string };
  notices: Notice[];
  warnings: string[];
}

/**
 * Clears the stuck mark of the family `options` rotate (the same options as rotateKey, with `record`),
 * and nothing else: no key is listed or made. The next run rotates, and its success closes the issue.
 * @throws OptionError for a wrong option; RotationError (`record-failed`, `lease-held`) when the record cannot be written.
 */
export async function acknowledgeStuck(options: RotateKeyOptions): Promise<AcknowledgeReport> {
  const ctx = runContext({ ...options, acknowledge: true, dryRun: false }, {});
  try {
    await checkStuck(ctx);
  } finally {
    await revokeAppTokens(ctx);
  }
  const { family, notices, warnings } = ctx.report;
  const acknowledged = ctx.recovered && { reason: ctx.recovered.reason, since: ctx.recovered.since };
  if (!notices.some((n) => n.code === 'stuck-acknowledged'))
    ctx.log('preflight', 'No family of these targets is stuck: nothing to acknowledge');
  return {
    family: ctx.recovered?.family ?? family,
    ...(notices.some((n) => n.code === 'stuck-acknowledged') && acknowledged && { acknowledged }),
    notices,
    warnings,
  };
}

/** A run that took over a lapsed lease: counted; the last of enough in a row makes the family stuck, and stops. */
async function stopIfStuckByTakeovers(ctx: RotationContext): Promise<void> {
  const stuck = await noteTakeover(ctx);
  if (!stuck) return;
  ctx.fail({
    code: 'stuck',
    step: 'preflight',
    summary: `Family ${ctx.family} is stuck from now on (${stuck.notice.code}): this run made no key`,
    advice: `${renderNotice(stuck.notice)} Then run once with \`acknowledge\`: true.`,
    actions: [{ do: 'acknowledge' }],
  });
}

/** Between steps: the caller's signal ends the run, saying when. */
function stopIfAborted(ctx: RotationContext, step: RotationStep, when: string, advice: string): void {
  if (aborted(ctx)) ctx.fail({ code: 'aborted', step, summary: `The run was aborted ${when}`, advice });
}

/**
 * An option refused before anything is asked of the platform or GitHub. An OptionError (it names the
 * option) is thrown as it is; any other refusal becomes a RotationError with code 'invalid-options'.
 */
function invalidOptions(options: RotateKeyOptions, error: unknown): Error {
  if (error instanceof OptionError) return error;
  const report = emptyReport({
    dryRun: options?.dryRun ?? false,
    family: options?.family ?? '',
    secretName: options?.secretName ?? DEFAULT_SECRET_NAME,
  });
  const failure: RotationFailure = {
    code: 'invalid-options',
    step: 'preflight',
    summary: `The inputs are not valid: ${describeError(error)}`,
    advice: 'Fix the input and run again. Nothing was changed.',
    cause: error,
  };
  observer(options?.log)({ step: 'preflight', level: 'error', message: `${failure.summary} ${failure.advice}` });
  return new RotationError({ ...failure, report });
}
