// Step 1, without side effects (I4: a run stopped here changed nothing): the current key works (it
// lists keys; with a managing key, it makes its own scope's request and the managing key lists),
// every target is reachable (its public key is fetched and usable, and kept: the store step seals
// with it), and the plan is known. A dry run stops here.

import { platformFailureCode } from '../errors.js';
import { makeKeyName } from '../family.js';
import { checkFailedWords, checkingWords, notLiveWords, workingWords } from '../key-kind/words.js';
import { mapWithLimit } from '../map-with-limit.js';
import { describeError, type PlatformKey, platformAdvice } from '../platform.js';
import type { RotationPlan } from '../report.js';
import { sealSecret } from '../seal.js';
import { type SecretTarget, TargetError, type TargetPublicKey, takesPlainValue, targetAdvice } from '../targets/secret-target.js';
import { mintAppTokens } from './app-tokens.js';
import { currentKeyAuthProblem } from './auth-details.js';
import type { RotationContext } from './context.js';
import { familyMembers, selectRevocations } from './revocation-plan.js';
import { readRecord, recordFacts } from './record-preflight.js';
import { countNoun } from '@keyturn/api/toolkit';

// GitHub asks clients to "make requests serially instead of concurrently" to stay clear of its
// secondary rate limits (https://docs.github.com/rest/using-the-rest-api/best-practices-for-using-the-rest-api).
// A few reads overlap all the same, so a run with many targets is not slowed by each one's latency;
// 3 keeps the burst small. Writes stay one at a time (github/write-spacing.ts).
const CONCURRENT_TARGET_READS = 3;

export interface PreflightResult {
  keys: PlatformKey[];
  plan: RotationPlan;
  /** Each sealed target's public key, fetched once: the store step seals with it (none for a target that takes the value). */
  publicKeys: Map<SecretTarget, TargetPublicKey | undefined>;
}

export async function preflight(ctx: RotationContext): Promise<PreflightResult> {
  const { secretName } = ctx;
  ctx.log('preflight', checkingWords(ctx.keyScope));
  let keys: PlatformKey[] = [];
  try {
    keys = await ctx.forward.apiKeys.list();
  } catch (error) {
    ctx.fail({
      code: platformFailureCode(error),
      step: 'preflight',
      summary: `${checkFailedWords(ctx.keyScope)}: ${describeError(error)}`,
      advice: platformAdvice(error, secretName, true, ctx.keyScope),
      cause: error,
    });
  }
  ctx.listedBefore = new Set(keys.map((k) => k.id));
  ctx.log('preflight', workingWords(ctx.keyScope, keys.length));
  await readCurrentAuth(ctx);
  // Every GitHub request below goes through an installation token when a GitHub App is used.
  await mintAppTokens(ctx);
  const publicKeys = await fetchPublicKeys(ctx);
  // After the targets: a token GitHub refuses is reported against the first target, as before.
  await readRecord(ctx, keys);
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
  if (ctx.leak?.live && !plan.revokeKeyIds.includes(ctx.leak.keyId)) plan.revokeKeyIds.push(ctx.leak.keyId);
  ctx.report.plan = plan;
  const revoking = plan.revokeKeyIds.length ? `revoke keys ${plan.revokeKeyIds.join(', ')}` : 'revoke no key';
  ctx.log('preflight', `Plan: create ${plan.keyName}, write ${secretName} to ${plan.targets.join(', ')}, ${revoking}`);
  return { keys, plan, publicKeys };
}

/** The platform's word on the current key (GET /auth): the kind the run rotates, and the account the new key must match. */
async function readCurrentAuth(ctx: RotationContext): Promise<void> {
  try {
    ctx.currentAuth = await ctx.forward.authDetails();
  } catch (error) {
    ctx.fail({
      code: platformFailureCode(error),
      step: 'preflight',
      summary: `Asking the platform who the current key is (GET /auth) failed: ${describeError(error)}`,
      advice: platformAdvice(error, ctx.secretName, true, ctx.keyScope),
      cause: error,
    });
  }
  const problem = currentKeyAuthProblem(ctx.currentAuth, ctx.keyScope.keyKind);
  if (problem) ctx.fail({ code: 'auth-mismatch', step: 'preflight', ...problem });
  ctx.log('preflight', `The platform says the current key is ${ctx.currentAuth.auth_method} of account ${ctx.currentAuth.account_id}`);
}

/**
 * Proves every target (it resolves what a write needs; a sealed target's public key is fetched and
 * seals a probe; a target that takes the value is asked whether it can hold a key like the current
 * one), up to CONCURRENT_TARGET_READS at a time. Results and the failure reported follow the order
 * of the specs.
 */
async function fetchPublicKeys(ctx: RotationContext): Promise<Map<SecretTarget, TargetPublicKey | undefined>> {
  const checks = await mapWithLimit(ctx.targets, CONCURRENT_TARGET_READS, async (target) => {
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
  });
  const publicKeys = new Map<SecretTarget, TargetPublicKey | undefined>();
  for (const [index, target] of ctx.targets.entries()) {
    const check = checks[index];
    // The first check that did not succeed is a failure: none after a failure was started.
    if (check?.status !== 'fulfilled') {
      const error = check?.reason;
      ctx.fail({
        code: 'target-unreachable',
        step: 'preflight',
        summary: `Target ${target.describe()} cannot take the secret ${ctx.secretName}: ${describeError(error)}`,
        advice: `${targetAdvice(error)} Nothing was changed.`,
        cause: error,
      });
    }
    publicKeys.set(target, check.value);
    ctx.log('preflight', `${target.describe()} is reachable (${check.value ? `public key ${check.value.keyId}` : 'it takes the value over TLS'})`);
  }
  return publicKeys;
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
