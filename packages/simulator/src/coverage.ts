// Coverage of a run of histories (issue 36): how many histories hit each of the rotation's code
// probes (its collector installed around each history), and how many played each target kind,
// mode, fault kind and shape of overlapping runs (HistoryFacts). `pnpm sim --coverage` prints it;
// the random-histories test fails when a required probe was never hit (required-probes.ts).

import '@keyturn/rotation';
import { countNoun } from '@keyturn/api/toolkit';
import { ALL_FAULT_KINDS } from './random-faults.js';
import { type HistoryOptions, type HistoryResult, runHistory } from './history.js';
import { NOT_YET_REQUIRED, REQUIRED_PROBES } from './required-probes.js';

/** The global the rotation's probes call (packages/rotation/src/internal/probes.ts). */
const COLLECTOR = Symbol.for('keyturn.rotation.probes');
/** The global the rotation publishes its closed list of probes on, each with what it shows. */
const CATALOGUE = Symbol.for('keyturn.rotation.probe-catalogue');

/** Every probe of the rotation, with the line that says what it shows. */
export function probeCatalogue(): Readonly<Record<string, string>> {
  const catalogue = (globalThis as { [CATALOGUE]?: Record<string, string> })[CATALOGUE];
  if (!catalogue) throw new Error('@keyturn/rotation published no probe catalogue (packages/rotation/src/internal/probes.ts)');
  return catalogue;
}

/** Calls `onHit` for every probe the rotation reaches until the returned function is called. */
export function installProbeCollector(onHit: (name: string) => void): () => void {
  const g = globalThis as { [COLLECTOR]?: (name: string) => void };
  const previous = g[COLLECTOR];
  g[COLLECTOR] = onHit;
  return () => {
    g[COLLECTOR] = previous;
  };
}

/** The nine target kinds of the rotation (targets/kinds/registry.ts), every one listed even at 0. */
export const TARGET_KIND_NAMES = [
  'repo',
  'env',
  'org',
  'dependabot',
  'codespaces',
  'codespaces-org',
  'codespaces-user',
  'gitlab',
  'gitlab-group',
] as const;
/** The modes listed even at 0. */
export const MODE_NAMES = [
  'normal',
  'emergency',
  'alert mode',
  'dry run',
  'record kept in GitHub',
  'record kept in GitLab',
  'keep 1',
  'keep 2',
  'keep 3',
] as const;
/** The shapes of overlapping runs listed even at 0: rounds of runs, and what the lease and late writes made of them. */
export const OVERLAP_NAMES = ['two runs', 'three runs', 'lease waits', 'lease takeovers', 'stand-downs', 'late writes landed'] as const;
/** The overlap shapes the probes tell. */
const OVERLAP_PROBES: Record<string, string> = {
  'lease-waited': 'lease waits',
  'lease-taken-over': 'lease takeovers',
  'run-stood-down': 'stand-downs',
};

type Table = Map<string, number>;

/** Counts, per name, the histories that played it. */
export class Coverage {
  histories = 0;
  readonly probes: Table = new Map();
  readonly targetKinds: Table = new Map(TARGET_KIND_NAMES.map((n) => [n, 0]));
  readonly modes: Table = new Map(MODE_NAMES.map((n) => [n, 0]));
  readonly faults: Table = new Map(ALL_FAULT_KINDS.map((k) => [k.name, 0]));
  readonly overlaps: Table = new Map(OVERLAP_NAMES.map((n) => [n, 0]));
  readonly notices: Table = new Map();

  constructor() {
    for (const name of Object.keys(probeCatalogue())) this.probes.set(name, 0);
  }

  /** Plays one history with the probe collector installed, and counts what it played. */
  async play(seed: number, options?: HistoryOptions): Promise<HistoryResult> {
    const hit = new Set<string>();
    const uninstall = installProbeCollector((name) => void hit.add(name));
    let result: HistoryResult;
    try {
      result = await runHistory(seed, options);
    } finally {
      uninstall();
    }
    this.add(result, hit);
    return result;
  }

  /** Counts one history: what its facts say, and the probes it hit. */
  add(result: Pick<HistoryResult, 'facts'>, probes: Iterable<string>): void {
    this.histories += 1;
    const { facts } = result;
    const hit = [...probes];
    count(this.probes, hit);
    count(this.targetKinds, facts.targetKinds);
    count(this.modes, facts.modes);
    count(this.faults, facts.faults);
    count(this.overlaps, [...facts.overlaps, ...hit.flatMap((p) => OVERLAP_PROBES[p] ?? [])]);
    count(this.notices, facts.notices);
  }

  /** Adds another run's counts (a shard's) to these. */
  merge(other: CoverageCounts): void {
    this.histories += other.histories;
    for (const key of TABLES) for (const [name, n] of Object.entries(other[key])) this[key].set(name, (this[key].get(name) ?? 0) + n);
  }

  /** The counts as plain data (a shard's, written for the others to merge). */
  counts(): CoverageCounts {
    const tables = Object.fromEntries(TABLES.map((key) => [key, Object.fromEntries(this[key])]));
    return { histories: this.histories, ...tables } as CoverageCounts;
  }

  /** The required probes no history hit, each with what it shows. */
  missedRequired(): Array<{ name: string; shows: string }> {
    const catalogue = probeCatalogue();
    const missed = REQUIRED_PROBES.filter((name) => !this.probes.get(name));
    return missed.map((name) => ({ name, shows: catalogue[name] ?? '(not a probe of the rotation)' }));
  }

  /** The report `pnpm sim --coverage` prints. */
  render(): string {
    const catalogue = probeCatalogue();
    const row = (width: number, name: string, n: number, note = '') =>
      `  ${name.padEnd(width)}${String(n).padStart(7)}${note ? `  ${note}` : ''}`;
    const widthOf = (t: Table) => Math.max(0, ...[...t.keys()].map((n) => n.length));
    const table = (title: string, t: Table) => [`${title}:`, ...[...t].map(([name, n]) => row(widthOf(t), name, n))];
    const probeRows = [...this.probes].map(([name, n]) => {
      const required = n ? 'required' : 'required, NEVER HIT';
      const status = REQUIRED_PROBES.includes(name) ? required : `not yet required (${NOT_YET_REQUIRED[name] ?? 'unlisted'})`;
      return row(widthOf(this.probes), name, n, `${status}: ${catalogue[name] ?? ''}`);
    });
    return [
      `coverage of ${countNoun(this.histories, 'history', 'histories')} (how many histories played each):`,
      'code probes of the rotation:',
      ...probeRows,
      ...table('target kinds', this.targetKinds),
      ...table('modes', this.modes),
      ...table('fault kinds and crashes', this.faults),
      ...table('overlapping runs', this.overlaps),
      ...table('notices raised', new Map([...this.notices].sort(([a], [b]) => a.localeCompare(b)))),
    ].join('\n');
  }
}

const TABLES = ['probes', 'targetKinds', 'modes', 'faults', 'overlaps', 'notices'] as const;

/** A Coverage's counts as plain data. */
export type CoverageCounts = { histories: number } & Record<(typeof TABLES)[number], Record<string, number>>;

function count(table: Table, names: readonly string[]): void {
  for (const name of new Set(names)) table.set(name, (table.get(name) ?? 0) + 1);
}
