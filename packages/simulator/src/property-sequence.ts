// Issue 10's property over whole histories, one generator for two worlds: the simulator's (in
// process, on virtual time: src/property-world.ts) and the bundled Action's as a child process
// (test/reliability's cross-check). Each sequence draws a target list, edits it between runs
// (reorders, drops, adds, retires), and gives each run a plan: none, a fault of the fault matrix on a
// random request, or a kill at a random request before or after it takes effect. After every run:
// every target written and not retired holds a working key, and nothing leaked. At the end, with
// every dropped target named again or retired and no faults, one clean run converges: no key of any
// run is left valid and held by nothing. The draws are those test/reliability's property test made
// when it ran this alone through the bundle, so its seeds play the same sequences here.

import type { PlatformEmulator } from '@keyturn/emulator';
import { FAULT_KINDS, type FaultKind } from './fault-kinds.js';
import { createRng, type Rng } from './prng.js';
import { TARGET_POOL } from './world.js';

/** The base seed CI plays (each sequence's seed is the base plus its number). */
export const PROPERTY_FIXED_SEED = 20261123;
/**
 * Sequence seeds that once failed, each replayed as its own sequence: a list replaced whole, then
 * the old family's target retired (1568156578); a target added in a run that rolled back, then
 * dropped (688193290); a run killed after its create, then the list edited (435540298).
 */
export const PROPERTY_FOUND_SEEDS = [1568156578, 688193290, 435540298];
/** Runs of a sequence before the converging one. */
const RUNS = 4;

/** One request of a rotation: the nth of a method and path (a pattern, as the emulators' fault book takes). */
export interface SequenceRequest {
  service: 'platform' | 'github';
  method: string;
  path: string;
  nth: number;
}

/**
 * What a run meets. `kill`: the run is killed while `request` hangs, the hang before or after it
 * took effect (the process-level world SIGKILLs the Action there; the simulator kills the run there,
 * which is its crash point at that request: before or after effect).
 */
export type RunPlan =
  | { kind: 'clean' }
  | { kind: 'fault'; request: SequenceRequest; fault: FaultKind }
  | { kind: 'kill'; request: SequenceRequest; afterEffect: boolean };

export interface SequenceInputs {
  keep: number;
  retire: string[];
}

/** How a run ended: by itself (`ok`: exit 0; `failed`: exit 1), killed, or not at all. */
export type RunEnd = 'ok' | 'failed' | 'killed' | 'stuck';

export interface SequenceRun {
  end: RunEnd;
  /** What ended it, for the history (`exit 1: The key ...`). */
  detail: string;
  /** Key values and tokens the run handled (the Action's masks, the keys it made): the leak checks search for them too. */
  values: string[];
  /** The world's secrets that show in what the run said (log, outputs, summary, errors), as violations. */
  leaks(): string[];
}

/** A world a sequence plays in: the platform and GitHub emulators' state, and rotate-key run against them. */
export interface SequenceWorld {
  platform: Pick<PlatformEmulator, 'isKeyValid' | 'keyIdOf' | 'listKeys'>;
  /** The key made in the console before any rotation. */
  consoleKey: { id: number; key: string };
  /** Every key value and token the leak checks search for. */
  secrets: Set<string>;
  /** The console key into the secret of `targets`, written a day ago, as a user does before the first rotation. */
  seed(targets: readonly string[]): void;
  /** Runs rotate-key once over `targets` under `plan`; api-key is what the first listed target holds that works, else the console key. */
  rotate(targets: readonly string[], inputs: SequenceInputs, plan: RunPlan): Promise<SequenceRun>;
  /** What the secret of `target` holds. */
  held(target: string): string | undefined;
  /** Deletes the secret of `target`, as a user retiring it does. */
  deleteSecret(target: string): Promise<void>;
  clearFaults(): void;
}

/** Where a run left each target of the pool: the key it holds, by its rank after the console key (ids differ between worlds). */
export interface RunOutcome {
  end: RunEnd;
  held: Record<string, string>;
}

