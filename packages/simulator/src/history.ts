// One random history from one seed: a target list, runs with faults, crashes and concurrent runs,
// the user's edits between runs, clock skew between the services; the invariants after every
// step; at the end, the dropped targets named again or retired, and clean runs that must converge.

import { type CrashPoint, type Run, type RunResult, type RunSpec, Simulation } from './simulation.js';
import { keepBroken, leaks, lockOuts, orphans, untruthfulOutputs } from './invariants.js';
import { applyMutants } from './mutants.js';
import { createRng, type Rng } from './prng.js';
import { laterWriteRefused, randomFault } from './random-faults.js';
import { editRecordVariable } from './record-edits.js';
import { CREDENTIALS, type Credential, KEY_KINDS, SECRET_NAMES, type SimKeyKind, type Skew, TARGET_POOL } from './world.js';

/** How many clean runs a history may need to converge once its faults are gone. */
export const CONVERGENCE_RUNS = 2;
/** A second stream of the seed for choices added after the first histories: a history that draws none stays as it was. */
const LATER_CHOICES = 0x6c617465;

export interface HistoryOptions {
  /** Rounds of runs before converging (2 to 5 by default, drawn). */
  rounds?: number;
  /** Mutants switched on for this history (src/mutants.ts). */
  mutants?: readonly string[];
  /**
   * Edits off by default because they find what is not fixed yet: `rename` (a renamed secret is a
   * new family, and the old family's keys stay valid, held by nothing: reported, not yet decided).
   */
  edits?: { rename?: boolean };
}

export interface HistoryResult {
  seed: number;
  violations: string[];
  trace: string[];
  runs: number;
}

interface UserState {
  kind: SimKeyKind;
  credential: Credential;
  secretName: string;
  keep: number;
  list: string[];
  /** Targets whose secret the user or a run wrote and that were not retired. */
  written: Set<string>;
  /** Targets a run was given: the record may name them (as ones that may hold a key) though never written. */
  named: Set<string>;
  /**
   * Targets the secret was moved away from (the list replaced whole): another family's. Converging
   * retires them rather than naming them beside the new family's (the run would refuse two families).
   */
  movedAway: Set<string>;
  /** Targets whose secret the user deleted, named in retire-targets until a run ends well with them. */
  retiring: Set<string>;
  consoleKey: string;
}

