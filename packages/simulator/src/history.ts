// One random history from one seed: a target list, runs with faults, crashes and concurrent runs,
// the user's edits between runs, clock skew between the services; the invariants after every
// step; at the end, the dropped targets named again or retired, and clean runs that must converge.

import { type Run, type RunResult, Simulation } from './simulation.js';
import { keepBroken, leaks, lockOuts, snapshot, untruthfulOutputs } from './invariants.js';
import { applyMutants } from './mutants.js';
import { type HistoryFacts, historyFacts } from './history-facts.js';
import { createRng } from './prng.js';
import { laterWriteRefused } from './random-faults.js';
import { LeakRounds } from './emergency-rounds.js';
import { watchInstants } from './instant-invariants.js';
import { RecordParts } from './record-parts.js';
import { CREDENTIALS, KEY_KINDS, SECRET_NAMES } from './world.js';
import { secretPathOf, TIMED_POOL, visibilityUntruthful, WIDE_POOL } from './target-pool.js';
import { afterAuthMisreport, type AuthMisreported, misreportAuth } from './auth-answers.js';
import { outlivedDeadlines, watchClock } from './clock-watch.js';
import { watchStuckIssues } from './stuck-issues.js';
import {
  afterDryRun,
  beforeDryRun,
  deployAsAdvised,
  describeSchedule,
  drawSchedule,
  firstDeployment,
  gapBeforeRound,
  maybeFailBuilds,
  nextHour,
} from './timed-model.js';
import type { UserState } from './history-user.js';
import {
  handMadeManagingKey,
  type Plan,
  managingKeyLockOut,
  seedSecrets,
  workingKeysHeld,
  stepPlatformClockBack,
  startingKey,
  spec,
  startRuns,
} from './history-runs.js';
import { learn, stuckMadeKey, followAdvice, afterRecordEdit } from './history-advice.js';
import {
  editBetweenRuns,
  excuseDroppedWithoutRecord,
  heldBackLanded,
  takeBack,
  replaceListWhole,
  maybeRetire,
  keepReach,
} from './history-edits.js';
import { converge } from './converge.js';

export { CONVERGENCE_RUNS } from './converge.js';

/** The seed of the stream the choices that reach the mutants draw from (list edits, clock steps, refused writes). */
const REACH_STREAM = 0x6c617465;
/** The seed of the stream the choices of the whole product draw from (issue 36: keep, where the record lives, GET /auth misreporting). */
const WIDE_STREAM = 0x7769_6465;
/** The seed of the stream the timed model's choices draw from (issues 33, 34: the clock, dry runs, Vercel). */
const TIMED_STREAM = 0x7469_6d65;
/**
 * The chances of the choices drawn from the reach stream, every round from the second. A mutant may
 * be searched in histories that play its defect's region more often (`HistoryOptions.reach`, src/mutants.ts);
 * each is drawn every round whatever its value, so the stream's other draws stay in step.
 */
export const REACH_CHANCES = {
  /** The targets added in the round before taken back. */
  takeBack: 0.3,
  /** The list replaced whole. */
  replaceWhole: 0.1,
  /** The platform's clock stepping back. */
  clockBack: 0.15,
  /** keep raised to 2. */
  keep2: 0.3,
  /** A later secret write refused once (a rollback), in a round that added a target. */
  refusedAfterAdd: 0.4,
  /** The same, in a round that added none. */
  refused: 0.1,
};
export type ReachChances = typeof REACH_CHANCES;

/** The plans a round draws from (one draw whatever the list: `HistoryOptions.plans` shifts nothing else). */
export const ROUND_PLANS: readonly Plan[] = ['clean', 'fault', 'fault', 'faults', 'crash', 'crash', 'concurrent'];

/** A round's chance to be a dry run of the user's, in the timed model. */
const DRY_RUN_CHANCE = 0.08;

export interface HistoryOptions {
  /** Rounds of runs before converging (2 to 5 by default, drawn). */
  rounds?: number;
  /** Mutants switched on for this history (src/mutants.ts). */
  mutants?: readonly string[];
  /** The plans a round not run alone draws from, where they differ from ROUND_PLANS (a mutant's search model). */
  plans?: readonly Plan[];
  /** The reach stream's chances, where they differ from REACH_CHANCES (a mutant's search model). */
  reach?: Partial<ReachChances>;
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
    // On by default since its open seeds were fixed (RELIABILITY.md, The random histories keep time); older seeds replay with `timed:
    // false`.
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
    const chances = { ...REACH_CHANCES, ...options.reach };
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
        out.push(...outlivedDeadlines(sim, run.result, startedAt, user.record));
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
      if (reach.chance(chances.takeBack) && round > 0 && on.lists) takeBack(sim, user, added);
      if (round > 0) await editBetweenRuns(sim, rng, user, options.edits?.rename ?? true, options.edits?.record ?? true, on.renameListed);
      await maybeRetire(sim, rng, user);
      if (reach.chance(chances.replaceWhole) && round > 0 && on.lists) replaceListWhole(sim, reach, user);
      if (reach.chance(chances.clockBack) && round > 0 && on.clock) stepPlatformClockBack(sim, reach, skew);
      // keep 2, where a stale last_used_at matters (README, Revoke: the slots go by the record, not by use).
      if (reach.chance(chances.keep2) && round > 0 && on.clock && user.keep < 2) {
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
      const plan = alone ? 'clean' : rng.pick(options.plans ?? ROUND_PLANS);
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
      const refused =
        reach.chance(added.length ? chances.refusedAfterAdd : chances.refused) && on.refusals && !user.recordEdit && !auth && !user.dryRun;
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

/** The REST path of a target's GitHub secret. */
export function secretPath(target: string, secretName: string): string {
  return secretPathOf(target, secretName).path;
}
