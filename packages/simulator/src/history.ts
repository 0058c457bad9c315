// One random history from one seed: a target list, runs with faults, crashes and concurrent runs,
// the user's edits between runs, clock skew between the services; the invariants after every
// step; at the end, the dropped targets named again or retired, and clean runs that must converge.

import { type CrashPoint, type Run, type RunResult, type RunSpec, Simulation } from './simulation.js';
import { changedBy, deployedAt, type Excused, keepBroken, leaks, lockOuts, orphans, snapshot, untruthfulOutputs } from './invariants.js';
import { editRecord, RECORD_EDITS, type RecordEdit } from './record-edits.js';
import type { Notice } from '@keyturn/rotation';
import { applyMutants } from './mutants.js';
import { type HistoryFacts, historyFacts } from './history-facts.js';
import { halfRenamed, keptRetiring, namesVariable, otherRecordUnread, rebuiltKeyIds, targetsToRetire } from './advice.js';
import { createRng, type Rng } from './prng.js';
import { type FaultReach, laterWriteRefused, lateWrite, randomFault } from './random-faults.js';
import { LeakRounds } from './emergency-rounds.js';
import { watchInstants } from './instant-invariants.js';
import { RecordParts } from './record-parts.js';
import { CREDENTIALS, type Credential, KEY_KINDS, ORG_ID, SECRET_NAMES, type SimKeyKind, type Skew } from './world.js';
import { deleteHeld, putHeld, reaches, secretPathOf, TIMED_POOL, visibilityUntruthful, WIDE_POOL } from './target-pool.js';
import { type RecordKeeper, recordPlace } from './record-place.js';
import { afterAuthMisreport, type AuthMisreported, misreportAuth } from './auth-answers.js';
import { type ClockWatch, outlivedDeadlines, watchClock } from './clock-watch.js';
import { passTime } from './hourly.js';
import { type StuckIssueWatch, watchStuckIssues } from './stuck-issues.js';
import {
  afterDryRun,
  beforeDryRun,
  buildsFixed,
  deployAsAdvised,
  describeSchedule,
  drawSchedule,
  firstDeployment,
  gapBeforeRound,
  maybeFailBuilds,
  nextHour,
  type Schedule,
  scheduleSpec,
} from './timed-model.js';

/** How many clean runs a history may need to converge once its faults are gone. */
export const CONVERGENCE_RUNS = 2;
/** The seed of the stream a concurrent round's third run draws from. */
const THIRD_RUN_STREAM = 0x7468_6972;
/** The seed of the stream the managing key's choices draw from. */
const MANAGING_STREAM = 0x6d61_6e61;
/** The seed of the stream the choices that reach the mutants draw from (list edits, clock steps, refused writes). */
const REACH_STREAM = 0x6c617465;
/** The seed of the stream the choices of the whole product draw from (issue 36: keep, where the record lives, GET /auth misreporting). */
const WIDE_STREAM = 0x7769_6465;
/** The seed of the stream the timed model's choices draw from (issues 33, 34: the clock, dry runs, Vercel). */
const TIMED_STREAM = 0x7469_6d65;
/** A round's chance to be a dry run of the user's, in the timed model. */
const DRY_RUN_CHANCE = 0.08;

export interface HistoryOptions {
  /** Rounds of runs before converging (2 to 5 by default, drawn). */
  rounds?: number;
  /** Mutants switched on for this history (src/mutants.ts). */
  mutants?: readonly string[];
  /**
   * Edits on by default; `rename: false` leaves out renamed secrets, `record: false` the record
   * edits (hand-edited, truncated, newer, deleted), `lists: false` the targets taken back or
   * replaced whole, `clock: false` the platform's clock stepping back, `refusals: false` a later
   * secret write refused, `apart: false` starts a round as soon as the last one ended (before the
   * answers it abandoned have landed), `renameListed: false` copies a renamed secret to dropped
   * targets too, `modes: false` plays no emergency rotation nor alert mode, `parts: false` spreads
   * no record over parts, `wide: false` the model before issue 36's widening (repository, environment
   * and Dependabot targets only, the record in GitHub, keep 1 to start, GET /auth always true): the
   * model a seed was found with, to replay it. `timed: false` the model before the histories kept
   * time (issues 33, 34): no rotate-every nor revoke-after, rounds minutes apart, no dry run, no Vercel target.
   */
  edits?: {
    rename?: boolean;
    record?: boolean;
    lists?: boolean;
    clock?: boolean;
    refusals?: boolean;
    apart?: boolean;
    renameListed?: boolean;
    modes?: boolean;
    parts?: boolean;
    wide?: boolean;
    timed?: boolean;
  };
}

export interface HistoryResult {
  seed: number;
  violations: string[];
  trace: string[];
  runs: number;
  /** What the history played (target kinds, modes, faults, overlaps, notices), for pnpm sim --coverage. */
  facts: HistoryFacts;
}

