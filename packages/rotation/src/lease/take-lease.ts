// Taking the lease of a family before the run's first write (README, "Concurrent rotations"): one
// writer at a time, whatever concurrency group the workflows have or lack. A lease held by another
// run is waited for, up to a bound; one that lapsed (its holder crashed, or its unanswered writes
// have had time to land) is taken over, and the takeover is written into the new lease.

import { randomBytes } from 'node:crypto';
import type { Runtime } from '@keyturn/api/toolkit';
import { KeyturnError } from '@keyturn/api';
import type { LeaseBackend, LeaseTimings } from './lease-backend.js';
import { type LeaseText, readLeaseText, writeLeaseText } from './lease-text.js';
import { HeldLease } from './held-lease.js';

/** Another run held the lease for longer than the run waits: nothing was changed. */
export class LeaseHeldError extends KeyturnError {
  override name = 'LeaseHeldError';
  constructor(
    readonly holder: string,
    readonly started: string,
    readonly expires: string,
    readonly waitedMs: number,
  ) {
    super(`another run (${holder}, started ${started}) holds the lease until ${expires}`);
  }
}

export interface TakenLease {
  lease: HeldLease;
  /** How long the run waited for another run's lease (0: it was free). */
  waitedMs: number;
  /** The run it waited for, when it did. */
  waitedFor?: { holder: string; started: string };
  /** A lapsed lease the run took over: whose, and in which state it was left. */
  tookOver?: LeaseText['tookOver'];
}

export interface LeaseRequest {
  backend: LeaseBackend;
  name: string;
  holder: string;
  timings: LeaseTimings;
  runtime: Runtime;
  signal?: AbortSignal;
  /** Called once, when the run starts waiting. */
  onWait?: (held: LeaseText) => void;
}

export async function takeLease(request: LeaseRequest): Promise<TakenLease> {
  const { backend, name, holder, timings, runtime } = request;
  const startedAt = runtime.now();
  const nonce = randomBytes(8).toString('hex');
  const mine = (tookOver?: LeaseText['tookOver']): LeaseText => ({
    holder,
    nonce,
    started: new Date(startedAt).toISOString(),
    expires: new Date(runtime.now() + timings.ttlMs).toISOString(),
    state: 'held',
    ...(tookOver && { tookOver }),
  });
  const taken = (text: LeaseText, waitedFor?: LeaseText, tookOver?: LeaseText['tookOver']): TakenLease => ({
    lease: new HeldLease(backend, name, text, timings, runtime),
    waitedMs: Math.max(0, runtime.now() - startedAt),
    ...(waitedFor && { waitedFor: { holder: waitedFor.holder, started: waitedFor.started } }),
    ...(tookOver && { tookOver }),
  });
  let waitedFor: LeaseText | undefined;
  let vanished = 0;
  for (;;) {
    const text = mine();
    if (await backend.create(name, writeLeaseText(text))) return taken(text, waitedFor);
    const current = await backend.read(name);
    // Deleted between the create and the read: its holder released it. A store that keeps saying
    // both "exists" and "absent" is waited on like a held lease.
    if (current === undefined && ++vanished <= 3) continue;
    if (current === undefined) {
      if (runtime.now() - startedAt + timings.pollMs > timings.waitMs) throw new LeaseHeldError('unknown', 'unknown', 'unknown', runtime.now() - startedAt);
      await runtime.sleep(timings.pollMs, request.signal);
      continue;
    }
    const held = readLeaseText(current);
    // The run's own create, whose answer was lost and whose retry was told it exists.
    if (held?.nonce === nonce) return taken(held, waitedFor);
    if (!held || runtime.now() >= Date.parse(held.expires)) {
      const tookOver: LeaseText['tookOver'] = held ? { holder: held.holder, started: held.started, state: held.state } : { holder: 'unknown', started: 'unknown', state: 'unreadable' };
      const won = await takeOver(request, current, mine(tookOver));
      if (won) return taken(won, waitedFor, tookOver);
      continue;
    }
    if (runtime.now() - startedAt + timings.pollMs > timings.waitMs) {
      throw new LeaseHeldError(held.holder, held.started, held.expires, runtime.now() - startedAt);
    }
    if (!waitedFor) request.onWait?.(held);
    waitedFor = held;
    // Up to a fifth more, so runs waiting on one lease do not all ask at once.
    await runtime.sleep(timings.pollMs + Math.floor(runtime.random() * timings.pollMs * 0.2), request.signal);
  }
}

/**
 * A lapsed lease is deleted and created anew, then read back after a moment: of two runs taking it
 * over at once, the one whose lease is there goes on, the other waits again. Undefined: lost.
 */
async function takeOver(request: LeaseRequest, lapsed: string, text: LeaseText): Promise<LeaseText | undefined> {
  const { backend, name, runtime, timings } = request;
  // Deleted only while it still holds what was read: another run may have taken it over meanwhile.
  if ((await backend.read(name)) !== lapsed) return undefined;
  await backend.remove(name);
  if (!(await backend.create(name, writeLeaseText(text)))) return undefined;
  await runtime.sleep(timings.confirmMs, request.signal);
  const now = await backend.read(name);
  return now !== undefined && readLeaseText(now)?.nonce === text.nonce ? text : undefined;
}
