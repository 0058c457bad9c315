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
import { probe } from '../internal/probes.js';

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
  let pollMs = timings.pollMs;
  // The first look creates; a later one reads first, and creates only once the lease is gone.
  const first = mine();
  if (await backend.create(name, writeLeaseText(first))) return taken(first);
  let current = await backend.read(name);
  for (;;) {
    if (current === undefined) {
      const text = mine();
      if (await backend.create(name, writeLeaseText(text))) return taken(text, waitedFor);
      current = await backend.read(name);
      // Deleted between the create and the read: its holder released it. A store that keeps saying
      // both "exists" and "absent" is waited on like a held lease.
      if (current === undefined && ++vanished <= 3) continue;
    }
    const held = current === undefined ? undefined : readLeaseText(current);
    // The run's own create, whose answer was lost and whose retry was told it exists.
    if (held && held.nonce === nonce) return taken(held, waitedFor);
    const lapsed = current !== undefined && (!held || runtime.now() >= Date.parse(held.expires));
    if (lapsed) {
      const tookOver: LeaseText['tookOver'] = held
        ? { holder: held.holder, started: held.started, state: held.state }
        : { holder: 'unknown', started: 'unknown', state: 'unreadable' };
      const won = await takeOver(request, current as string, mine(tookOver));
      if (won) {
        probe('lease-taken-over');
        return taken(won, waitedFor, tookOver);
      }
      probe('lease-takeover-lost');
      current = await backend.read(name);
      continue;
    }
    if (held && !waitedFor) {
      probe('lease-waited');
      request.onWait?.(held);
    }
    waitedFor = held ?? waitedFor;
    if (runtime.now() - startedAt + Math.min(pollMs, timings.pollMs) > timings.waitMs) {
      probe('lease-held-gave-up');
      throw new LeaseHeldError(
        held?.holder ?? 'unknown',
        held?.started ?? 'unknown',
        held?.expires ?? 'unknown',
        runtime.now() - startedAt,
      );
    }
    // Looks again sooner while the holder may be about to end, then less often (at most a minute
    // apart), never past the lease's expiry, nor past the end of the wait; up to a fifth more, so
    // runs waiting on one lease do not all ask at once.
    const untilExpiry = held ? Date.parse(held.expires) - runtime.now() : pollMs;
    const untilGiveUp = startedAt + timings.waitMs - runtime.now();
    const sleep = Math.max(0, Math.min(pollMs, untilExpiry, untilGiveUp));
    await runtime.sleep(sleep + Math.floor(runtime.random() * sleep * 0.2), request.signal);
    pollMs = Math.min(60_000, Math.max(timings.pollMs, Math.round(pollMs * 1.5)));
    current = await backend.read(name);
  }
}

/**
 * A lapsed lease is written over in place, then read back once every write that could still land
 * has landed: of two runs taking it over at once, the one whose lease is there goes on, the other
 * waits again. Never deleted and made anew: while a takeover is under way the variable exists, so
 * no third run takes it by a create (a slow delete once removed a lease made meanwhile, and two runs
 * held it: seed 147446247). Undefined: lost.
 */
async function takeOver(request: LeaseRequest, lapsed: string, text: LeaseText): Promise<LeaseText | undefined> {
  const { backend, name, runtime, timings } = request;
  // Written over only while it still holds what was read: another run may have taken it over meanwhile.
  if ((await backend.read(name)) !== lapsed) return undefined;
  try {
    await backend.update(name, writeLeaseText(text));
  } catch (error) {
    // Released by its holder meanwhile: the next look creates it.
    if ((await backend.read(name)) === undefined) return undefined;
    throw error;
  }
  await runtime.sleep(timings.confirmMs, request.signal);
  const now = await backend.read(name);
  return now !== undefined && readLeaseText(now)?.nonce === text.nonce ? text : undefined;
}
