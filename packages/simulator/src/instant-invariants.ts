// Invariants at every virtual instant (issue 36, item 3), not only between runs: after each request
// a run had answered, every secret holds a key the platform accepts, unless the run names its target
// (the leak rule's documented window: report.leak.unwritten, a notice's target or targets); and
// GitLab variables keep their flags (gitlab-flags.ts). Cheap: the stores are read again only after a change
// (StoredValues), so an answer that changed nothing costs one validity lookup per secret.

import type { Notice, PartialRotationReport } from '@keyturn/rotation';
import { gitlabFlags, type GitLabFlags, weakenedFlags } from './gitlab-flags.js';
import { type Excused, isExcused } from './invariants.js';
import type { Answered, RunResult, Simulation } from './simulation.js';
import { isGitLabTarget, isVercelTarget } from './target-pool.js';
import { SECRET_NAMES } from './world.js';
import type { VersionedService } from './world-version.js';

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
  // What the stores hold, read again only when the version of the emulator keeping them moved (world-version.ts):
  // between two changes every answer would read the same values and the same validity, so the sightings below
  // are those a fresh read gives. A served Vercel value moves with the clock alone (a build ends): read each time.
  const stored = new StoredValues(sim);
  const check = ({ run, service, method }: Answered) => {
    if (!settled.has(run.id)) flags ??= gitlabFlags(world.gitlab);
    const allowed = excused();
    const heldAll = stored.held();
    let slot = 0;
    for (const target of world.pool) {
      for (const secretName of SECRET_NAMES) {
        // A Vercel target's key runs in its deployment: the value that deployment was built with (issue 34).
        const held = heldAll[slot++];
        for (const value of target.startsWith('vercel:') ? [held, world.served(target, secretName)] : [held]) {
          if (value === undefined || stored.isKeyValid(value) || isExcused(allowed, target, secretName, value)) continue;
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

/** What the pool's secrets hold and which keys work, as of the versions of the emulators keeping them. */
class StoredValues {
  #pool: readonly string[] = [];
  #held: (string | undefined)[] = [];
  #versions = new Map<VersionedService, number | undefined>();
  #valid = new Map<string, boolean>();
  #platformVersion: number | undefined;

  constructor(private readonly sim: Simulation) {}

  /** What each secret holds, pool order then SECRET_NAMES order. */
  held(): readonly (string | undefined)[] {
    const { world, version } = this.sim;
    const fresh = this.#pool !== world.pool;
    if (fresh) {
      this.#pool = world.pool;
      this.#held = [];
    }
    let slot = 0;
    for (const target of world.pool) {
      const service = keeperOf(target);
      const now = version.of(service);
      const stale = fresh || now === undefined || this.#versions.get(service) !== now;
      for (const secretName of SECRET_NAMES) {
        if (stale) this.#held[slot] = world.held(target, secretName);
        slot++;
      }
    }
    for (const service of KEEPERS) this.#versions.set(service, version.of(service));
    return this.#held;
  }

  isKeyValid(value: string): boolean {
    const now = this.sim.version.of('platform');
    if (now === undefined || now !== this.#platformVersion) {
      this.#valid.clear();
      this.#platformVersion = now;
    }
    let known = this.#valid.get(value);
    if (known === undefined) {
      known = this.sim.world.platform.isKeyValid(value);
      if (now !== undefined) this.#valid.set(value, known);
    }
    return known;
  }
}

const KEEPERS: readonly VersionedService[] = ['github', 'gitlab', 'vercel'];

/** The emulator that keeps a target's secret. */
function keeperOf(target: string): VersionedService {
  return isGitLabTarget(target) ? 'gitlab' : isVercelTarget(target) ? 'vercel' : 'github';
}
