// Step 1, without side effects (I4: a run stopped here changed nothing): the current key works (it
// lists keys; with a managing key, it makes its own scope's request and the managing key lists),
// every target is reachable (its public key is fetched and usable, and kept: the store step seals
// with it), and the plan is known. A dry run stops here.

import { platformFailureCode } from '../errors.js';
import { makeKeyName } from '../family.js';
import { checkFailedWords, checkingWords, notLiveWords, workingWords } from '../key-kind/words.js';
import { mapWithLimit } from '../map-with-limit.js';
import { describeError, type PlatformKey } from '../platform.js';
import type { RotationPlan } from '../report.js';
import { sealSecret } from '../seal.js';
import { type SecretTarget, TargetError, type TargetPublicKey, takesPlainValue, targetAdvice } from '../targets/secret-target.js';
import { mintAppTokens } from './app-tokens.js';
import { platformFailure } from './failures.js';
import { currentKeyAuthProblem } from './auth-details.js';
import type { RotationContext } from './context.js';
import type { FailedWrite } from './store/outcome.js';
import { familyMembers, selectRevocations } from './revocation-plan.js';
import { readRecord, recordFacts, recordsChanged } from './record-preflight.js';
import { takeRunLease } from './lease-points.js';
import { checkClock, type IdleRun } from './clock-check.js';
import { countNoun } from '@keyturn/api/toolkit';
import { probe } from '../internal/probes.js';

// GitHub asks clients to "make requests serially instead of concurrently" to stay clear of its
// secondary rate limits (https://docs.github.com/rest/using-the-rest-api/best-practices-for-using-the-rest-api).
// A few reads overlap all the same, so a run with many targets is not slowed by each one's latency;
// 3 keeps the burst small. Writes stay one at a time (github/write-spacing.ts).
const CONCURRENT_TARGET_READS = 3;

/** The preflight of a run the clock made a no-op (clock-check.ts): the keys it listed, and what it found. */
export interface IdlePreflight {
  keys: PlatformKey[];
  idle: IdleRun;
}

export interface PreflightResult {
  keys: PlatformKey[];
  plan: RotationPlan;
  /** Each sealed target's public key, fetched once: the store step seals with it (none for a target that takes the value). */
  publicKeys: Map<SecretTarget, TargetPublicKey | undefined>;
}

export async function preflight(ctx: RotationContext): Promise<PreflightResult | IdlePreflight> {
  const { secretName } = ctx;
  ctx.log('preflight', checkingWords(ctx.keyScope));
  let keys = await listKeys(ctx);
  ctx.log('preflight', workingWords(ctx.keyScope, keys.length));
  // rotateEvery: a key not due stops the run here, with the record and this listing read.
  const idle = await checkClock(ctx, keys);
  if (idle) return { keys, idle };
  await readCurrentAuth(ctx);
  // Every GitHub request below goes through an installation token when a GitHub App is used.
  await mintAppTokens(ctx);
  ctx.listedBefore = new Set(keys.map((k) => k.id));
  // An emergency rotation (and a dry run asked only for the family) goes on past a target it
  // cannot reach until the record says whether the leak is live: the leaked key must not wait for it.
  const goesOn = ctx.leakedKey !== undefined || ctx.familyOnly;
  const { publicKeys, unreachable } = await fetchPublicKeys(ctx, goesOn);
  // After the targets: a token GitHub refuses is reported against the first target, as before.
  const mark = reportMark(ctx);
  await readRecord(ctx, keys);
  if (unreachable.length && !ctx.familyOnly) {
    if (!ctx.leak?.live || ctx.dryRun) failUnreachable(ctx, unreachable[0]!);
    leaveOutUnreachable(ctx, unreachable);
  }
  const leased = await underLease(ctx, keys, mark);
  if ('idle' in leased) return leased;
  keys = leased.keys;
  const family = ctx.family;
  const members = familyMembers(keys, family);
  ctx.log('preflight', `${countNoun(members.length, 'live key')} of family ${family}`);
  warnIfUnmanaged(ctx, keys, members.length);

  const selection = selectRevocations({ keys, family, keep: ctx.keep, revokeKeyIds: ctx.revokeKeyIds, ...recordFacts(ctx) });
  for (const id of selection.notLive) ctx.log('preflight', notLiveWords(ctx.keyScope, id));
  const plan: RotationPlan = {
    keyName: makeKeyName(family, ctx.now()),
    targets: ctx.targets.map((t) => t.describe()),
    revokeKeyIds: selection.revoke.map((k) => k.id),
  };
  // An emergency rotation revokes the leaked key whatever keep and the record say.
  for (const id of ctx.leak?.liveIds ?? []) if (!plan.revokeKeyIds.includes(id)) plan.revokeKeyIds.push(id);
  ctx.report.plan = plan;
  const revoking = plan.revokeKeyIds.length
    ? `revoke key${plan.revokeKeyIds.length > 1 ? 's' : ''} ${plan.revokeKeyIds.join(', ')}`
    : 'revoke no key';
  ctx.log('preflight', `Plan: create ${plan.keyName}, write ${secretName} to ${plan.targets.join(', ')}, ${revoking}`);
  return { keys, plan, publicKeys };
}

