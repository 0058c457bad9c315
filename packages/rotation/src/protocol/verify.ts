// Step 3: the new key must work before any target gets it. It lists the keys with itself until it
// answers and finds itself (a new key may take a few seconds), within a bounded time. That listing
// is the freshest the run has: the store step's back-off check reads it.

import { AuthenticationError } from '@keyturn/api';
import { describeError, isTransient, type PlatformKey, type RotationPlatformClient } from '../platform.js';
import type { RotationContext } from './context.js';
import { type CreatedKey, revokeOwnKey } from './revoke-own-key.js';

export interface VerifiedKey {
  /** The platform client holding the new key. */
  client: RotationPlatformClient;
  /** The keys as the new key listed them when it found itself. */
  keys: PlatformKey[];
}

export async function verifyKey(ctx: RotationContext, created: CreatedKey): Promise<VerifiedKey> {
  const { timeoutMs, intervalMs } = ctx.verify;
  const deadline = performance.now() + timeoutMs;
  ctx.log('verify', `Checking that key ${created.id} works by listing keys with it`);
  let newClient: RotationPlatformClient | undefined;
  let problem = '';
  let refused = false;
  for (let attempt = 1; ; attempt++) {
    let keys: PlatformKey[] = [];
    try {
      newClient ??= ctx.client.withApiKey(created.key);
      keys = await newClient.apiKeys.list();
      problem = 'it answered but did not list itself';
    } catch (error) {
      problem = describeError(error);
      // A new key may be refused for a moment; anything else will not get better by waiting.
      refused = !(error instanceof AuthenticationError) && !isTransient(error);
      if (refused) break;
    }
    if (newClient && keys.some((k) => k.id === created.id)) {
      ctx.log('verify', `Key ${created.id} works: it listed itself (attempt ${attempt})`);
      return { client: newClient, keys };
    }
    const left = deadline - performance.now();
    if (left <= 0) break;
    ctx.log('verify', `Key ${created.id} does not work yet (${problem}); trying again`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
  }
  const failure = refused
    ? `The new key ${created.id} was refused (${problem})`
    : `The new key ${created.id} did not work within ${timeoutMs} ms (${problem})`;
  await revokeOwnKey(ctx, 'verify', created, ctx.client, failure);
  ctx.fail(
    'verify',
    `${failure}; it was revoked and nothing was written`,
    'The current key still works: run again later, and check the platform status if it keeps happening.',
  );
}