interface UserState {
  kind: SimKeyKind;
  credential: Credential;
  secretName: string;
  keep: number;
  list: string[];
  /**
   * Targets the record may name and that were not retired: every target a run listed (the record
   * names them before the key is made, written or not) and every secret the user wrote. A target
   * dropped from the list stays here: the runs warn naming it, and the user retires it or lists it again.
   */
  written: Set<string>;
  /** Targets whose secret the user deleted, named in retire-targets until a run ends well with them. */
  retiring: Set<string>;
  consoleKey: string;
  /** key-name-prefix, given once a run said the targets belong to several families (its advice). */
  family?: string;
  /** rebuild-record, on from a refused unreadable record until a run ends well with it. */
  rebuildRecord: boolean;
  /** Keys a rebuilt record keeps until named in revoke-key-ids once no target holds them (its notice says so). */
  rebuiltKeys: Set<number>;
  /** Lock-outs the product's documentation allows (see invariants.ts), until the target is written again. */
  excused: Excused;
  /**
   * Keys of a family whose record the user deleted: no run can tell they were this secret's
   * (README, "Without a record"), so they are the user's to revoke, not an orphan of the runs.
   */
  forgotten: Set<number>;
  /** The record edit of the last edit, for the check of the run after it. */
  recordEdit?: RecordEdit;
  /**
   * The choices added after the first version of the model (record edits, which family to name)
   * draw from a generator of their own, so a seed found before still plays the same history.
   */
  later: Rng;
  /**
   * Targets the secret was moved away from (the list replaced whole): another family's. Converging
   * retires them rather than listing them beside the new family's (the run would refuse two families).
   */
  movedAway: Set<string>;
  /**
   * An organization rotation's managing key, in a secret of its own: an organization key the user
   * made by hand, named like the family (issue 31, item 2), until a run refuses it and the user
   * makes one of no family, as the refusal says.
   */
  managingKey?: { id: number; key: string };
  /** The user renames as the README says (edits.renameListed): listed targets copied, dropped ones retired, the old name's notices followed. */
  renameListed: boolean;
  /** Leaks and alerts (emergency-rounds.ts): this round's mode, and what leaked. */
  leaks: LeakRounds;
  /** The record spread over parts, and damaged (record-parts.ts). */
  parts: RecordParts;
  /** Where the target record (and the lease with it) is kept: the home repository's variables, or the home GitLab project's. */
  record: RecordKeeper;
  /**
   * The record was deleted and no run has ended well since: a record a failed run started then
   * knows nothing of what the targets held (README, Without a record), so keep's promise waits (seed 31337020).
   */
  recordBlind: boolean;
  /** The family is stuck (issue 33, item 3): the user fixed what the issue says and acknowledges it on the next run. */
  acknowledge: boolean;
  /** The timed model's schedule (rotate-every, revoke-after, vercel-redeploy) and its clock's watch; undefined in the model before it. */
  schedule?: Schedule;
  clock?: ClockWatch;
  /** The round's run is the user's dry run. */
  dryRun?: boolean;
}

