// Virtual time passing between a schedule's runs: an hour, a day, a missed week. A timer of its own
// ends the wait at the same virtual time whatever other timers (a lease's, a build's) are pending.

import type { Simulation } from './simulation.js';

/** Lets `ms` of virtual time pass; the timers due meanwhile fire in order. */
export async function passTime(sim: Simulation, ms: number): Promise<void> {
  let passed = false;
  setTimeout(() => {
    passed = true;
  }, ms);
  await sim.time.run(() => passed, ms + 1_000);
}
