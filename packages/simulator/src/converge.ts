// The end of a history (history.ts): every dropped target named again or retired, no faults, keep 1,
// and clean runs that must converge to one key held everywhere.

import type { RunResult, Simulation } from './simulation.js';
import { lockOuts, orphans, untruthfulOutputs } from './invariants.js';
import { passTime } from './hourly.js';
import type { StuckIssueWatch } from './stuck-issues.js';
import { buildsFixed } from './timed-model.js';
import type { UserState } from './history-user.js';
import { managingKeyLockOut, spec } from './history-runs.js';
import { learn, stuckMadeKey, followAdvice } from './history-advice.js';
import { heldBackLanded, deleteSecret, keepReach } from './history-edits.js';

/** How many clean runs a history may need to converge once its faults are gone. */
export const CONVERGENCE_RUNS = 2;
/** Every dropped target named again or retired, no faults, keep 1: the runs must converge to one key held everywhere. */
export async function converge(
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
export async function leaveTheClock(sim: Simulation, user: UserState): Promise<void> {
  buildsFixed(sim);
  if (user.schedule?.revokeAfter) await passTime(sim, user.schedule.revokeAfter.ms + 3_600_000);
  user.schedule = { vercelRedeploy: true };
  sim.note('converging: builds fixed, every deadline passed, the runs by hand without rotate-every nor revoke-after');
}