export async function runHistory(seed: number, options: HistoryOptions = {}): Promise<HistoryResult> {
  const pick = createRng(seed);
  const skew = pick.chance(0.25) ? { platformMs: (pick.int(181) - 90) * 1000, githubMs: (pick.int(181) - 90) * 1000 } : { platformMs: 0, githubMs: 0 };
  const shape = pick.chance(0.3) ? 'sparse' : 'full';
  const sim = await Simulation.start(seed, skew, shape);
  const violations: string[] = [];
  const results: RunResult[] = [];
  const restore = applyMutants(options.mutants ?? []);
  const later = createRng(seed ^ LATER_CHOICES);
  try {
    const { rng, world } = sim;
    const kind = rng.pick(KEY_KINDS);
    const user: UserState = {
      kind,
      credential: rng.pick(CREDENTIALS),
      secretName: SECRET_NAMES[0],
      keep: 1,
      list: rng.shuffle(TARGET_POOL).slice(0, 1 + rng.int(3)),
      written: new Set(),
      named: new Set(),
      movedAway: new Set(),
      retiring: new Set(),
      consoleKey: world.consoleKey(kind).key,
    };
    sim.note(`history ${seed}: skew ${JSON.stringify(skew)}, ${shape} answers`);
    seedSecrets(sim, user, user.list);
    const rounds = options.rounds ?? 2 + rng.int(4);
    let added: string[] = [];
    for (let round = 0; round < rounds; round++) {
      if (round > 0 && later.chance(0.3)) takeBack(sim, user, added);
      const before = [...user.list];
      if (round > 0) await editBetweenRuns(sim, rng, user, options.edits?.rename ?? false);
      await maybeRetire(sim, rng, user);
      if (round > 0 && later.chance(0.1)) replaceListWhole(sim, later, user);
      if (round > 0 && later.chance(0.15)) stepPlatformClockBack(sim, later, skew);
      const recordEdit = round > 0 && later.chance(0.15) ? await editRecordVariable(sim, later) : undefined;
      const retire = [...user.retiring].filter((t) => !user.list.includes(t));
      const plan = rng.pick(['clean', 'fault', 'fault', 'faults', 'crash', 'crash', 'concurrent'] as const);
      const heldAtStart = workingKeysHeld(sim, user);
      added = user.list.filter((t) => !before.includes(t));
      if (later.chance(added.length ? 0.4 : 0.1)) sim.arm(laterWriteRefused(later, user.list.length));
      const runs = startRuns(sim, rng, user, plan, retire);
      await sim.runAll(runs);
      sim.clearFaults();
      await recordEdit?.restore();
      for (const run of runs) {
        results.push(run.result);
        learn(sim, user, run.result);
        if (run.result.status === 'ok') for (const target of run.result.spec.retire) user.retiring.delete(target);
        if (run.result.status === 'stuck') violations.push(`stuck: ${run.result.id} never ended`);
        if (runs.length === 1) violations.push(...untruthfulOutputs(world, run.result), ...keepBroken(world, run.result, heldAtStart));
      }
      violations.push(...lockOuts(world).map((v) => `${v} (after round ${round + 1})`));
      if (violations.length) break;
    }
    if (!violations.length) violations.push(...(await converge(sim, user, results)));
    violations.push(...leaks(world, results));
  } finally {
    restore();
    await sim.close();
  }
  return { seed, violations: [...new Set(violations)], trace: sim.trace, runs: results.length };
}

/** The user's first key in the secret of every listed target, written a day ago. */
function seedSecrets(sim: Simulation, user: UserState, targets: readonly string[]): void {
  const writtenAt = new Date(sim.time.now() - 86_400_000);
  for (const target of targets) {
    sim.world.github.putSecretValue(target, user.secretName, user.consoleKey, { writtenAt });
    user.written.add(target);
  }
}

/** The working keys the listed targets hold (for the keep check). */
function workingKeysHeld(sim: Simulation, user: UserState): string[] {
  const values = user.list.map((t) => sim.world.held(t, user.secretName));
  return values.filter((v): v is string => v !== undefined && sim.world.platform.isKeyValid(v));
}

/**
 * The platform's clock steps back 30 s to 3 min (a time correction): a key used earlier can look
 * more recently used than the key the targets hold, as on a platform that records use late.
 */
function stepPlatformClockBack(sim: Simulation, rng: Rng, skew: Skew): void {
  const stepMs = (30 + rng.int(151)) * 1000;
  skew.platformMs -= stepMs;
  sim.note(`platform clock steps back ${stepMs / 1000} s`);
}

/** The key a workflow run starts with: what the first listed target holds that works, else the user's key. */
function startingKey(sim: Simulation, user: UserState, targets: readonly string[]): string {
  const values = targets.map((t) => sim.world.held(t, user.secretName));
  return values.find((v) => v !== undefined && sim.world.platform.isKeyValid(v) && (sim.world.kindOfValue(v) ?? user.kind) === user.kind) ?? user.consoleKey;
}

function spec(sim: Simulation, user: UserState, retire: string[], crash?: CrashPoint): RunSpec {
  return {
    kind: user.kind,
    credential: user.credential,
    targets: [...user.list],
    secretName: user.secretName,
    keep: user.keep,
    retire,
    apiKey: startingKey(sim, user, user.list),
    ...(crash && { crash }),
  };
}