/** The keys, listed with the current key (the listing proves it works). */
/**
 * The keys the run's key can list. `underLease`: refused now though the preflight's listing worked,
 * the run it waited for (or that ended just before) rotated the secret and revoked this run's key.
 * That run did the job, so this one stands down with nothing changed.
 */
async function listKeys(ctx: RotationContext, underLease = false): Promise<PlatformKey[]> {
  try {
    return await ctx.forward.apiKeys.list();
  } catch (error) {
    if (underLease && platformFailureCode(error) === 'current-key-rejected') {
      probe('run-stood-down');
      return ctx.fail({
        code: 'stood-down',
        step: 'preflight',
        summary:
          `Another run of ${ctx.secretName} rotated it since this run began, and revoked the key this run started with: this run ` +
          `stood down`,
        advice:
          "Nothing was changed, and nothing is left to do: the targets hold that run's key. If a workflow still fails with that " +
          'secret, its key was revoked by hand: make a key in the console, put it in the secret, then run again.',
        cause: error,
      });
    }
    return ctx.fail(platformFailure(ctx, 'preflight', `${checkFailedWords(ctx.keyScope)}: `, error));
  }
}

/**
 * One writer at a time: every check above was read-only, so a refused run never wrote. Now the run
 * takes the lease, then looks whether another run changed the keys or the records since it read
 * them (it waited for one, or one ended just before); if so, it reads them again under the lease,
 * so its plan is that of a run alone. The keys the plan goes by are returned.
 */
async function underLease(
  ctx: RotationContext,
  keys: PlatformKey[],
  mark: ReturnType<typeof reportMark>,
): Promise<{ keys: PlatformKey[] } | IdlePreflight> {
  await takeRunLease(ctx);
  if (!ctx.heldLease) return { keys };
  const fresh = await listKeys(ctx, true);
  const sameKeys = fresh.length === keys.length && fresh.every((k) => ctx.listedBefore.has(k.id));
  if (sameKeys && !(await recordsChanged(ctx))) return { keys };
  ctx.log(
    'preflight',
    'The keys or the target records changed since this run read them (another run of the secret wrote them): reading them ' +
      'again, under the lease',
  );
  rewindReport(ctx, mark);
  ctx.listedBefore = new Set(fresh.map((k) => k.id));
  // rotateEvery: the run it waited for may have rotated, so the key is no longer due.
  const idle = await checkClock(ctx, fresh);
  if (idle) return { keys: fresh, idle };
  await readRecord(ctx, fresh);
  return { keys: fresh };
}

/** What readRecord adds to the report: rewound when it is read again. */
function reportMark(ctx: RotationContext) {
  return { notices: ctx.report.notices.length, warnings: ctx.report.warnings.length, dropped: ctx.report.droppedTargets?.length };
}

function rewindReport(ctx: RotationContext, mark: ReturnType<typeof reportMark>): void {
  ctx.report.notices.length = mark.notices;
  ctx.report.warnings.length = mark.warnings;
  if (mark.dropped === undefined) delete ctx.report.droppedTargets;
  else ctx.report.droppedTargets = ctx.report.droppedTargets?.slice(0, mark.dropped);
}

/** The platform's word on the current key (GET /auth): the kind the run rotates, and the account the new key must match. */
async function readCurrentAuth(ctx: RotationContext): Promise<void> {
  try {
    ctx.currentAuth = await ctx.forward.authDetails();
  } catch (error) {
    ctx.fail(platformFailure(ctx, 'preflight', `Asking the platform who the current key is (GET /auth) failed: `, error));
  }
  const problem = currentKeyAuthProblem(ctx.currentAuth, ctx.keyScope.keyKind);
  if (problem) ctx.fail({ code: 'auth-mismatch', step: 'preflight', ...problem });
  ctx.log('preflight', `The platform says the current key is ${ctx.currentAuth.auth_method} of account ${ctx.currentAuth.account_id}`);
}

