// The one exception to "no lock-out" (README, "When a key leaks"): once the store step is through,
// an emergency rotation revokes the leaked key, whatever `keep` says and whatever the record
// protects, also when targets could not be written or a dropped target may hold it. A leaked key is
// worse than one target's outage; each target left without a working key is named, with what to do,
// and the run fails.

import { RotationError } from '../errors.js';
import { option } from '../option-names.js';
import { describeError, type RotationPlatformClient } from '../platform.js';
import type { RotationContext } from '../protocol/context.js';
import { type CreatedKey, type OwnKeyRevocation, ownKeyLeftValid, revokeIfLive } from '../protocol/revocation.js';
import type { FailedWrite } from '../protocol/store/outcome.js';
import type { VerifiedKey } from '../protocol/verify.js';
import { describeLeakedKey } from './leaked-key.js';
import { identityOf } from '../targets/secret-target.js';
import { probe } from '../internal/probes.js';

/**
 * Revokes the leaked key (right after the store step), and names the targets left without a working
 * key. Fails the run (`leaked-key-left`) when a listed target could not be written, or when the
 * leaked key could not be revoked; targets left out only by being dropped fail it at the end
 * (failIfLeftWithoutKey), once the usual revocations are done.
 */
export async function revokeLeakedKey(
  ctx: RotationContext,
  created: CreatedKey,
  verified: VerifiedKey,
  stored: { leftOut: FailedWrite[]; ownKey?: OwnKeyRevocation },
): Promise<void> {
  const leak = ctx.leak;
  const report = ctx.report.leak;
  if (!leak || !report) return;
  const unwritten = stored.leftOut.filter((f) => leak.listedHolders.has(identityOf(f.target))).map((f) => f.target.describe());
  report.unwritten = [...unwritten, ...leak.dropped];
  for (const failed of stored.leftOut) {
    if (leak.listedHolders.has(identityOf(failed.target))) continue;
    ctx.notice('store', {
      code: 'target-unwritten',
      target: failed.target.describe(),
      newKeyId: created.id,
      error: describeError(failed.cause),
      actions: [{ do: 'run-again' }],
    });
  }
  if (leak.live) {
    // With the new key, unless no target took it (then it was revoked, and the current key revokes).
    const client = ctx.report.newKeyRevoked ? ctx.client : verified.client;
    for (const keyId of leak.liveIds) {
      ctx.log('revoke', `Revoking the leaked key ${keyId}`);
      try {
        await revokeForSure(ctx, client, keyId);
      } catch (error) {
        ctx.fail({
          code: 'leaked-key-left',
          step: 'revoke',
          summary: `Revoking the leaked key ${keyId} failed: ${describeError(error)}. THE LEAKED KEY IS STILL VALID`,
          advice:
            `Revoke key ${keyId} in the platform console now, or run this emergency rotation again at ` +
            `once. ${holdersNow(ctx, created, stored)}`,
          cause: error,
        });
      }
      ctx.report.revokedKeyIds.push(keyId);
    }
    report.revoked = true;
    report.msToRevocation = ctx.elapsedMs();
    probe(stored.leftOut.length ? 'leaked-key-revoked-targets-left' : 'leaked-key-revoked');
  }
  if (stored.ownKey && !stored.ownKey.revoked) {
    const { summary, advice } = ownKeyLeftValid(
      created,
      `No target could be written, and the leaked key ${leak.keyId} was revoked`,
      stored.ownKey.error,
    );
    ctx.fail({
      code: 'leaked-key-left',
      step: 'store',
      summary: `${summary}. ${leftWithoutKey(ctx)}`,
      advice: `${advice} ${whatToDo(ctx)}`,
      cause: stored.ownKey.error,
    });
  }
  if (stored.leftOut.length) {
    const failures = stored.leftOut.map((f) => `${f.target.describe()} (${describeError(f.cause)})`).join('; ');
    ctx.fail({
      code: 'leaked-key-left',
      step: 'store',
      summary:
        `The leaked key ${leak.keyId} was revoked, but ${stored.leftOut.length === 1 ? 'a target' : 'targets'} could not be given ` +
        `the new key ${created.id}: ${failures}. ${leftWithoutKey(ctx)}`,
      advice: whatToDo(ctx),
      cause: stored.leftOut[0]?.cause,
    });
  }
}

