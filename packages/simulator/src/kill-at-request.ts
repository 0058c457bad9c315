// A run killed at a chosen request, as the process-level suites SIGKILL the Action there: a `hang`
// armed on the nth request of a method and path (before or after it takes effect), and the run
// killed as soon as an emulator holds it, before any timer of the client fires: the simulator's
// crash point at that request. What the run had sent lands before the caller goes on, as at a
// served emulator.

import type { FaultEffect } from '@keyturn/emulator';
import type { Run, RunSpec, Service, Simulation } from './simulation.js';

export interface RequestMatch {
  service: Service;
  method: string;
  /** A pattern, as the emulators' fault book takes (`/repos/**`, `/api_keys/*`). */
  path: string;
  nth: number;
}

/** Longer than the slowest retry schedule of a run. */
const RUN_LIMIT_MS = 30 * 60_000;
/** Virtual time after a kill for what the run had sent to land (its requests are answered within milliseconds). */
const LANDING_MS = 60_000;

/** True once the log holds a request left hanging after entry `seq`. */
export function hungSince(log: { entries(): Array<{ seq: number; fault?: string }> }, seq: number): boolean {
  return log.entries().some((e) => e.seq > seq && e.fault === 'hang');
}

/** The last entry's number (0 for none): what hungSince counts from. */
export function lastSeq(log: { entries(): Array<{ seq: number }> }): number {
  return log.entries().at(-1)?.seq ?? 0;
}

/** Runs `spec`, killed while `request` hangs; a run that ends before reaching it ends by itself. */
export async function runKilledAt(sim: Simulation, spec: RunSpec, request: RequestMatch, afterEffect: boolean): Promise<Run> {
  const hang: FaultEffect = { kind: 'hang', afterEffect };
  sim.arm({ ...request, effect: hang, name: `hang ${afterEffect ? 'after' : 'before'} effect` });
  const { log } = sim.emulatorOf(request.service);
  const since = lastSeq(log);
  const run = sim.start(spec);
  await sim.time.run(() => run.settled || hungSince(log, since), RUN_LIMIT_MS);
  run.kill(`while ${request.service} ${request.method} ${request.path} #${request.nth} hangs`);
  const landed = sim.time.now() + LANDING_MS;
  await sim.time.run(() => sim.time.now() >= landed, LANDING_MS);
  return run;
}
