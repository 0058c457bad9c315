// The timed model of the random histories (issues 33, 34, 36): the workflow runs hourly with a
// random rotate-every, revoke-after and vercel-redeploy; rounds are hours to a week apart (missed
// runs), with scheduled runs between them; now and then the user runs a dry run; a Vercel project's
// variables are targets, their builds fail now and then, and the user deploys by hand, as the
// notices ask or on their own. Its choices draw from a stream of their own (history.ts, edits.timed).

import type { Notice } from '@keyturn/rotation';
import { changedBy, snapshot, type WorldSnapshot } from './invariants.js';
import { passTime } from './hourly.js';
import type { Rng } from './prng.js';
import type { RunResult, RunSpec, Simulation } from './simulation.js';
import { isVercelTarget } from './target-pool.js';
import { vercelRef } from './world.js';

const HOUR = 3_600_000;

/** A duration as the Action takes it, and in milliseconds. */
interface Duration {
  text: string;
  ms: number;
}

const d = (text: string, ms: number): Duration => ({ text, ms });
/** From a run every hour to a weekly one; revoke-after from half an hour to three days. */
const ROTATE_EVERY = [d('2h', 2 * HOUR), d('12h', 12 * HOUR), d('1d', 24 * HOUR), d('3d', 72 * HOUR), d('7d', 168 * HOUR)];
const REVOKE_AFTER = [d('30m', HOUR / 2), d('2h', 2 * HOUR), d('24h', 24 * HOUR), d('3d', 72 * HOUR)];
/** Hours from one round to the next: the next hourly run mostly, else missed runs (a day, three, a week). */
const GAPS_HOURS = [1, 1, 1, 2, 5, 24, 72, 170];

export interface Schedule {
  rotateEvery?: Duration;
  revokeAfter?: Duration;
  /** vercel-redeploy: false now and then (the old key then waits for the user's next deploy). */
  vercelRedeploy: boolean;
}

/** The workflow's schedule settings, drawn once a history. */
export function drawSchedule(pick: Rng): Schedule {
  const clocked = pick.chance(0.6);
  const rotateEvery = clocked ? pick.pick(ROTATE_EVERY) : undefined;
  const revokeAfter = pick.chance(0.6) ? pick.pick(REVOKE_AFTER) : undefined;
  return { ...(rotateEvery && { rotateEvery }), ...(revokeAfter && { revokeAfter }), vercelRedeploy: pick.chance(0.8) };
}

/** The schedule's options on a run. */
export function scheduleSpec(schedule: Schedule): Partial<RunSpec> {
  return {
    ...(schedule.rotateEvery && { rotateEvery: schedule.rotateEvery.text }),
    ...(schedule.revokeAfter && { revokeAfter: schedule.revokeAfter.text }),
    ...(!schedule.vercelRedeploy && { vercelRedeploy: false }),
  };
}

export function describeSchedule(schedule: Schedule): string {
  const parts = [`rotate-every ${schedule.rotateEvery?.text ?? 'none'}`, `revoke-after ${schedule.revokeAfter?.text ?? 'none'}`];
  return `${parts.join(', ')}${schedule.vercelRedeploy ? '' : ', vercel-redeploy false'}`;
}

/**
 * Time passes before a round: the next hourly run, or missed ones. Returns how many scheduled
 * clean runs play before the round (rotation by the clock: most are no-ops), one an hour.
 */
export async function gapBeforeRound(sim: Simulation, pick: Rng, schedule: Schedule): Promise<number> {
  const hours = pick.pick(GAPS_HOURS);
  sim.note(hours > 1 ? `clock: ${hours} h pass (${hours - 1} scheduled runs missed)` : 'clock: the next hourly run');
  await passTime(sim, hours * HOUR);
  return schedule.rotateEvery ? pick.int(3) : 0;
}

/** An hour to the next scheduled run. */
export const nextHour = (sim: Simulation): Promise<void> => passTime(sim, HOUR);

/** The history's first state of a Vercel project: a production deployment already serving (built at once, then builds take their time). */
export function firstDeployment(sim: Simulation): void {
  const { vercel } = sim.world;
  const ref = vercelRef('vercel:app@acme');
  vercel.setBuildTimes({ queuedMs: 0, buildMs: 0 });
  vercel.deploy(ref);
  vercel.setBuildTimes({ queuedMs: 1_000, buildMs: 30_000 });
}

/** Before a round that writes a Vercel production variable: its next builds fail, now and then. */
export function maybeFailBuilds(sim: Simulation, pick: Rng, list: readonly string[]): void {
  const failing = pick.chance(0.15);
  const target = list.find((t) => isVercelTarget(t) && vercelRef(t).environment === 'production');
  if (!failing || !target) return;
  const count = 1 + pick.int(2);
  sim.world.vercel.failBuilds(vercelRef(target), count);
  sim.note(`vercel: the next ${count} build(s) of ${target} fail`);
}

/** Builds fail no more (converging: the user fixed the build). */
export function buildsFixed(sim: Simulation): void {
  sim.world.vercel.failBuilds(vercelRef('vercel:app@acme'), 0);
}

/**
 * The user deploys production by hand: as an awaiting-deploy notice asks (the old key waits for
 * it), or on their own between rounds; then waits for the build. True when a deploy was made.
 */
export async function deployAsAdvised(
  sim: Simulation,
  pick: Rng,
  notices: readonly Notice[],
  list: readonly string[],
  always = false,
): Promise<boolean> {
  const asked = notices.some((n) => n.code === 'awaiting-deploy' || n.code === 'deployment-not-ready');
  const listed = list.some((t) => isVercelTarget(t) && vercelRef(t).environment === 'production');
  if (!listed || !(always || (asked && pick.chance(0.7)) || pick.chance(0.1))) return false;
  sim.world.vercel.deploy(vercelRef('vercel:app@acme'));
  sim.note(`user: deploys vercel:app@acme by hand${asked ? ', as the notice says' : ''}`);
  // The build takes 31 s of virtual time: the deploy is READY (or ERROR) before the next run.
  await passTime(sim, 60_000);
  return true;
}

/** What a dry run must leave as it was: keys, secrets, the record and lease variables, and Vercel's deployments. */
export interface DryBefore {
  world: WorldSnapshot;
  deployments: number;
}

export async function beforeDryRun(sim: Simulation): Promise<DryBefore> {
  return { world: await snapshot(sim), deployments: sim.world.vercel.deployments(vercelRef('vercel:app@acme')).length };
}

/**
 * README, dryRun: "check everything, return the plan, change nothing": no key made, no secret or
 * variable written, no key revoked, no record written, no lease taken (its variable), no redeploy.
 */
export async function afterDryRun(sim: Simulation, run: RunResult, before: DryBefore): Promise<string[]> {
  const out = (await changedBy(sim, before.world)).map((what) => `dry run: ${run.id} changed ${what}`);
  if (run.created.length) out.push(`dry run: ${run.id} made ${run.created.length} key(s)`);
  if (sim.world.vercel.deployments(vercelRef('vercel:app@acme')).length !== before.deployments) out.push(`dry run: ${run.id} deployed`);
  if (run.status === 'ok' && run.report?.dryRun !== true) out.push(`dry run: ${run.id} ended well with a report that is not a dry run's`);
  if (run.status !== 'ok' && !run.error) out.push(`dry run: ${run.id} ${run.status} without a RotationError`);
  return out;
}