export async function runHistory(seed: number, options: HistoryOptions = {}): Promise<HistoryResult> {
  const pick = createRng(seed);
  const skew = pick.chance(0.25)
    ? { platformMs: (pick.int(181) - 90) * 1000, githubMs: (pick.int(181) - 90) * 1000 }
    : { platformMs: 0, githubMs: 0 };
  const shape = pick.chance(0.3) ? 'sparse' : 'full';
  const sim = await Simulation.start(seed, skew, shape);
  const violations: string[] = [];
  const results: RunResult[] = [];
  const restore = applyMutants(options.mutants ?? []);
  try {
    const { rng, world } = sim;
    const wide = options.edits?.wide ?? true;
    const widen = createRng(seed ^ WIDE_STREAM);
    if (wide) world.pool = WIDE_POOL;
    // On by default since its open seeds were fixed (RELIABILITY.md, The random histories keep time); older seeds replay with `timed: false`.
    const timed = wide && (options.edits?.timed ?? true);
    const timing = createRng(seed ^ TIMED_STREAM);
    if (timed) {
      world.pool = TIMED_POOL;
      firstDeployment(sim);
    }
    const kind = rng.pick(KEY_KINDS);
    const user: UserState = {
      kind,
      credential: rng.pick(CREDENTIALS),
      secretName: SECRET_NAMES[0],
      keep: wide ? 1 + widen.int(3) : 1,
      list: rng.shuffle(world.pool).slice(0, 1 + rng.int(3)),
      written: new Set(),
      retiring: new Set(),
      consoleKey: world.consoleKey(kind).key,
      rebuildRecord: false,
      rebuiltKeys: new Set(),
      forgotten: new Set(),
      excused: new Map(),
      later: createRng(seed + 0x5eed_0000),
      movedAway: new Set(),
      renameListed: options.edits?.renameListed ?? true,
      leaks: new LeakRounds(sim, options.edits?.modes ?? true),
      parts: new RecordParts(sim, options.edits?.parts ?? true),
      record: wide && widen.chance(0.3) ? 'gitlab' : 'github',
      recordBlind: false,
      acknowledge: false,
      ...(timed && { schedule: drawSchedule(timing), clock: watchClock(sim) }),
    };
    const instants = watchInstants(
      sim,
      () => user.excused,
      () => user.leaks.leaked,
    );
    const stuckIssues = watchStuckIssues(sim);
    // The choices that reach the mutants' defects: a stream of their own, drawn every round whether
    // on or not, so the other choices of a seed stay as they were.
    const reach = createRng(seed ^ REACH_STREAM);
    const on = { lists: true, clock: true, refusals: true, apart: true, renameListed: true, ...options.edits };
    let added: string[] = [];
    const widely = wide ? `, the record in ${user.record}, keep ${user.keep}` : '';
    const timedly = user.schedule ? `, ${describeSchedule(user.schedule)}` : '';
    sim.note(`history ${seed}: skew ${JSON.stringify(skew)}, ${shape} answers${widely}${timedly}`);
    seedSecrets(sim, user, user.list);
    const rounds = options.rounds ?? 2 + rng.int(4);
    // What every run of a round (or a scheduled run between rounds) is checked for once it ended, and what the user does then.
    const checkRuns = (runs: Run[], heldAtStart: readonly string[], keepKnowable: boolean, startedAt: number): string[] => {
      const out = [
        ...instants.settle(runs.map((r) => r.result)),
        ...user.leaks.settle(
          runs.map((r) => r.result),
          user.excused,
        ),
      ];
      for (const run of runs) {
        results.push(run.result);
        learn(sim, user, run.result);
        if (run.result.status === 'stuck') out.push(`stuck: ${run.result.id} never ended`);
        out.push(...stuckMadeKey(run.result));
        if (runs.length !== 1) continue;
        out.push(...untruthfulOutputs(world, run.result), ...visibilityUntruthful(world, run.result));
        if (keepKnowable && !user.leaks.active && !run.result.spec.dryRun) out.push(...keepBroken(world, run.result, heldAtStart));
        out.push(...outlivedDeadlines(sim, run.result, startedAt));
      }
      if (runs.some((run) => run.result.status === 'ok' && !run.result.spec.dryRun)) user.recordBlind = false;
      if (user.clock) {
        user.clock.observeHeld();
        if (user.schedule?.revokeAfter) out.push(...user.clock.early(user.schedule.revokeAfter.ms, user.leaks.leaked));
      }
      return out;
    };
    const adviseAndLockOuts = async (runs: Run[], when: string): Promise<string[]> => {
      const issues = await stuckIssues.check(
        runs.map((r) => r.result),
        user.record,
      );
      for (const run of runs) {
        await followAdvice(sim, user, run.result);
        user.parts.retireAsAdvised(run.result, user.retiring);
        if (user.schedule) await deployAsAdvised(sim, timing, (run.result.report ?? run.result.error?.report)?.notices ?? [], user.list);
      }
      return [...issues, ...lockOuts(world, user.excused), ...managingKeyLockOut(sim, user)].map((v) => `${v} (${when})`);
    };
    // The hourly schedule's clean runs between rounds (rotation by the clock: most rotate nothing).
    const scheduled = async (count: number): Promise<string[]> => {
      for (let i = 0; i < count; i++) {
        user.consoleKey = user.leaks.mend(user.list, user.secretName, user.kind) ?? user.consoleKey;
        user.leaks.draw({ value: startingKey(sim, user, user.list), kind: user.kind, quiet: true });
        const retire = [...user.retiring].filter((t) => !user.list.includes(t));
        keepReach(sim, user, retire);
        const heldAtStart = workingKeysHeld(sim, user);
        const startedAt = sim.time.now();
        const runs = [sim.start(spec(sim, user, retire))];
        await sim.runAll(runs);
        const out = checkRuns(runs, heldAtStart, !user.recordBlind, startedAt);
        out.push(...(await adviseAndLockOuts(runs, 'after a scheduled run')));
        if (out.length) return out;
        await nextHour(sim);
      }
      return [];
    };
    for (let round = 0; round < rounds; round++) {
      const listed = [...user.list];
      // A workflow's runs are minutes apart at the least (a job's start alone outlasts the slowest
      // held-back answer): what the last round abandoned lands before the next starts. Landing
      // later, a write of key N after a run revoked N locks out its target, or an old record
      // overwrites a newer one, which no run can prevent (seeds 4029, 20263282, 6032).
      if (round > 0 && on.apart) await heldBackLanded(sim);
      if (round > 0 && user.schedule) {
        violations.push(...(await scheduled(await gapBeforeRound(sim, timing, user.schedule))));
        if (violations.length) break;
      }
      if (reach.chance(0.3) && round > 0 && on.lists) takeBack(sim, user, added);
      if (round > 0) await editBetweenRuns(sim, rng, user, options.edits?.rename ?? true, options.edits?.record ?? true, on.renameListed);
      await maybeRetire(sim, rng, user);
      if (reach.chance(0.1) && round > 0 && on.lists) replaceListWhole(sim, reach, user);
      if (reach.chance(0.15) && round > 0 && on.clock) stepPlatformClockBack(sim, reach, skew);
      // keep 2, where a stale last_used_at matters (README, Revoke: the slots go by the record, not by use).
      if (reach.chance(0.3) && round > 0 && on.clock && user.keep < 2) {
        user.keep = 2;
        sim.note('user: keep 2');
      }
      // Before the snapshot of a record edit's check: the user's own write is no change of the run's (seed 778571).
      user.consoleKey = user.leaks.mend(user.list, user.secretName, user.kind) ?? user.consoleKey;
      const retire = [...user.retiring].filter((t) => !user.list.includes(t));
      keepReach(sim, user, retire);
      // A record the runs cannot read, or one rebuilt, knows no deadline: the keys live now are no longer the clock's to time.
      if (user.recordEdit || user.rebuildRecord) user.clock?.excuseLive('the record edited, deleted or rebuilt');
      // GET /auth misreporting (drawn every round of the wide model): the round's one run must refuse and change nothing.
      const authDrawn = wide && widen.chance(0.05) && !user.recordEdit;
      // The timed model: now and then the user runs a dry run, alone (the check is that it changes nothing).
      user.dryRun = Boolean(user.schedule) && timing.chance(DRY_RUN_CHANCE) && !user.recordEdit && !authDrawn;
      if (user.dryRun) sim.note('user: a dry run');
      // The run after a record edit runs alone and clean: the check is that it changes nothing.
      const alone = user.recordEdit || authDrawn || user.dryRun;
      const plan = alone ? 'clean' : rng.pick(['clean', 'fault', 'fault', 'faults', 'crash', 'crash', 'concurrent'] as const);
      // The check is that the refusing run changes nothing: first let an abandoned write of a killed
      // run land, or its landing reads as the refusing run's change (seed 1343664165).
      if (alone) await heldBackLanded(sim);
      const before = user.recordEdit ? await snapshot(sim) : undefined;
      const dryBefore = user.dryRun ? await beforeDryRun(sim) : undefined;
      const auth: AuthMisreported | undefined = authDrawn ? misreportAuth(sim, widen, user.kind, (await snapshot(sim)).secrets) : undefined;
      added = user.list.filter((t) => !listed.includes(t));
      const heldAtStart = workingKeysHeld(sim, user);
      // keep's promise holds where the run can know what the targets hold: not without a record
      // (README, Without a record: the held key is guessed from dates, which a clock stepping back
      // makes wrong). Runs that met hold the lease one at a time, so a concurrent round excuses nothing.
      const keepKnowable = !user.recordBlind;
      // A write refused after the first (a rollback), most often where a target was just added.
      const refused = reach.chance(added.length ? 0.4 : 0.1) && on.refusals && !user.recordEdit && !auth && !user.dryRun;
      if (refused) sim.arm(laterWriteRefused(reach, user.list.length, wide));
      if (user.schedule && !user.dryRun) maybeFailBuilds(sim, timing, user.list);
      // The list as the run starts it: targets dropped after the record was deleted are known to no run either (seeds 20267119,
      // 20268497), nor while no run has ended well since (a refused or failed run leaves no record or a blind one: 231689841).
      if (user.recordEdit?.expect === 'absent' || user.recordBlind) excuseDroppedWithoutRecord(sim, user);
      user.leaks.draw({ value: startingKey(sim, user, user.list), kind: user.kind, quiet: Boolean(user.recordEdit) || user.dryRun });
      const startedAt = sim.time.now();
      const runs = startRuns(sim, rng, user, plan, retire, wide);
      await sim.runAll(runs);
      sim.clearFaults();
      violations.push(...checkRuns(runs, heldAtStart, keepKnowable, startedAt));
      if (before) violations.push(...(await afterRecordEdit(sim, user, runs[0]!.result, before)));
      if (dryBefore) violations.push(...(await afterDryRun(sim, runs[0]!.result, dryBefore)));
      user.dryRun = false;
      if (auth) violations.push(...afterAuthMisreport(sim, auth, runs[0]!.result, (await snapshot(sim)).secrets));
      violations.push(...(await adviseAndLockOuts(runs, `after round ${round + 1}`)));
      if (round === 0) handMadeManagingKey(sim, user, results);
      if (violations.length) break;
    }
    if (!violations.length) violations.push(...(await converge(sim, user, results, instants.settle, stuckIssues)));
    violations.push(...leaks(world, results));
  } finally {
    restore();
    await sim.close();
  }
  return { seed, violations: [...new Set(violations)], trace: sim.trace, runs: results.length, facts: historyFacts(sim, results) };
}

