// Every word step 4 says when it cannot finish, written from its outcome (outcome.ts): what
// happened, which targets may hold the new key, what to do, and the RotationError code.

import type { RotationFailure } from '../../errors.js';
import { describeError, platformAdvice } from '../../platform.js';
import { targetAdvice } from '../../targets/secret-target.js';
import type { RotationContext } from '../context.js';
import { type CreatedKey, type OwnKeyRevocation, ownKeyLeftValid } from '../revocation.js';
import type { StoreOutcome, WriteBackHalt } from './outcome.js';

export const CONCURRENCY_GROUP = 'Run rotations of one secret in a workflow concurrency: group so they never overlap.';
const NEXT_ROTATION = 'The next rotation writes every target and revokes the older keys.';
const RUN_AGAIN = 'Run again: the next rotation writes every target and revokes the older keys.';

type Unfinished = Exclude<StoreOutcome, { kind: 'stored' }>;

export function storeFailure(ctx: RotationContext, created: CreatedKey, outcome: Unfinished): RotationFailure {
  const holders = outcome.mayHold.map((t) => t.describe()).join(', ');
  const id = created.id;
  switch (outcome.kind) {
    case 'backed-off': {
      const failure = `${outcome.why}. Another rotation of this secret is running and owns it now`;
      return withOwnKey('concurrent-rotation', created, failure, outcome.ownKey, {
        summary: `${failure}; this run wrote nothing and revoked its own new key ${id}`,
        advice: 'Nothing to do if the other rotation succeeds; otherwise run again once it has finished.',
      });
    }
    case 'record-failed': {
      const failure = `Recording which targets may hold the new key failed: ${describeError(outcome.error)}`;
      const advice = (outcome.error as { advice?: unknown } | null)?.advice;
      return withOwnKey('record-failed', created, failure, outcome.ownKey, {
        summary: `${failure}; no secret was written and the new key ${id} was revoked`,
        advice: `${typeof advice === 'string' ? advice : 'Run again.'} The current key still works.`,
        cause: outcome.error,
      });
    }
    case 'stopped':
      if (outcome.reason === 'concurrent') {
        return store('concurrent-rotation', {
          summary:
            `${outcome.why}: a concurrent rotation of this secret took over while this run was writing, so this run stopped ` +
            `writing: ${holders} may hold the new key ${id}, which this run did not revoke (no rollback: the other rotation writes ` +
            `every target)`,
          advice: `Let the concurrent rotation finish; the next rotation revokes what is left. ${CONCURRENCY_GROUP}`,
        });
      }
      if (outcome.mayHold.length) {
        return store('aborted', {
          summary:
            `The run was aborted while writing the targets: ${holders} may hold the new key ${id}, which stays valid, and so does ` +
            `the current key`,
          advice: RUN_AGAIN,
        });
      }
      return withOwnKey('aborted', created, 'The run was aborted before any target was written', outcome.ownKey, {
        summary: `The run was aborted before any target was written; the new key ${id} was revoked`,
        advice: 'Nothing was written and the current key still works: run again.',
      });
    case 'write-failed':
      return writeFailure(ctx, created, outcome, holders);
  }
}

