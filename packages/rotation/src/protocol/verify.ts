// Step 3: the new key must work before any target gets it (I1). It lists the keys with itself until
// it answers and finds itself (a new key may take a few seconds), within a bounded time on the run's
// clock. That listing is the freshest the run has: the store step's back-off check reads it. With a
// managing key, "listing with itself" is the new key's own scope request, then the managing key's
// listing (key-kind/kind-client.ts); a refused managing key is not waited for.

import { isManagingKeyFailure } from '../key-kind/managing-key.js';
import { option } from '../option-names.js';
import {
  describeError,
  isTransient,
  type PlatformKey,
  platformAdvice,
  type RotationPlatformClient,
  rotatedKeyRefused,
} from '../platform.js';
import { aborted, forwardClient, type RotationContext, waitUnlessAborted } from './context.js';
import { type CreatedKey, ownKeyLeftValid, revokeOwnKey } from './revocation.js';
import { RotationError } from '../errors.js';
import { type AuthWord, newKeyAuthProblem } from './auth-details.js';
import { probe } from '../internal/probes.js';
import { mutant } from '../internal/mutants.js';

export interface VerifiedKey {
  /** The platform client holding the new key, for cleanup (an abort does not stop its requests). */
  client: RotationPlatformClient;
  /** The same, with its requests aborted by the caller's signal: for the requests that move the run forward. */
  forward: RotationPlatformClient;
  /** The keys as the new key listed them when it found itself. */
  keys: PlatformKey[];
}

export async function verifyKey(ctx: RotationContext, created: CreatedKey): Promise<VerifiedKey> {
  const { timeoutMs, intervalMs } = ctx.verify;
  const deadline = ctx.runtime.now() + timeoutMs;
  ctx.log('verify', `Checking that key ${created.id} works by listing keys with it`);
  const newClient = ctx.client.withApiKey(created.key);
  const forward = forwardClient(newClient, ctx.signal);
  let problem = '';
  let refused = false;
  let lastError: unknown;
  let abortedRun = false;
  for (let attempt = 1; ; attempt++) {
    let keys: PlatformKey[] = [];
    try {
      keys = await forward.apiKeys.list();
      problem = 'it answered but did not list itself';
    } catch (error) {
      abortedRun = aborted(ctx);
      if (abortedRun) break;
      problem = describeError(error);
      lastError = error;
      // A new key may be refused for a moment; anything else will not get better by waiting.
      refused = !rotatedKeyRefused(error) && !isTransient(error);
      if (refused) break;
    }
    if (keys.some((k) => k.id === created.id)) {
      // The platform's own word on the new key, before any target gets it: asked again while it fails.
      try {
        const word = await forward.authDetails();
        ctx.log(
          'verify',
          `Key ${created.id} works: it listed itself (attempt ${attempt}), and the platform says it is ${word.auth_method} of ` +
            `account ${word.account_id}`,
        );
        await refuseOtherAccount(ctx, created, word);
        return { client: newClient, forward, keys };
      } catch (error) {
        if (error instanceof RotationError) throw error;
        abortedRun = aborted(ctx);
        if (abortedRun) break;
        problem = `it listed itself, but GET /auth failed: ${describeError(error)}`;
        lastError = error;
        refused = !rotatedKeyRefused(error) && !isTransient(error);
        if (refused) break;
      }
    }
    const left = deadline - ctx.runtime.now();
    if (left <= 0) break;
    probe('verify-retried');
    ctx.log('verify', `Key ${created.id} does not work yet (${problem}); trying again`);
    abortedRun = !(await waitUnlessAborted(ctx, Math.min(intervalMs, left)));
    if (abortedRun) break;
  }
  // I2: a key that was not proven to work is written nowhere, so it goes.
  const failure = abortedRun
    ? `The run was aborted while checking that the new key ${created.id} works`
    : refused
      ? `The new key ${created.id} was refused (${problem})`
      : `The new key ${created.id} did not work within ${timeoutMs} ms (${problem})`;
  const code = abortedRun ? 'aborted' : 'verify-failed';
  const ownKey = await revokeOwnKey(ctx, 'verify', created, ctx.client);
  if (!ownKey.revoked) ctx.fail({ code, step: 'verify', ...ownKeyLeftValid(created, failure, ownKey.error), cause: ownKey.error });
  ctx.fail({
    code,
    step: 'verify',
    summary: `${failure}; it was revoked and nothing was written`,
    advice: abortedRun
      ? 'The current key still works: run again.'
      : isManagingKeyFailure(lastError)
        ? `The current key still works. ${platformAdvice(lastError, ctx.secretName, false, ctx.keyScope)}`
        : 'The current key still works: run again later, and check the platform status if it keeps happening.',
  });
}

/** A new key of another account or kind is stored nowhere (item 4 of issue 20): revoked, and the run stops. */
async function refuseOtherAccount(ctx: RotationContext, created: CreatedKey, word: AuthWord): Promise<void> {
  const current = ctx.currentAuth;
  const problem = current && !mutant('new-key-auth-unchecked') && newKeyAuthProblem(word, current, ctx.keyScope.keyKind);
  if (!problem) return;
  probe('auth-refused-new-key');
  const failure = `The platform says the new key ${created.id} ${problem}`;
  const ownKey = await revokeOwnKey(ctx, 'verify', created, ctx.client);
  if (!ownKey.revoked)
    ctx.fail({ code: 'auth-mismatch', step: 'verify', ...ownKeyLeftValid(created, failure, ownKey.error), cause: ownKey.error });
  ctx.fail({
    code: 'auth-mismatch',
    step: 'verify',
    summary: `${failure}; it was revoked and nothing was written`,
    advice: ctx.keyScope.managed
      ? `The current key still works. Check that the key in the secret ${ctx.secretName} and the key ` +
        `in ${option('managingApiKey')} belong to the same account (and ${option('keyKind')} names their kind), then run again.`
      : `The current key still works. Check with the platform's support why a key it made is of another account or kind; do not ` +
        `run again until it is explained.`,
  });
}