/**
 * After the first round of an organization key's history, now and then: the user manages the
 * rotation with an organization key made by hand and named like the family (an older member of
 * it, which no record knows). No run may revoke it: it is the key the run authenticates with.
 */
function handMadeManagingKey(sim: Simulation, user: UserState, results: readonly RunResult[]): void {
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
function managingKeyLockOut(sim: Simulation, user: UserState): string[] {
  const key = user.managingKey;
  return key && !sim.world.platform.isKeyValid(key.key) ? [`lock-out: the managing key ${key.id} (its own secret) no longer works`] : [];
}

/** The user's first key in the secret of every listed target, written a day ago. */
function seedSecrets(sim: Simulation, user: UserState, targets: readonly string[]): void {
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
function workingKeysHeld(sim: Simulation, user: UserState): string[] {
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
function stepPlatformClockBack(sim: Simulation, rng: Rng, skew: Skew): void {
  const stepMs = (30 + rng.int(151)) * 1000;
  skew.platformMs -= stepMs;
  sim.note(`platform clock steps back ${stepMs / 1000} s`);
}

/** Keys a rebuilt record keeps that no secret holds any more: the user names them in revoke-key-ids, as its notice asks. */
function revocableRebuiltKeys(sim: Simulation, user: UserState): number[] {
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
function startingKey(sim: Simulation, user: UserState, targets: readonly string[]): string {
  const values = targets.map((t) => sim.world.held(t, user.secretName));
  return (
    values.find((v) => v !== undefined && sim.world.platform.isKeyValid(v) && (sim.world.kindOfValue(v) ?? user.kind) === user.kind) ??
    user.consoleKey
  );
}

function spec(sim: Simulation, user: UserState, retire: string[], crash?: CrashPoint): RunSpec {
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

type Plan = 'clean' | 'fault' | 'faults' | 'crash' | 'concurrent';

function startRuns(sim: Simulation, rng: Rng, user: UserState, plan: Plan, retire: string[], wideModel: boolean): Run[] {
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

function learn(sim: Simulation, user: UserState, run: RunResult): void {
  if (run.spec.secretName !== user.secretName) return;
  for (const target of run.spec.targets) {
    user.written.add(target);
    const at = `${target} ${run.spec.secretName}`;
    if (user.excused.has(at) && user.excused.get(at) !== sim.world.held(target, run.spec.secretName)) user.excused.delete(at);
    // A Vercel deployment's excuse ends once a deployment runs with another value.
    const deployed = deployedAt(target, run.spec.secretName);
    if (user.excused.has(deployed) && user.excused.get(deployed) !== sim.world.served(target, run.spec.secretName)) {
      user.excused.delete(deployed);
    }
  }
}

/**
 * What the user does about how a run ended, as its message says: a run that ended well settles a
 * concurrent round, ends the retirements and the rebuild; targets of several families get a
 * key-name-prefix; a retired target found holding the secret (an abandoned write of an earlier run
 * landed after the user deleted it) has it deleted again. True when the advice changed something
 * the next run depends on (so a convergence run refused that way is not a clean one).
 */
/** Issue 33, item 3: a run that finds its family stuck makes no key until the family is acknowledged. */
function stuckMadeKey(run: RunResult): string[] {
  return run.error?.code === 'stuck' && run.created.length
    ? [`stuck family: ${run.id} made ${run.created.length} key(s) unacknowledged`]
    : [];
}

async function followAdvice(sim: Simulation, user: UserState, run: RunResult): Promise<boolean> {
  // Alert mode says nothing of the rotation's own advice beyond its emergency rotations' notices: the next scheduled rotation's run does.
  if (run.spec.alerts) return false;
  // A managing key refused before anything changed (a key the run might revoke): the user manages
  // with an organization admin's personal key, as the refusal advises (by its code: the only option
  // a history gets wrong).
  if (
    run.error?.code === 'invalid-options' &&
    !run.spec.leakedKey &&
    user.managingKey &&
    user.managingKey.id !== sim.world.managingKey.id
  ) {
    user.managingKey = { id: sim.world.managingKey.id, key: sim.world.managingKey.key };
    sim.note(`user: manages with the admin's personal key ${user.managingKey.id}, as the refusal advises`);
    return true;
  }
  const notices = (run.report ?? run.error?.report)?.notices ?? [];
  // A stuck family (README, "A stuck family"): the user does what its issue says, then acknowledges it, by the code.
  if (run.status === 'ok') user.acknowledge = false;
  else if (run.error?.code === 'stuck' && !user.acknowledge) {
    user.acknowledge = true;
    sim.note('user: acknowledges the stuck family, as its issue asks');
    return true;
  }
  for (const id of rebuiltKeyIds(notices)) user.rebuiltKeys.add(id);
  if (run.status === 'ok') {
    // Another family's record the run could not read may still name a retired target (README,
    // record: its keys stay valid): the user names it again once that record is fixed.
    // Likewise a record that could not forget them: keep-in-retire-targets, until a run ends without that notice (revoke.ts).
    const kept = new Set(keptRetiring(notices));
    // A dry run changes nothing: the retirements and the rebuild wait for a run that does (seed 431).
    const done = !run.spec.dryRun;
    if (done && !otherRecordUnread(notices)) for (const target of run.spec.retire) if (!kept.has(target)) user.retiring.delete(target);
    const renamedLeft = await followRenameNotices(sim, user, notices);
    // README, "Drop a target": each run names it; a target whose secret the user deleted is retired
    // (again: an abandoned record write of an earlier run may bring a retired one back). So are the
    // targets another family's record still names while none may hold its keys (seed 874975652).
    const named = targetsToRetire(notices).filter((t) => sim.world.pool.includes(t));
    const again = named.filter((t) => !user.list.includes(t) && !user.written.has(t) && !user.retiring.has(t));
    for (const target of again) {
      user.retiring.add(target);
      sim.note(`user: retires ${target} again, as the warning advises`);
    }
    if (done && run.spec.rebuildRecord) {
      user.rebuildRecord = false;
      sim.note(`user: rebuild-record taken out; the rebuilt record keeps keys [${[...user.rebuiltKeys].join(', ')}]`);
    }
    return again.length > 0 || renamedLeft;
  }
  if (await followRenameNotices(sim, user, notices)) return true;
  // The failure's advice as data (RotationError.actions), never its words.
  const actions = run.error?.actions ?? [];
  const families = actions.flatMap((a) => (a.do === 'choose-family' ? a.families : []));
  if (families.length) {
    const before = user.family;
    user.family = user.later.pick(families);
    sim.note(`user: key-name-prefix ${user.family}, as the error advises`);
    return user.family !== before;
  }
  // An unreadable record refuses every run until one rebuilds it, whoever made it so (seed 550630577:
  // a rebuild's delete of the unreadable variable was answered 404 and left it): the user rebuilds, as the error says.
  if (actions.some((a) => a.do === 'rebuild-record') && !user.rebuildRecord) {
    user.rebuildRecord = true;
    sim.note('user: rebuild-record: true, as the error advises');
    return true;
  }
  // A retired target still holding the secret (an abandoned write landed after the user deleted it).
  const stillHeld = actions.flatMap((a) => (a.do === 'retire-or-relist' ? a.targets : [])).find((t) => sim.world.pool.includes(t));
  if (run.error?.code === 'record-failed' && stillHeld) {
    sim.note('user: deletes the secret again, as the error advises');
    await deleteSecret(sim, stillHeld, run.spec.secretName);
    return true;
  }
  return false;
}

/**
 * README, Rename the secret: while the old secret may exist at a target its record names, its keys
 * stay valid and each run names them once the rename is half done; the user deletes it there and
 * names a target no longer in targets in retire-targets, as the notice says (seed 1701326227: the
 * retirements, one run apart, never met in one run, and the old family's key stayed valid). True
 * when that changed something.
 */
async function followRenameNotices(sim: Simulation, user: UserState, notices: readonly Notice[]): Promise<boolean> {
  if (!user.renameListed) return false;
  let changed = false;
  for (const rename of halfRenamed(notices)) {
    if (rename.secretName === user.secretName) continue;
    for (const target of sim.world.pool.filter((t) => rename.targets.includes(t))) {
      if (sim.world.held(target, rename.secretName) !== undefined) await deleteSecret(sim, target, rename.secretName);
      // A dropped target that holds the secret of the current name is the current family's to retire (its own notice).
      if (user.list.includes(target) || user.retiring.has(target) || sim.world.held(target, user.secretName) !== undefined) continue;
      user.written.delete(target);
      user.retiring.add(target);
      sim.note(`user: retires ${target} again, as the renamed secret's warning advises`);
      changed = true;
    }
  }
  return changed;
}

/** The user edits the workflow: the target list, keep, the credential, the secret's name, the kind of key. */
async function editBetweenRuns(
  sim: Simulation,
  rng: Rng,
  user: UserState,
  rename: boolean,
  record: boolean,
  listedOnly: boolean,
): Promise<void> {
  let next = rng.shuffle(user.list);
  // Drawn either way, so the history after it stays the same.
  const drop = next.length > 1 && rng.chance(0.4);
  if (drop) next.splice(rng.int(next.length), 1);
  const absent = sim.world.pool.filter((t) => !next.includes(t));
  if (absent.length && (next.length === 1 || rng.chance(0.35))) next.splice(rng.int(next.length + 1), 0, rng.pick(absent));
  if (!next.length) next = [rng.pick(sim.world.pool)];
  if (next.join('|') !== user.list.join('|')) sim.note(`user: targets now [${next.join(' | ')}]`);
  user.list = next;
  if (rng.chance(0.2)) {
    user.keep = rng.pick([1, 1, 2, 3]);
    sim.note(`user: keep ${user.keep}`);
  }
  if (rng.chance(0.15)) {
    user.credential = user.credential === 'token' ? 'app' : 'token';
    sim.note(`user: GitHub credential now ${user.credential}`);
  }
  // Drawn either way, so a seed makes the same history whether renames are on or not.
  if (rng.chance(0.06) && rename) await renameSecret(sim, user, listedOnly);
  if (rng.chance(0.05)) switchKind(sim, rng, user);
  user.recordEdit = undefined;
  const ours = (r: { kind?: string; secret?: string }) => r.secret === user.secretName && (r.kind ?? 'personal').startsWith(user.kind);
  // While rebuild-record is on (the last run was refused), an unreadable record is rebuilt, not refused: no edit then.
  if (record && user.later.chance(0.1)) {
    const kind = user.later.pick(RECORD_EDITS);
    // An abandoned record write of an earlier run lands first, or it would undo the edit before the
    // next run reads it (seeds 20264957, 20268649, 20269644, 20268232, 20263282).
    if (!user.rebuildRecord) await heldBackLanded(sim);
    if (!user.rebuildRecord) user.recordEdit = await editRecord(sim, user.later, kind, recordPlace(user.record), ours);
  }
  // A record in parts (a stream of its own; kept in GitHub): spread once, then a part damaged now and then.
  if (record && user.record === 'github' && !user.recordEdit && !user.rebuildRecord) {
    // As for an edit of the whole record, an abandoned record write lands first (only when one is made: waiting shifts the history).
    user.recordEdit = await user.parts.maybeDamage(ours, () => heldBackLanded(sim));
    if (!user.recordEdit) await user.parts.maybeSpread(ours, () => heldBackLanded(sim));
  }
  if (user.recordEdit?.expect === 'absent') {
    user.recordBlind = true;
    excuseDroppedWithoutRecord(sim, user);
    // Nor the family's keys, once no target holds them: the user who deleted its record revokes them.
    const family = user.recordEdit.family;
    for (const key of sim.world.platform.listKeys())
      if (family && !key.revoked && key.name.startsWith(`${family}-`)) user.forgotten.add(key.id);
  }
}

/** README, "Without a record": the run no longer knows the dropped targets, so their keys may go. */
function excuseDroppedWithoutRecord(sim: Simulation, user: UserState): void {
  for (const target of [...user.written].filter((t) => !user.list.includes(t))) {
    const value = sim.world.held(target, user.secretName);
    if (value !== undefined) user.excused.set(`${target} ${user.secretName}`, value);
    const served = target.startsWith('vercel:') ? sim.world.served(target, user.secretName) : undefined;
    if (served !== undefined) user.excused.set(deployedAt(target, user.secretName), served);
  }
}
/**
 * The run after a record edit, as the README says: an unreadable or newer record refuses before
 * anything changes (then the user rebuilds it, or restores it, as a newer release would read it);
 * a deleted one is absent, and the run goes on without it.
 */
async function afterRecordEdit(
  sim: Simulation,
  user: UserState,
  run: RunResult,
  before: Awaited<ReturnType<typeof snapshot>>,
): Promise<string[]> {
  const edit = user.recordEdit!;
  user.recordEdit = undefined;
  if (edit.expect === 'absent') return [];
  // A stuck family's run stops before it reads the record (README, A stuck family): it must change nothing,
  // and the user, seeing it stuck, puts the record back before acknowledging (seed 610000426).
  if (run.error?.code === 'stuck') {
    const out = (await changedBy(sim, before)).map((what) => `record edit (${edit.name}): ${run.id} changed ${what}`);
    await edit.undo(sim);
    sim.note(`user: restores ${edit.variable}, the family being stuck`);
    return out;
  }
  const family = (run.report ?? run.error?.report)?.family;
  if (edit.family && family && edit.family !== family && run.error?.code !== 'record-failed') {
    // Another family's record (the list replaced whole leaves one): the run goes on and warns,
    // the keys it names stay valid (README, record); the user fixes it as the warning says.
    const warned = namesVariable((run.report ?? run.error?.report)?.notices ?? [], edit.variable);
    await edit.undo(sim);
    sim.note(`user: restores ${edit.variable}, another family's record, as the warning advises`);
    return warned
      ? []
      : [`record edit (${edit.name}): ${run.id} neither refused nor warned about family ${edit.family}'s record ${edit.variable}`];
  }
  const out: string[] = [];
  if (run.status !== 'failed' || run.error?.code !== 'record-failed')
    out.push(`record edit (${edit.name}): ${run.id} did not refuse (${run.status}${run.error ? `, ${run.error.code}` : ''})`);
  out.push(...(await changedBy(sim, before)).map((what) => `record edit (${edit.name}): ${run.id} changed ${what}`));
  if (edit.expect === 'newer') {
    await edit.undo(sim);
    sim.note('user: upgrades the pinned release (the newer record restored as it was)');
  } else {
    user.rebuildRecord = true;
    sim.note('user: rebuild-record: true, as the error advises');
  }
  return out;
}

/**
 * Virtual time passes until every answer a fault held back has landed (the slowest is 45 s). A
 * timer of its own ends the wait at the same virtual time whatever other timers are pending.
 */
function heldBackLanded(sim: Simulation): Promise<void> {
  return passTime(sim, 60_000);
}

/**
 * The secret renamed: the user puts the key each target holds under the new name and deletes the
 * old one, once the last run's abandoned writes have landed (seed 1343659060: one landing after
 * the delete brought the old secret back, holding a key the next run rightly revoked: README,
 * "Rename the secret": once you delete the old secret there, the next run revokes its keys).
 */
async function renameSecret(sim: Simulation, user: UserState, listedOnly: boolean): Promise<void> {
  const to = SECRET_NAMES.find((n) => n !== user.secretName)!;
  // As for a switched kind: the rebuild a refused record asks for comes first, by the workflow as it
  // was; renamed, the workflow's runs belong to another family and never rebuild it (seed 1791622077).
  if (user.rebuildRecord) {
    sim.note(`user: keeps the secret name ${user.secretName} until a run has rebuilt the record`);
    return;
  }
  await heldBackLanded(sim);
  sim.note(`user: secret renamed ${user.secretName} -> ${to}`);
  user.clock?.excuseLive("the secret renamed: the old name's record goes its own way");
  for (const target of [...user.written]) {
    const value = sim.world.held(target, user.secretName);
    if (value === undefined) continue;
    // A target no longer in targets: the old secret is deleted there and the target retired, not
    // copied (README, Rename the secret); a copy is a secret no record of the new name knows, whose
    // key a later run rightly revokes (seed 542601831).
    if (listedOnly && !user.list.includes(target)) {
      await deleteSecret(sim, target, user.secretName);
      user.written.delete(target);
      user.retiring.add(target);
      sim.note(`user: retires ${target}, no longer in targets, rather than copying the secret there`);
      continue;
    }
    putHeld(sim.world, target, to, value, new Date(sim.time.now()));
    // A dead key excused under the old name (README, "Without a record": a dropped target's key is
    // revoked like any older key) is the same dead key under the new one (seed 1343661714).
    const excuse = `${target} ${user.secretName}`;
    if (user.excused.get(excuse) === value) user.excused.set(`${target} ${to}`, value);
    await deleteSecret(sim, target, user.secretName);
  }
  user.secretName = to;
}

/** Another kind of key: a console key of that kind in every secret the workflow's targets hold, as the README says. */
function switchKind(sim: Simulation, rng: Rng, user: UserState): void {
  const to = rng.pick(KEY_KINDS.filter((k) => k !== user.kind));
  // The rebuild a refused record asks for comes first, by the workflow as it was: a run of another
  // kind cannot see the family's keys, which the README says a warning names each run (seed 9821).
  if (user.rebuildRecord) {
    sim.note(`user: keeps the ${user.kind} key until a run has rebuilt the record`);
    return;
  }
  sim.note(`user: switched to a ${to} key`);
  user.clock?.excuseLive('another kind of key: another family');
  user.kind = to;
  user.consoleKey = sim.world.consoleKey(to).key;
  for (const target of user.list) {
    putHeld(sim.world, target, user.secretName, user.consoleKey, new Date(sim.time.now()));
    user.written.add(target);
  }
}

/**
 * The user takes back the targets added in the round before (tried, then not wanted after all),
 * after a concurrent round too: runs that met wrote one at a time (the lease), so no record entry was lost.
 */
function takeBack(sim: Simulation, user: UserState, added: readonly string[]): void {
  const next = user.list.filter((t) => !added.includes(t));
  if (!next.length || next.length === user.list.length) return;
  user.list = next;
  sim.note(`user: takes back [${added.join(' | ')}], targets now [${next.join(' | ')}]`);
}

/** The user moves the secret to other targets: a list none of whose targets was listed before (nor retired). */
function replaceListWhole(sim: Simulation, rng: Rng, user: UserState): void {
  const others = rng.shuffle(sim.world.pool.filter((t) => !user.list.includes(t) && !user.retiring.has(t)));
  if (!others.length) return;
  for (const target of [...user.written, ...user.list]) user.movedAway.add(target);
  user.clock?.excuseLive('targets replaced whole: another family');
  user.list = others.slice(0, 1 + rng.int(Math.min(2, others.length)));
  sim.note(`user: targets replaced whole, now [${user.list.join(' | ')}]`);
}

/** Sometimes the user retires a target dropped earlier: deletes its secret, then names it in retire-targets. */
async function maybeRetire(sim: Simulation, rng: Rng, user: UserState): Promise<void> {
  const dropped = [...user.written].filter((t) => !user.list.includes(t));
  if (!dropped.length || !rng.chance(0.4)) return;
  const retired = rng.pick(dropped);
  // Once the last run's abandoned writes have landed, as for a rename (seed 1343663698).
  await heldBackLanded(sim);
  await deleteSecret(sim, retired, user.secretName);
  user.written.delete(retired);
  user.retiring.add(retired);
  sim.note(`user: retires ${retired}`);
}

const deleteSecret = deleteHeld;

/**
 * The credential reaches every target the run names or its record may (a GitHub App never reaches a
 * user's Codespaces secrets, and the run refuses one before anything changes): where it would not,
 * the user's workflow gives a token.
 */
function keepReach(sim: Simulation, user: UserState, retire: readonly string[]): void {
  if ([...user.list, ...retire, ...user.written].every((t) => reaches(user.credential, t))) return;
  user.credential = 'token';
  sim.note("user: GitHub credential now token, as a GitHub App cannot reach a user's Codespaces secrets");
}

/** Every dropped target named again or retired, no faults, keep 1: the runs must converge to one key held everywhere. */
async function converge(
  sim: Simulation,
  user: UserState,
  results: RunResult[],
  settle: (runs: RunResult[]) => string[],
  stuckIssues: StuckIssueWatch,
): Promise<string[]> {
  const { rng, world } = sim;
  const dropped = [...user.written].filter((t) => !user.list.includes(t));
  // Drawn for each, so the history after it stays the same; the targets the secret moved away from are retired.
  const back = dropped.filter(() => rng.chance(0.5)).filter((t) => !user.movedAway.has(t));
  for (const target of dropped.filter((t) => !back.includes(t))) {
    await deleteSecret(sim, target, user.secretName);
    user.written.delete(target);
    user.retiring.add(target);
  }
  user.list = [...user.list, ...back.filter((t) => !user.list.includes(t))];
  const retire = [...user.retiring].filter((t) => !user.list.includes(t));
  keepReach(sim, user, retire);
  user.keep = 1;
  // The faults are gone once what they held back has landed too: a create that lands during a
  // clean run looks like a concurrent rotation's, which it leaves alone.
  await heldBackLanded(sim);
  if (user.schedule) await leaveTheClock(sim, user);
  sim.note(`converging: targets [${user.list.join(' | ')}], retiring [${retire.join(' | ')}]`);
  let last: RunResult | undefined;
  // A run refused before anything changed, whose advice the user then follows (a key-name-prefix), is not one of the clean runs.
  for (let attempt = 0, advised = 0; attempt < CONVERGENCE_RUNS; attempt++) {
    user.consoleKey = user.leaks.mend(user.list, user.secretName, user.kind) ?? user.consoleKey;
    user.leaks.drawConverging();
    // What the runs' advice added to retire goes in too (followAdvice).
    const run = sim.start(spec(sim, user, [...new Set([...retire, ...[...user.retiring].filter((t) => !user.list.includes(t))])]));
    await sim.runAll([run]);
    results.push(run.result);
    const broken = [
      ...settle([run.result]),
      ...user.leaks.settle([run.result], user.excused),
      ...stuckMadeKey(run.result),
      ...(await stuckIssues.check([run.result], user.record)),
    ];
    if (broken.length) return broken.map((v) => `${v} (converging)`);
    learn(sim, user, run.result);
    const retired = user.parts.retireAsAdvised(run.result, user.retiring);
    if (((await followAdvice(sim, user, run.result)) || retired || user.leaks.refused(run.result)) && advised++ === 0) attempt--;
    last = run.result;
    const locked = [...lockOuts(world, user.excused), ...managingKeyLockOut(sim, user)];
    if (locked.length) return locked.map((v) => `${v} (converging)`);
    if (run.result.status === 'ok' && orphans(world, user.kind, run.result, user.forgotten).length === 0)
      return untruthfulOutputs(world, run.result);
  }
  if (last?.status !== 'ok')
    return [`no convergence: ${CONVERGENCE_RUNS} clean runs, the last ${last?.status}: ${last?.error?.message ?? ''}`];
  return orphans(world, user.kind, last, user.forgotten);
}

/**
 * Converging in the timed model: the builds are fixed, every deadline the runs set passes (a day
 * more than revoke-after), and the user runs by hand without the clock's options (so the last run
 * rotates, and supersedes with no new deadline: deadlines in the record still hold, and have passed).
 */
async function leaveTheClock(sim: Simulation, user: UserState): Promise<void> {
  buildsFixed(sim);
  if (user.schedule?.revokeAfter) await passTime(sim, user.schedule.revokeAfter.ms + 3_600_000);
  user.schedule = { vercelRedeploy: true };
  sim.note('converging: builds fixed, every deadline passed, the runs by hand without rotate-every nor revoke-after');
}

/** The REST path of a target's GitHub secret. */
export function secretPath(target: string, secretName: string): string {
  return secretPathOf(target, secretName).path;
}