export interface SequenceResult {
  seed: number;
  /** One line a run: its targets, inputs, plan and how it ended. */
  history: string[];
  violations: string[];
  /** How each run ended and what the targets held then; the live keys at the end: the cross-check compares these. */
  outcomes: RunOutcome[];
  liveKeys: string[];
}

/** A request of a rotation, drawn at random: any step, either service, the target record too. */
function randomRequest(rng: Rng, targets: readonly string[]): SequenceRequest {
  // Every choice is drawn before the pick, in this order: the draws of the sequences found so far.
  return rng.pick<SequenceRequest>([
    { service: 'platform', method: 'GET', path: '/api_keys', nth: 1 + rng.int(3) },
    { service: 'platform', method: 'POST', path: '/api_keys', nth: 1 },
    { service: 'platform', method: 'DELETE', path: '/api_keys/*', nth: 1 },
    { service: 'github', method: 'GET', path: '/repos/acme/ops/actions/variables', nth: 1 },
    { service: 'github', method: rng.pick(['POST', 'PATCH']), path: '/repos/acme/ops/actions/variables/**', nth: 1 },
    { service: 'github', method: 'PATCH', path: '/repos/acme/ops/actions/variables/**', nth: 2 },
    { service: 'github', method: 'PUT', path: '/repos/**', nth: 1 + rng.int(targets.length) },
    { service: 'github', method: 'GET', path: '/repos/**', nth: 1 + rng.int(targets.length) },
  ]);
}

function drawPlan(rng: Rng, targets: readonly string[]): RunPlan {
  const kind = rng.pick(['clean', 'fault', 'fault', 'kill'] as const);
  if (kind === 'clean') return { kind };
  const request = randomRequest(rng, targets);
  if (kind === 'fault') return { kind, request, fault: rng.pick(FAULT_KINDS) };
  return { kind, request, afterEffect: rng.next() < 0.5 };
}

export function describePlan(plan: RunPlan): string {
  if (plan.kind === 'clean') return 'clean';
  const { service, method, path, nth } = plan.request;
  const where = `${service} ${method} ${path} #${nth}`;
  return plan.kind === 'fault'
    ? `${plan.fault.name} on ${where}`
    : `kill while ${where} hangs (${plan.afterEffect ? 'after' : 'before'} effect)`;
}

/** The next list: reordered, maybe one target dropped, maybe one added. */
function edit(rng: Rng, list: readonly string[]): string[] {
  let next = rng.shuffle(list);
  if (next.length > 1 && rng.next() < 0.5) next.splice(rng.int(next.length), 1);
  const absent = TARGET_POOL.filter((t) => !next.includes(t));
  if (absent.length && (next.length === 1 || rng.next() < 0.4)) next.splice(rng.int(next.length + 1), 0, rng.pick(absent));
  if (!next.length) next = [rng.pick(TARGET_POOL)];
  return next;
}