/**
 * Revokes the leaked key. A 404 says it is gone, but the preflight listed it live: the listing must
 * agree before the leak is called answered (else it is revoked once more). Throws while it is live.
 */
async function revokeForSure(ctx: RotationContext, client: RotationPlatformClient, keyId: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if ((await revokeIfLive(client, keyId)) === 'revoked') {
      ctx.log('revoke', `Revoked the leaked key ${keyId}`);
      return;
    }
    const listed = (await client.apiKeys.list()).some((k) => k.id === keyId);
    if (!listed) {
      ctx.log('revoke', `The leaked key ${keyId} was already revoked`);
      return;
    }
    if (attempt === 2) throw new Error(`the platform answered 404 to revoking key ${keyId} twice, and still lists it`);
  }
}

/** After the usual revocations: a dropped target that held the leaked key is left without a working key. */
export function failIfLeftWithoutKey(ctx: RotationContext): void {
  if (!ctx.report.leak?.unwritten.length) return;
  ctx.fail({
    code: 'leaked-key-left',
    step: 'revoke',
    summary: `The leaked key ${ctx.report.leak.keyId} was revoked and every listed target holds the new key, but ${leftWithoutKey(ctx)}`,
    advice: whatToDo(ctx),
  });
}

function leftWithoutKey(ctx: RotationContext): string {
  const left = ctx.report.leak?.unwritten ?? [];
  if (!left.length) return 'No target is left without a working key.';
  return (
    `${left.join(', ')} ${left.length === 1 ? 'is' : 'are'} left without a working key: the record ` +
    `says ${left.length === 1 ? 'it' : 'they'} held the leaked key.`
  );
}

function whatToDo(ctx: RotationContext): string {
  const dropped = ctx.leak?.dropped ?? [];
  const listed = (ctx.report.leak?.unwritten ?? []).filter((spec) => !dropped.includes(spec));
  return [
    listed.length
      ? `Fix what kept ${listed.join(', ')} from being written, then run the rotation again (without the leaked key): it writes ` +
        `every target. If the secret ${ctx.secretName} the workflow reads is among them, first make a key in the platform console ` +
        `and put it there by hand.`
      : '',
    dropped.length
      ? `For ${dropped.join(', ')} (no longer in ${option('targets')}): put it back in ${option('targets')} and run again, or ` +
        `delete the secret there and name it in ${option('retireTargets')}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Who holds what while the leaked key is still valid (its revocation failed). */
function holdersNow(ctx: RotationContext, created: CreatedKey, stored: { leftOut: FailedWrite[] }): string {
  const holders = ctx.report.targets;
  const held = holders.length
    ? `${holders.join(', ')} ${holders.length === 1 ? 'holds' : 'hold'} the new key ${created.id}`
    : `No target holds the new key ${created.id}`;
  return `${held}${stored.leftOut.length ? `; ${stored.leftOut.map((f) => f.target.describe()).join(', ')} could not be written` : ''}.`;
}

/**
 * A run of an emergency rotation that failed before the leaked key was revoked says so: the leak
 * is not answered yet. Any other error is returned as it is.
 */
export function withLeakStillValid(ctx: RotationContext, error: unknown): unknown {
  const leaked = ctx.leakedKey;
  const leak = ctx.report.leak;
  if (!(error instanceof RotationError) || !leaked || leak?.revoked || error.code === 'leaked-key-left') return error;
  // A refusal of the options (an unknown key among them) explains itself: nothing to revoke is known.
  if (error.code === 'invalid-options') return error;
  const named = leak ? `key ${leak.keyId}` : describeLeakedKey(leaked);
  const lockedOut = leak?.heldBy.length ? leak.heldBy.join(', ') : 'the targets that hold it';
  return new RotationError({
    code: error.code,
    step: error.step,
    summary: `${error.summary.replace(/[.\s]+$/, '')}. The leaked key (${named}) is still valid`,
    advice:
      `${error.advice} Then run this emergency rotation again at once: it revokes the leaked key once every target holds a new ` +
      `one (revoking it in the platform console stops the leak now, but locks out ${lockedOut}).`,
    actions: error.actions,
    cause: error.cause,
    report: leak ? { ...error.report, leak: { ...leak } } : error.report,
  });
}
