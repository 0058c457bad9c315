// Invariants at every virtual instant (issue 36, item 3), not only between runs: after each request
// a run had answered, every secret holds a key the platform accepts, unless the run names its target
// (the leak rule's documented window: report.leak.unwritten, a notice's target or targets); and
// GitLab variables keep their flags (gitlab-flags.ts). Cheap: one lookup per secret and answer.

import type { Notice, PartialRotationReport } from '@keyturn/rotation';
import { gitlabFlags, type GitLabFlags, weakenedFlags } from './gitlab-flags.js';
import { type Excused, isExcused } from './invariants.js';
import type { Answered, RunResult, Simulation } from './simulation.js';
import { SECRET_NAMES } from './world.js';

/** A secret seen holding a dead key during a run: which key, and when first. */
interface DeadSeen {
  target: string;
  secretName: string;
  keyId: number | undefined;
  value: string;
  stamp: string;
}

export interface InstantWatch {
  /**
   * The lock-outs of `runs` (one round's, or one run) no run of them names, and the GitLab flags
   * weakened while they ran; forgets what it saw of them.
   */
  settle(runs: readonly RunResult[]): string[];
}

/**
 * Watches every answer of `sim`'s runs. `excused`: the lock-outs the documentation allows (the
 * history's, read at each answer). A killed emergency or alert-mode run names nothing: `leaked` keys
 * (values) are excused at the targets holding them (the rule revokes them with targets left out, and
 * the run died before saying so).
 */
export function watchInstants(sim: Simulation, excused: () => Excused, leaked: () => ReadonlySet<string>): InstantWatch {
  const { world } = sim;
  const dead = new Map<string, Map<string, DeadSeen>>();
  const weakened: string[] = [];
  // Taken at a round's first answer (a run's first request reads): the user's edits before it are the baseline.
  let flags: GitLabFlags | undefined;
  // A killed run's request answered after its round was settled is no round's first answer: the
  // user's edits after it would be taken for the next run's (seed 500000071).
  const settled = new Set<string>();
  const check = ({ run, service, method }: Answered) => {
    if (!settled.has(run.id)) flags ??= gitlabFlags(world.gitlab);
    const allowed = excused();
    for (const target of world.pool) {
      for (const secretName of SECRET_NAMES) {
        // A Vercel target's key runs in its deployment: the value that deployment was built with (issue 34).
        const held = world.held(target, secretName);
        for (const value of target.startsWith('vercel:') ? [held, world.served(target, secretName)] : [held]) {
          if (value === undefined || isExcused(allowed, target, secretName, value) || world.platform.isKeyValid(value)) continue;
          const seen = dead.get(run.id) ?? new Map<string, DeadSeen>();
          dead.set(run.id, seen);
          const at = `${target} ${secretName}`;
          if (!seen.has(at))
            seen.set(at, {
              target,
              secretName,
              value,
              keyId: world.platform.keyIdOf(value),
              stamp: `+${String(sim.time.now() % 10_000_000).padStart(7, '0')}`,
            });
        }
      }
    }
    if (flags && service === 'gitlab' && method !== 'GET') {
      const now = gitlabFlags(world.gitlab);
      weakened.push(...weakenedFlags(flags, now, run.spec.targets).map((w) => `gitlab flags: ${w}, by ${run.id}`));
      flags = now;
    }
  };
  sim.afterAnswer.push(check);
  return {
    settle(runs) {
      const out = weakened.splice(0);
      flags = undefined;
      for (const run of runs) settled.add(run.id);
      const named = new Set(runs.flatMap(namedTargets));
      for (const run of runs) {
        for (const seen of dead.get(run.id)?.values() ?? []) {
          if (named.has(seen.target)) continue;
          if (run.status === 'crashed' && (run.spec.leakedKey || run.spec.alerts) && leaked().has(seen.value)) continue;
          // A rebuilt record knows only the listed targets (README, rebuild-record): a dropped one holding the leaked key is not the
          // run's to name (seed 5048).
          if (
            run.spec.rebuildRecord &&
            (run.spec.leakedKey || run.spec.alerts) &&
            leaked().has(seen.value) &&
            !run.spec.targets.includes(seen.target)
          )
            continue;
          out.push(
            `instant lock-out: ${seen.target} ${seen.secretName} held key ${seen.keyId ?? '?'}, which did not work, at ${seen.stamp} ` +
              `during ${run.id}, named by no notice of its round`,
          );
        }
        dead.delete(run.id);
      }
      return out;
    },
  };
}

/** Every target a run names as left without a working key or out of the writes: the leak report's and its notices' (by their data). */
export function namedTargets(run: RunResult): string[] {
  const reports: Array<PartialRotationReport | undefined> = [
    run.report,
    run.error?.report,
    ...(run.alertsReport?.rotations ?? []),
    ...(run.alertsError?.report.rotations ?? []),
  ];
  const notices: Notice[] = [
    ...reports.flatMap((r) => r?.notices ?? []),
    ...(run.alertsReport?.notices ?? []),
    ...(run.alertsError?.report.notices ?? []),
  ];
  return [...reports.flatMap((r) => r?.leak?.unwritten ?? []), ...notices.flatMap(noticeTargets)];
}

function noticeTargets(notice: Notice): string[] {
  const fields = notice as { target?: unknown; targets?: unknown };
  return [
    ...(typeof fields.target === 'string' ? [fields.target] : []),
    ...(Array.isArray(fields.targets) ? fields.targets.filter((t): t is string => typeof t === 'string') : []),
  ];
}