function startRuns(sim: Simulation, rng: Rng, user: UserState, plan: 'clean' | 'fault' | 'faults' | 'crash' | 'concurrent', retire: string[]): Run[] {
  if (plan === 'fault' || plan === 'faults') {
    for (let i = plan === 'fault' ? 1 : 2 + rng.int(2); i > 0; i--) sim.arm(randomFault(rng));
  }
  if (plan === 'crash') {
    const crash: CrashPoint = rng.chance(0.75) ? { request: 1 + rng.int(30), afterEffect: rng.chance(0.5) } : { atMs: rng.int(20_000) };
    if (rng.chance(0.3)) sim.arm(randomFault(rng));
    return [sim.start(spec(sim, user, retire, crash))];
  }
  if (plan === 'concurrent') {
    if (rng.chance(0.3)) sim.arm(randomFault(rng));
    // Both read the secret when they start: the same key.
    const first = sim.start(spec(sim, user, retire));
    return [first, sim.start(spec(sim, user, retire, rng.chance(0.3) ? { request: 1 + rng.int(20), afterEffect: rng.chance(0.5) } : undefined))];
  }
  return [sim.start(spec(sim, user, retire))];
}

function learn(sim: Simulation, user: UserState, run: RunResult): void {
  for (const target of run.spec.targets) {
    if (run.spec.secretName === user.secretName) user.named.add(target);
    const value = sim.world.held(target, run.spec.secretName);
    if (value && run.spec.secretName === user.secretName) user.written.add(target);
  }
}

/** The user edits the workflow: the target list, keep, the credential, the secret's name, the kind of key. */
async function editBetweenRuns(sim: Simulation, rng: Rng, user: UserState, rename: boolean): Promise<void> {
  let next = rng.shuffle(user.list);
  if (next.length > 1 && rng.chance(0.4)) next.splice(rng.int(next.length), 1);
  const absent = TARGET_POOL.filter((t) => !next.includes(t));
  if (absent.length && (next.length === 1 || rng.chance(0.35))) next.splice(rng.int(next.length + 1), 0, rng.pick(absent));
  if (!next.length) next = [rng.pick(TARGET_POOL)];
  if (next.join('|') !== user.list.join('|')) sim.note(`user: targets now [${next.join(' | ')}]`);
  user.list = next;
  if (rng.chance(0.2)) {
    user.keep = rng.pick([1, 1, 2, 3]);
    sim.note(`user: keep ${user.keep}`);
  }
  if (rng.chance(0.15)) {
    user.credential = user.credential === 'token' ? 'app' : 'token';
    sim.note(`user: GitHub credential now ${user.credential}`);
  }
  // Drawn either way, so a seed makes the same history whether renames are on or not.
  if (rng.chance(0.06) && rename) await renameSecret(sim, user);
  if (rng.chance(0.05)) switchKind(sim, rng, user);
}

/** The secret renamed: the user puts the key each target holds under the new name and deletes the old one. */
async function renameSecret(sim: Simulation, user: UserState): Promise<void> {
  const to = SECRET_NAMES.find((n) => n !== user.secretName)!;
  sim.note(`user: secret renamed ${user.secretName} -> ${to}`);
  for (const target of [...user.written]) {
    const value = sim.world.held(target, user.secretName);
    if (value === undefined) continue;
    sim.world.github.putSecretValue(target, to, value, { writtenAt: new Date(sim.time.now()) });
    await deleteSecret(sim, target, user.secretName);
  }
  user.secretName = to;
}

/** Another kind of key: a console key of that kind in every secret the workflow's targets hold, as the README says. */
function switchKind(sim: Simulation, rng: Rng, user: UserState): void {
  const to = rng.pick(KEY_KINDS.filter((k) => k !== user.kind));
  sim.note(`user: switched to a ${to} key`);
  user.kind = to;
  user.consoleKey = sim.world.consoleKey(to).key;
  for (const target of user.list) {
    sim.world.github.putSecretValue(target, user.secretName, user.consoleKey, { writtenAt: new Date(sim.time.now()) });
    user.written.add(target);
  }
}