/**
 * Proves every target (it resolves what a write needs; a sealed target's public key is fetched and
 * seals a probe; a target that takes the value is asked whether it can hold a key like the current
 * one), up to CONCURRENT_TARGET_READS at a time. Results and the failure reported follow the order
 * of the specs. With `goesOn` (an emergency rotation) every target is tried and the unreachable
 * ones are returned; otherwise the first fails the run.
 */
async function fetchPublicKeys(
  ctx: RotationContext,
  goesOn: boolean,
): Promise<{ publicKeys: Map<SecretTarget, TargetPublicKey | undefined>; unreachable: FailedWrite[] }> {
  const prove = async (target: SecretTarget) => {
    await target.prepare?.(ctx.secretName);
    if (takesPlainValue(target)) {
      // The new key has the current key's shape: one the target cannot hold is refused before a key is made.
      const problem = ctx.currentKey === undefined ? undefined : target.valueProblem?.(ctx.currentKey);
      if (problem) throw new TargetError({ message: problem, target: target.describe(), advice: 'Nothing was made or sent.' });
      return undefined;
    }
    const publicKey = await target.fetchPublicKey();
    await sealSecret('probe', publicKey.key);
    return publicKey;
  };
  const checks = await mapWithLimit(ctx.targets, CONCURRENT_TARGET_READS, async (target) => {
    if (!goesOn) return { ok: true as const, value: await prove(target) };
    try {
      return { ok: true as const, value: await prove(target) };
    } catch (error) {
      return { ok: false as const, error };
    }
  });
  const publicKeys = new Map<SecretTarget, TargetPublicKey | undefined>();
  const unreachable: FailedWrite[] = [];
  for (const [index, target] of ctx.targets.entries()) {
    const check = checks[index];
    // The first check that did not succeed is a failure: none after a failure was started.
    if (check?.status !== 'fulfilled')
      failUnreachable(ctx, { target, during: 'preflight', cause: check?.reason, mayHaveLanded: false, servedAt: undefined });
    if (!check.value.ok) {
      unreachable.push({ target, during: 'preflight', cause: check.value.error, mayHaveLanded: false, servedAt: undefined });
      continue;
    }
    publicKeys.set(target, check.value.value);
    ctx.log(
      'preflight',
      `${target.describe()} is reachable (${check.value.value ? `public key ${check.value.value.keyId}` : 'it takes the value over TLS'})`,
    );
  }
  // Every target unreachable: the token or the network, not one target; nothing can be written.
  if (unreachable.length === ctx.targets.length && unreachable[0]) failUnreachable(ctx, unreachable[0]);
  return { publicKeys, unreachable };
}

function failUnreachable(ctx: RotationContext, failed: FailedWrite): never {
  const error = failed.cause;
  return ctx.fail({
    code: 'target-unreachable',
    step: 'preflight',
    summary: `Target ${failed.target.describe()} cannot take the secret ${ctx.secretName}: ${describeError(error)}`,
    advice: `${targetAdvice(error)} Nothing was changed.`,
    cause: error,
  });
}

/**
 * An emergency rotation whose leaked key is live goes on without the targets it cannot reach: the
 * leaked key is revoked once the others hold the new key, and they are left out as a target whose
 * write failed is (named as left without a working key when they may hold the leaked key).
 */
function leaveOutUnreachable(ctx: RotationContext, unreachable: FailedWrite[]): void {
  ctx.unreachable = unreachable;
  for (const failed of unreachable) {
    probe('unreachable-target-left-out');
    ctx.notice('preflight', {
      code: 'unreachable-target-left-out',
      targets: [failed.target.describe()],
      secretName: ctx.secretName,
      keyIds: [ctx.leak!.keyId],
      problem: describeError(failed.cause),
      advice: targetAdvice(failed.cause),
      actions: [{ do: 'run-again' }],
    });
  }
}

/**
 * A key the tool did not make stays valid unless named in revokeKeyIds: say so on the first
 * rotation. The platform cannot say which key made a request (and `last_used_at` may be stale), so
 * this is said only when it is certain: the family has no key at all and the record names no
 * target (the current key cannot be the family's); the key is named only when it is the only one.
 */
function warnIfUnmanaged(ctx: RotationContext, keys: PlatformKey[], familyKeys: number): void {
  if (familyKeys > 0 || ctx.record.known || ctx.revokeKeyIds.length) return;
  const only = keys.length === 1 ? keys[0] : undefined;
  const keyIds = only ? [only.id] : [];
  ctx.notice('preflight', {
    code: 'unmanaged-current-key',
    family: ctx.family,
    secretName: ctx.secretName,
    keyIds,
    keyNames: only ? [only.name] : [],
    actions: [{ do: 'name-in-revoke-key-ids', keyIds }],
  });
}
