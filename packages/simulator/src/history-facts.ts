// What one history played, read from its runs' specs and results and from its simulation (never
// from the trace's words): the target kinds, the modes, the faults and crashes, how runs overlapped,
// the notices raised. `pnpm sim --coverage` counts the histories that played each (coverage.ts).

import type { ArmedFault, RunResult, Simulation } from './simulation.js';

export interface HistoryFacts {
  /** Each target spec's kind (its prefix: repo, env, gitlab...), of every run. */
  targetKinds: string[];
  /** normal, emergency, alert, dry run; record kept in GitHub or GitLab; keep N; kind of key; credential. */
  modes: string[];
  /** The name of every fault armed, and the crash points played. */
  faults: string[];
  /** two runs, three runs (overlapping rounds), late writes landed. */
  overlaps: string[];
  /** The notice codes the runs raised. */
  notices: string[];
}

/** The kind of a target spec: its prefix. */
export function targetKindOf(spec: string): string {
  return spec.slice(0, spec.indexOf(':'));
}

/** The mode names a run counts under. */
export function modesOf(result: RunResult): string[] {
  const { spec } = result;
  const dryRun = 'dryRun' in spec && spec.dryRun === true;
  const mode = spec.alerts ? 'alert mode' : spec.leakedKey ? 'emergency' : dryRun ? 'dry run' : 'normal';
  const record = `record kept in ${spec.record === 'gitlab' ? 'GitLab' : 'GitHub'}`;
  return [mode, record, `keep ${spec.keep}`, `${spec.kind} key`, `GitHub ${spec.credential}`];
}

/** A crash point, named by where it falls. */
function crashOf(result: RunResult): string | undefined {
  const crash = result.spec.crash;
  if (!crash) return undefined;
  if ('atMs' in crash) return 'crash at a virtual time';
  return crash.afterEffect ? 'crash after a request took effect' : 'crash before a request took effect';
}

/**
 * Writes a slow emulator carried out after the client had given up on them: a delayed request
 * logged without an answer (the emulator answers nobody once the client is gone, but its effect stays).
 */
export function lateWritesLanded(sim: Pick<Simulation, 'world'>): number {
  const { platform, github, gitlab } = sim.world;
  const entries = [platform, github, gitlab].flatMap((e) => e.log.entries());
  return entries.filter((e) => e.fault === 'delay' && e.status === undefined && e.method !== 'GET').length;
}

export function historyFacts(sim: Pick<Simulation, 'armed' | 'groups' | 'world'>, results: readonly RunResult[]): HistoryFacts {
  const notices = results.flatMap((r) => (r.report ?? r.error?.report)?.notices ?? []).map((n) => n.code);
  const overlaps = sim.groups.filter((n) => n >= 2).map((n) => (n === 2 ? 'two runs' : n === 3 ? 'three runs' : `${n} runs`));
  if (lateWritesLanded(sim)) overlaps.push('late writes landed');
  return {
    targetKinds: unique(results.flatMap((r) => r.spec.targets.map(targetKindOf))),
    modes: unique(results.flatMap(modesOf)),
    faults: unique([...sim.armed.map((f: ArmedFault) => f.name), ...results.map(crashOf).filter((c): c is string => c !== undefined)]),
    overlaps: unique(overlaps),
    notices: unique(notices),
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
