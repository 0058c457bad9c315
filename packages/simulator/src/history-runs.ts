// The runs of a history's rounds (history.ts): the spec a workflow run gets, the key it starts
// with, the plan of a round (clean, faults, a crash, concurrent runs), and the keys the user holds.

import type { CrashPoint, Run, RunResult, RunSpec, Simulation } from './simulation.js';
import { createRng, type Rng } from './prng.js';
import { type FaultReach, lateWrite, randomFault } from './random-faults.js';
import { ORG_ID, SECRET_NAMES, type Skew } from './world.js';
import { putHeld } from './target-pool.js';
import { scheduleSpec } from './timed-model.js';
import type { UserState } from './history-user.js';

/** The seed of the stream a concurrent round's third run draws from. */
export const THIRD_RUN_STREAM = 0x7468_6972;
/** The seed of the stream the managing key's choices draw from. */
export const MANAGING_STREAM = 0x6d61_6e61;
/**
 * After the first round of an organization key's history, now and then: the user manages the
 * rotation with an organization key made by hand and named like the family (an older member of
 * it, which no record knows). No run may revoke it: it is the key the run authenticates with.
 */
export function handMadeManagingKey(sim: Simulation, user: UserState, results: readonly RunResult[]): void {
  const family = results.find((r) => r.report?.family)?.report?.family;
  const pick = createRng(sim.seed ^ MANAGING_STREAM);
  if (user.kind !== 'organization' || !family || !pick.chance(0.5)) return;
  const made = sim.world.platform.createOrgKey(ORG_ID, `${family}-20290101T000000Z-hand`);
  sim.world.userKeyIds.add(made.id);
  sim.world.secrets.add(made.key);
  user.managingKey = { id: made.id, key: made.key };
  sim.note(`user: manages with key ${made.id}, made by hand and named like family ${family}`);
}

/** The managing key's own secret holds a key that must keep working: a run that revoked it locked every later run out. */
export function managingKeyLockOut(sim: Simulation, user: UserState): string[] {
  const key = user.managingKey;
  return key && !sim.world.platform.isKeyValid(key.key) ? [`lock-out: the managing key ${key.id} (its own secret) no longer works`] : [];
}

/** The user's first key in the secret of every listed target, written a day ago. */
export function seedSecrets(sim: Simulation, user: UserState, targets: readonly string[]): void {
  const writtenAt = new Date(sim.time.now() - 86_400_000);
  for (const target of targets) {
    putHeld(sim.world, target, user.secretName, user.consoleKey, writtenAt);
    user.written.add(target);
  }
}

/**
 * The working keys the listed targets hold (for the keep check), but not a key excused at its
 * target: one a target dropped before the user deleted the record holds is known to no run
 * (README, "Without a record": it may go like any older key), taken back or not (seed 1414879925).
 */
export function workingKeysHeld(sim: Simulation, user: UserState): string[] {
  const values = user.list.map((t) => {
    const value = sim.world.held(t, user.secretName);
    return value !== undefined && user.excused.get(`${t} ${user.secretName}`) === value ? undefined : value;
  });
  return values.filter((v): v is string => v !== undefined && sim.world.platform.isKeyValid(v));
}

/**
 * The platform's clock steps back 30 s to 3 min (a time correction): a key used earlier can look
 * more recently used than the key the targets hold, as on a platform that records use late.
 */
export function stepPlatformClockBack(sim: Simulation, rng: Rng, skew: Skew): void {
  const stepMs = (30 + rng.int(151)) * 1000;
  skew.platformMs -= stepMs;
  sim.note(`platform clock steps back ${stepMs / 1000} s`);
}

/** Keys a rebuilt record keeps that no secret holds any more: the user names them in revoke-key-ids, as its notice asks. */
export function revocableRebuiltKeys(sim: Simulation, user: UserState): number[] {
  const held = new Set<number>();
  for (const target of sim.world.pool) {
    for (const name of SECRET_NAMES) {
      const value = sim.world.held(target, name);
      const id = value === undefined ? undefined : sim.world.platform.keyIdOf(value);
      if (id !== undefined) held.add(id);
    }
  }
  return [...user.rebuiltKeys].filter((id) => !held.has(id) && sim.world.platform.listKeys().some((k) => k.id === id && !k.revoked));
}

/** The key a workflow run starts with: what the first listed target holds that works, else the user's key. */
export function startingKey(sim: Simulation, user: UserState, targets: readonly string[]): string {
  const values = targets.map((t) => sim.world.held(t, user.secretName));
  return (
    values.find((v) => v !== undefined && sim.world.platform.isKeyValid(v) && (sim.world.kindOfValue(v) ?? user.kind) === user.kind) ??
    user.consoleKey
  );
}

export function spec(sim: Simulation, user: UserState, retire: string[], crash?: CrashPoint): RunSpec {
  return {
    kind: user.kind,
    credential: user.credential,
    targets: [...user.list],
    secretName: user.secretName,
    keep: user.keep,
    retire,
    apiKey: startingKey(sim, user, user.list),
    record: user.record,
    ...(crash && { crash }),
    ...(user.family && { family: user.family }),
    ...(user.rebuildRecord && { rebuildRecord: true }),
    ...(user.managingKey && { managingApiKey: user.managingKey.key }),
    ...(revocableRebuiltKeys(sim, user).length && { revokeKeyIds: revocableRebuiltKeys(sim, user) }),
    ...user.leaks.spec(),
    ...(user.schedule && scheduleSpec(user.schedule)),
    ...(user.dryRun && { dryRun: true }),
    ...(user.acknowledge && { acknowledge: true }),
  };
}

export type Plan = 'clean' | 'fault' | 'faults' | 'crash' | 'concurrent';

export function startRuns(sim: Simulation, rng: Rng, user: UserState, plan: Plan, retire: string[], wideModel: boolean): Run[] {
  // The timed model's faults reach Vercel's requests too.
  const wide: FaultReach | boolean = user.schedule ? 'timed' : wideModel;
  if (plan === 'fault' || plan === 'faults') {
    for (let i = plan === 'fault' ? 1 : 2 + rng.int(2); i > 0; i--) sim.arm(randomFault(rng, wide));
  }
  if (plan === 'crash') {
    const crash: CrashPoint = rng.chance(0.75) ? { request: 1 + rng.int(30), afterEffect: rng.chance(0.5) } : { atMs: rng.int(20_000) };
    if (rng.chance(0.3)) sim.arm(randomFault(rng, wide));
    return [sim.start(spec(sim, user, retire, crash))];
  }
  if (plan === 'concurrent') {
    if (rng.chance(0.3)) sim.arm(randomFault(rng, wide));
    // Both read the secret when they start: the same key.
    const first = sim.start(spec(sim, user, retire));
    const runs = [
      first,
      sim.start(spec(sim, user, retire, rng.chance(0.3) ? { request: 1 + rng.int(20), afterEffect: rng.chance(0.5) } : undefined)),
    ];
    // A third run of the family (a second workflow, a hand run, the CLI elsewhere), drawn from a
    // stream of its own so the choices above stay as seeds found them: it starts within 20 s, with
    // the key its workflow read then, and may write late (an answer given up on, landing after).
    const third = createRng(sim.seed ^ THIRD_RUN_STREAM);
    if (third.chance(0.4)) {
      if (third.chance(0.5)) sim.arm(lateWrite(third, wide));
      runs.push(sim.start({ ...spec(sim, user, retire), startAfterMs: third.int(20_000) }));
    }
    return runs;
  }
  return [sim.start(spec(sim, user, retire))];
}
