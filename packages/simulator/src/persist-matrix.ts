// Faults that persist (issue 36, item 4): the fault matrix arms a fault on one exact request, so the
// rollback's write-back to an earlier target never meets one. These rows arm a fault that holds for
// every attempt of a path pattern from its nth matching request on: a later target's write fails,
// and so does every write-back to the targets written before it (and every later listing, record
// write or revocation the pattern covers). The outcome is not predicted (a persisting fault may fail
// any step); each row asserts the guarantees: the run ends, a failure says what to do, every target
// holds a working key, the targets the run names hold its key, no key of the run is live and held by
// nothing, nothing leaked, and with keep 2 a run ending well kept the key the targets held. Then the
// fault is gone and the next run must converge, as after a crash (matrix.ts, rerunConverges).

import type { FaultEffect, FaultSpec } from '@keyturn/emulator';
import { installProbeCollector } from './coverage.js';
import { FAULT_KINDS, type FaultKind } from './fault-kinds.js';
import { leaks } from './invariants.js';
import { type MatrixRequest, type MatrixTargetSet, ordinal, type Recorded, recordRotation, startRig } from './matrix.js';
import { namedTargetsTruthful, rerunConverges, stranded, targetsWork } from './matrix-cases.js';
import { applyMutants } from './mutants.js';
import type { Service } from './simulation.js';
import type { Credential, SimKeyKind } from './world.js';

/** A path pattern of one service and method, and how many requests of the clean run it matches. */
export interface PersistPattern {
  service: Service;
  method: string;
  path: string;
  /** The clean run's requests it matches, in order. */
  matches: MatrixRequest[];
}

export interface PersistCase {
  kind: SimKeyKind;
  credential: Credential;
  targets: MatrixTargetSet;
  keep: number;
  pattern: PersistPattern;
  /** The fault holds from the pattern's nth matching request on (1-based), for every attempt after it. */
  from: number;
  fault: FaultKind;
  /** `#9 store: github PUT /repos/acme/app/** from its 2nd match` */
  label: string;
}

export interface PersistResult {
  violations: string[];
  trace: string[];
  /** The rotation's probes the run hit (which rows reach a rollback's write-back). */
  probes: Set<string>;
}

/**
 * The patterns of a clean run's requests: per service and method, every path (`/**`), and the
 * paths under each of its first three segments (`/repos/acme/app/**`: the three secret writes of the
 * Actions rig; `/projects/acme%2Fops/**`: the GitLab record's variables). Patterns matching the
 * same requests are one.
 */
export function persistPatterns(requests: readonly MatrixRequest[]): PersistPattern[] {
  const byKey = new Map<string, PersistPattern>();
  for (const request of requests) {
    const segments = request.path.split('/').filter(Boolean);
    const under = request.service === 'platform' ? segments.slice(0, 1) : segments.slice(0, 3);
    for (const path of ['/**', `/${under.join('/')}/**`]) {
      const key = `${request.service} ${request.method} ${path}`;
      const pattern = byKey.get(key) ?? { service: request.service, method: request.method, path, matches: [] };
      pattern.matches.push(request);
      byKey.set(key, pattern);
    }
  }
  const seen = new Set<string>();
  return [...byKey.values()].filter((p) => {
    const same = `${p.service} ${p.method} ${p.matches.map((m) => m.index).join(',')}`;
    if (seen.has(same)) return false;
    seen.add(same);
    return true;
  });
}

/** Every fault kind, made to hold for good, from each match of each pattern of each recorded run. */
export function persistCases(recorded: readonly Recorded[]): PersistCase[] {
  return recorded.flatMap(({ kind, credential, targets, keep = 1, requests }) =>
    persistPatterns(requests).flatMap((pattern) =>
      pattern.matches.flatMap((first, i) =>
        FAULT_KINDS.map((fault) => ({
          kind,
          credential,
          targets,
          keep,
          pattern,
          from: i + 1,
          fault,
          label: `${first.label.split(':')[0]}: ${pattern.service} ${pattern.method} ${pattern.path} from its ${ordinal(i + 1)} match`,
        })),
      ),
    ),
  );
}

/** The fault of a row, made to hold for every attempt. */
function persisting(fault: FaultKind, service: Service): FaultEffect & Pick<FaultSpec, 'times'> {
  return { ...fault.effect(service), times: 'always' };
}

/** One row: the persisting fault armed, one run, then the guarantees. `mutants` switched on for the run (a test's proof). */
export async function runPersistCase(c: PersistCase, mutants: readonly string[] = []): Promise<PersistResult> {
  const rig = await startRig(c.kind, c.credential, 'full', c.targets, c.keep);
  const { sim } = rig;
  const { world } = sim;
  const out: string[] = [];
  const probes = new Set<string>();
  const uninstall = installProbeCollector((name) => void probes.add(name));
  const restore = applyMutants(mutants);
  try {
    const { service, method, path } = c.pattern;
    const effect = persisting(c.fault, service);
    sim.arm({ service, method, path, nth: c.from, effect, name: `${c.fault.name}, then for good` });
    const run = sim.start(rig.spec());
    await sim.runAll([run]);
    const result = run.result;
    if (
      !sim
        .emulatorOf(service)
        .log.entries()
        .some((e) => e.fault && e.fault !== 'delay')
    )
      out.push('the fault was never met');
    if (result.status === 'ok') {
      const held = rig.seeded.at(-1)!;
      if (c.keep > 1 && !world.platform.isKeyValid(held.key)) out.push(`keep ${c.keep}: the key the targets held (${held.id}) was revoked`);
    } else if (result.status !== 'failed' || !result.error) out.push(`the run ended ${result.status}`);
    else {
      const { error } = result;
      if (!error.summary.trim() || error.advice.trim().length < 10) out.push('the failure does not say what happened and what to do');
      const keyId = error.report.newKeyRevoked ? undefined : error.report.keyId;
      const live = keyId !== undefined && world.platform.listKeys().some((k) => k.id === keyId && !k.revoked);
      if (keyId !== undefined && !live) out.push(`the failure names key ${keyId}, which is not live`);
    }
    out.push(...targetsWork(rig), ...leaks(world, [result]));
    // A reply lost after effect, for good: each write lands and the run never learns it, so a target
    // it names may hold another key, and its key may be live with no holder (README, Store: it stays
    // valid while a target may hold it). The next run settles that; any other fault leaves no doubt.
    if (effect.kind !== 'reply-lost') out.push(...namedTargetsTruthful(rig, result), ...stranded(rig));
    sim.clearFaults();
    const rerun = await rerunConverges(rig, 'the faulted run', out);
    out.push(...leaks(world, [rerun]));
    return { violations: out, trace: sim.trace, probes };
  } finally {
    restore();
    uninstall();
    await sim.close();
  }
}

/**
 * The rows' rigs: a personal key with a token into the Actions targets (a rollback writes GitHub
 * secrets back) and into the GitLab ones (it writes GitLab variables back), each with keep 1 and 2.
 */
export async function recordPersistRigs(): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const targets of ['actions', 'gitlab'] as const) {
    for (const keep of [1, 2]) {
      out.push({
        kind: 'personal',
        credential: 'token',
        targets,
        keep,
        requests: await recordRotation('personal', 'token', targets, keep),
      });
    }
  }
  return out;
}