function writeFailure(
  ctx: RotationContext,
  created: CreatedKey,
  outcome: Extract<Unfinished, { kind: 'write-failed' }>,
  holders: string,
): RotationFailure {
  const { failed, rollback } = outcome;
  const check = failed.during === 'check';
  const code = check ? 'platform-failed' : 'target-failed';
  const why = check
    ? `listing keys with the new key ${created.id} first, to check that no newer rotation runs, failed: ${describeError(failed.cause)}`
    : describeError(failed.cause);
  const advice = check ? platformAdvice(failed.cause, ctx.secretName, false, ctx.keyScope) : targetAdvice(failed.cause);
  const what = `Writing ${ctx.secretName} to ${failed.target.describe()} failed: ${why}`;
  const rerun = thenRunAgain(advice, NEXT_ROTATION);
  const halt = rollback.halt && haltWords(rollback.halt, created, rerun);
  const keptWhy = rollback.untouched ? `${failed.target.describe()} ${keepsItsKey(rollback.untouched)}` : undefined;
  const kept = keptWhy ? `; ${keptWhy}` : '';
  const said = (summary: string, advice: string): RotationFailure => ({
    code,
    step: 'store',
    summary: `${what}. ${summary}`,
    advice,
    cause: failed.cause,
  });
  if (outcome.mayHold.length) {
    if (halt)
      return said(
        `${halt.reason}: ${holders} may hold the new key ${created.id}, which stays valid, and so does the current key${kept}`,
        halt.advice,
      );
    const late = rollback.landLate ?? [];
    const unrestored = outcome.mayHold.map((t) => t.describe()).filter((t) => !late.includes(t));
    const failedBack = unrestored.length ? `Writing the previous key back failed for ${unrestored.join(', ')}` : '';
    if (!late.length)
      return said(`${failedBack}, which may hold the new key ${created.id}: it stays valid, and so does the current key${kept}`, rerun);
    const landing =
      `${failedBack ? '; the' : 'The'} previous key was written back to ${late.join(', ')}, but a write of the new key there got ` +
      `no answer and may still land`;
    return said(
      `${failedBack}${landing}: ${holders} may hold the new key ${created.id}, which stays valid, and so does the current key${kept}`,
      rerun,
    );
  }
  if (outcome.ownKey && !outcome.ownKey.revoked) {
    return { code, step: 'store', ...ownKeyLeftValid(created, what, outcome.ownKey.error), cause: outcome.ownKey.error };
  }
  if (halt) {
    return said(
      `${halt.reason}; but no target holds the new key${keptWhy ? `: ${keptWhy}` : ''}, so the new key ${created.id} was revoked`,
      thenRunAgain(advice, halt.concurrent ? CONCURRENCY_GROUP : undefined),
    );
  }
  const back = rollback.restored?.length
    ? `The previous key was written back to ${rollback.restored.join(', ')}`
    : 'No target had been written';
  return said(`${back} and the new key ${created.id} was revoked${kept}`, thenRunAgain(advice));
}

/** Why the previous key was not written back ("…, so the previous key was not written back"), and what to do. */
function haltWords(halt: WriteBackHalt, created: CreatedKey, rerun: string): { reason: string; advice: string; concurrent: boolean } {
  switch (halt.reason) {
    case 'no-previous-key':
      return {
        reason: "The previous key's value was not given (apiKey option), so it was not written back",
        advice: rerun,
        concurrent: false,
      };
    case 'concurrent':
      return {
        reason:
          `${halt.why}: a concurrent rotation of this secret took over the targets and may have revoked the previous key, so the ` +
          `previous key was not written back`,
        advice: `Let the concurrent rotation finish; the next rotation revokes key ${created.id}. ${CONCURRENCY_GROUP}`,
        concurrent: true,
      };
    case 'previous-key-dead':
      return {
        reason: 'The previous key no longer works (it was revoked during this run), so the previous key was not written back',
        advice: rerun,
        concurrent: false,
      };
    case 'check-failed':
      return halt.during === 'first'
        ? {
            reason:
              `Checking that the previous key still works failed (${describeError(halt.error)}), so the previous key was not ` +
              `written back`,
            advice: rerun,
            concurrent: false,
          }
        : {
            reason:
              `Listing keys with the new key ${created.id}, to check that no newer rotation runs, failed ` +
              `(${describeError(halt.error)}), so the previous key was not written back further`,
            advice: RUN_AGAIN,
            concurrent: false,
          };
  }
}

/** A step-4 failure whose own key was to be revoked: `done` when it was, else that it stays valid. */
function withOwnKey(
  code: RotationFailure['code'],
  created: CreatedKey,
  failure: string,
  ownKey: OwnKeyRevocation | undefined,
  done: { summary: string; advice: string; cause?: unknown },
): RotationFailure {
  if (ownKey && !ownKey.revoked) return { code, step: 'store', ...ownKeyLeftValid(created, failure, ownKey.error), cause: ownKey.error };
  return store(code, done);
}

function store(code: RotationFailure['code'], words: { summary: string; advice: string; cause?: unknown }): RotationFailure {
  return { code, step: 'store', ...words };
}

/** The target's advice, then "run again" (said once: the advice may say it already), then `more`. */
function thenRunAgain(advice: string, more?: string): string {
  const rerun = /\brun again\b/i.test(advice) ? '' : ' Then run again.';
  return `${advice}${rerun}${more ? ` ${more}` : ''}`;
}

/** Why a target whose write failed keeps its key: also logged when the rollback learns it. */
export function keepsItsKey(reason: string): string {
  return `keeps the key it held before, as no write of this run landed there (${reason})`;
}