/** The user takes back the targets added in the round before (tried, then not wanted after all). */
function takeBack(sim: Simulation, user: UserState, added: readonly string[]): void {
  const next = user.list.filter((t) => !added.includes(t));
  if (!added.length || !next.length || next.length === user.list.length) return;
  user.list = next;
  sim.note(`user: takes back [${added.join(' | ')}], targets now [${next.join(' | ')}]`);
}

/** The user moves the secret to other targets: a list none of whose targets was listed before. */
function replaceListWhole(sim: Simulation, rng: Rng, user: UserState): void {
  const others = rng.shuffle(TARGET_POOL.filter((t) => !user.list.includes(t) && !user.retiring.has(t)));
  if (!others.length) return;
  for (const target of [...user.written, ...user.named, ...user.list]) user.movedAway.add(target);
  user.list = others.slice(0, 1 + rng.int(Math.min(2, others.length)));
  sim.note(`user: targets replaced whole, now [${user.list.join(' | ')}]`);
}

/** Sometimes the user retires a target dropped earlier: deletes its secret, then names it in retire-targets. */
async function maybeRetire(sim: Simulation, rng: Rng, user: UserState): Promise<void> {
  const dropped = [...user.written].filter((t) => !user.list.includes(t));
  if (!dropped.length || !rng.chance(0.4)) return;
  const retired = rng.pick(dropped);
  await deleteSecret(sim, retired, user.secretName);
  user.written.delete(retired);
  user.named.delete(retired);
  user.retiring.add(retired);
  sim.note(`user: retires ${retired}`);
}

async function deleteSecret(sim: Simulation, target: string, secretName: string): Promise<void> {
  const response = await sim.userRequest('DELETE', secretPath(target, secretName));
  if (response.status !== 204 && response.status !== 404) throw new Error(`deleting ${secretName} in ${target}: ${response.status}`);
}

/** Every dropped target named again or retired, no faults, keep 1: the runs must converge to one key held everywhere. */
async function converge(sim: Simulation, user: UserState, results: RunResult[]): Promise<string[]> {
  const { rng, world } = sim;
  const dropped = [...new Set([...user.written, ...user.named])].filter((t) => !user.list.includes(t));
  const back = dropped.filter(() => rng.chance(0.5)).filter((t) => !user.movedAway.has(t));
  for (const target of dropped.filter((t) => !back.includes(t))) {
    await deleteSecret(sim, target, user.secretName);
    user.written.delete(target);
    user.named.delete(target);
    user.retiring.add(target);
  }
  user.list = [...user.list, ...back.filter((t) => !user.list.includes(t))];
  const retire = [...user.retiring].filter((t) => !user.list.includes(t));
  user.keep = 1;
  sim.note(`converging: targets [${user.list.join(' | ')}], retiring [${retire.join(' | ')}]`);
  let last: RunResult | undefined;
  for (let attempt = 0; attempt < CONVERGENCE_RUNS; attempt++) {
    const run = sim.start(spec(sim, user, retire));
    await sim.runAll([run]);
    results.push(run.result);
    last = run.result;
    const locked = lockOuts(world);
    if (locked.length) return locked.map((v) => `${v} (converging)`);
    if (run.result.status === 'ok' && orphans(world, user.kind).length === 0) return untruthfulOutputs(world, run.result);
  }
  if (last?.status !== 'ok') return [`no convergence: ${CONVERGENCE_RUNS} clean runs, the last ${last?.status}: ${last?.error?.message ?? ''}`];
  return orphans(world, user.kind);
}

/** The REST path of a target's secret. */
export function secretPath(target: string, secretName: string): string {
  const at = target.indexOf(':');
  const [kind, rest] = [target.slice(0, at), target.slice(at + 1)];
  if (kind === 'env') {
    const split = rest.indexOf(':');
    return `/repos/${rest.slice(0, split)}/environments/${encodeURIComponent(rest.slice(split + 1))}/secrets/${secretName}`;
  }
  return `/repos/${rest}/${kind === 'dependabot' ? 'dependabot' : 'actions'}/secrets/${secretName}`;
}