/** Plays the sequence of `seed` in `world`; stops at the first run after which a check fails. */
export async function playSequence(seed: number, world: SequenceWorld): Promise<SequenceResult> {
  const rng = createRng(seed);
  const result: SequenceResult = { seed, history: [], violations: [], outcomes: [], liveKeys: [] };
  /** Targets written at least once and not retired since (their secret still exists). */
  const written = new Set<string>();
  const ran = async (targets: readonly string[], inputs: SequenceInputs, plan: RunPlan, label: string): Promise<SequenceRun> => {
    const run = await world.rotate(targets, inputs, plan);
    world.clearFaults();
    for (const value of run.values) world.secrets.add(value);
    for (const target of targets) {
      const value = world.held(target);
      if (value) world.secrets.add(value);
      if (value && value !== world.consoleKey.key) written.add(target);
    }
    const retiring = inputs.retire.length ? `, retire [${inputs.retire.join(' | ')}]` : '';
    result.history.push(
      `${label}: targets [${targets.join(' | ')}], keep ${inputs.keep}${retiring}, ${describePlan(plan)} -> ${run.detail}`,
    );
    result.outcomes.push({ end: run.end, held: heldByRank(world) });
    return run;
  };
  const check = (run: SequenceRun, context: string) => {
    result.violations.push(...lockOuts(world, written).map((v) => `${v} ${context}`), ...run.leaks());
  };

  let list: string[] = rng.shuffle(TARGET_POOL).slice(0, 1 + rng.int(3));
  world.seed(list);
  for (const target of list) written.add(target);
  const everListed = new Set(list);
  for (let round = 0; round < RUNS; round++) {
    const previous = list;
    if (round > 0) list = edit(rng, list);
    for (const target of list) everListed.add(target);
    const inputs: SequenceInputs = { keep: rng.pick([1, 1, 2]), retire: [] };
    // Sometimes the user retires a target dropped earlier: deletes its secret, then names it.
    const droppedNow = [...everListed].filter((t) => !list.includes(t) && !previous.includes(t) && written.has(t));
    if (droppedNow.length && rng.next() < 0.5) {
      const retired = rng.pick(droppedNow);
      await world.deleteSecret(retired);
      written.delete(retired);
      inputs.retire = [retired];
    }
    const plan = drawPlan(rng, list);
    const run = await ran(list, inputs, plan, `run ${round + 1}`);
    check(run, `after run ${round + 1}`);
    if (result.violations.length) return result;
  }
  // Converge: every dropped target is named again or retired, no faults, keep 1.
  const dropped = [...everListed].filter((t) => !list.includes(t));
  const back = dropped.filter(() => rng.next() < 0.5);
  const retire = dropped.filter((t) => !back.includes(t));
  for (const target of retire) {
    if (world.held(target) === undefined) continue;
    await world.deleteSecret(target);
    written.delete(target);
  }
  const run = await ran([...list, ...back], { keep: 1, retire }, { kind: 'clean' }, 'final');
  if (run.end !== 'ok') result.violations.push(`the converging run did not end well: ${run.detail}`);
  check(run, 'once converged');
  result.violations.push(...unheldKeys(world, written));
  result.liveKeys = world.platform
    .listKeys()
    .filter((k) => k.id > world.consoleKey.id && !k.revoked)
    .map((k) => `key ${k.id - world.consoleKey.id}`);
  return result;
}

/** Every target written and not retired holds a live key: nobody is locked out. */
function lockOuts(world: SequenceWorld, written: ReadonlySet<string>): string[] {
  return [...written].filter((t) => !isLive(world, world.held(t))).map((t) => `lock-out: ${t} holds a key that does not work`);
}

/** Once runs converge, every live key made since the console key is held by some target. Values cannot be mapped to ids, so count. */
function unheldKeys(world: SequenceWorld, written: ReadonlySet<string>): string[] {
  const live = world.platform.listKeys().filter((k) => k.id > world.consoleKey.id && !k.revoked);
  const held = new Set([...written].map((t) => world.held(t)).filter((v): v is string => v !== world.consoleKey.key && isLive(world, v)));
  return live.length === held.size
    ? []
    : [`unheld: ${live.length} live keys made by runs, ${held.size} held by a target (live: ${live.map((k) => k.id).join(', ')})`];
}

function isLive(world: SequenceWorld, value: string | undefined): value is string {
  return value !== undefined && world.platform.isKeyValid(value);
}

/** What each target of the pool holds: `key 3` (the third key after the console key), `console key`, `dead key 3`, or nothing. */
function heldByRank(world: SequenceWorld): Record<string, string> {
  const held: Record<string, string> = {};
  for (const target of TARGET_POOL) {
    const value = world.held(target);
    if (value === undefined) continue;
    const id = world.platform.keyIdOf(value);
    const name = value === world.consoleKey.key ? 'console key' : id === undefined ? 'unknown value' : `key ${id - world.consoleKey.id}`;
    held[target] = world.platform.isKeyValid(value) ? name : `dead ${name}`;
  }
  return held;
}
