// Issue 10: a property over whole histories. Each sequence draws a random target list, edits it
// between runs (reorders, drops, adds, retires), and gives each run a fault plan: none, a fault of
// the fault matrix on a random request, or a SIGKILL while a random request hangs. After every run:
// every target written and not retired holds a working key, and nothing leaked. At the end, with
// every dropped target named again or retired and no faults, one clean run converges: no key of any
// run is left valid and held by nothing.
//
// Seeded and reproducible: KEYTURN_PROPERTY_SEED=<n> replays a run of this file (each sequence's
// seed is the base seed plus its number), KEYTURN_PROPERTY_SEQUENCES sets how many (default 6). The
// seed is in every test name and every failure message. CI runs a fixed base seed, so a run fails
// only on a change; KEYTURN_PROPERTY_SEED=random explores new histories. Histories a random seed
// once failed are replayed beside the fixed ones (FOUND_SEEDS), so a fix stays fixed.

import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '@keyturn/simulator';
import type { ProbedRun } from './harness/action-process.js';
import { type DriftWorld, expectNobodyLockedOut, expectNoUnheldKey, startDriftWorld, TARGET_POOL } from './harness/drift-world.js';
import { FAULT_KINDS } from './harness/fault-kinds.js';
import { expectNoLeaks } from './harness/invariants.js';
import { armFault, type Service } from './harness/request-trace.js';

const FIXED_SEED = 20261123;
const BASE_SEED = baseSeed(process.env.KEYTURN_PROPERTY_SEED);
const SEQUENCES = Number(process.env.KEYTURN_PROPERTY_SEQUENCES ?? 6);
const RUNS = 4;
/** A sequence is five runs, each up to a few retry back-offs and a rollback long. */
const SEQUENCE_TIMEOUT_MS = 360_000;


interface RequestChoice {
  service: Service;
  method: string;
  path: string;
  nth: number;
}

/** A request of a rotation, drawn at random: any step, either service, the target record too. */
function randomRequest(rng: Rng, targets: readonly string[]): RequestChoice {
  return rng.pick<RequestChoice>([
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

/** The next list: reordered, maybe one target dropped, maybe one added. */
function edit(rng: Rng, list: readonly string[]): string[] {
  let next = rng.shuffle(list);
  if (next.length > 1 && rng.next() < 0.5) next.splice(rng.int(next.length), 1);
  const absent = TARGET_POOL.filter((t) => !next.includes(t));
  if (absent.length && (next.length === 1 || rng.next() < 0.4)) next.splice(rng.int(next.length + 1), 0, rng.pick(absent));
  if (!next.length) next = [rng.pick(TARGET_POOL)];
  return next;
}

/** Runs once under `plan`; a crash plan kills the run while the chosen request hangs (if it is reached). */
async function runUnder(w: DriftWorld, rng: Rng, targets: string[], inputs: Record<string, string>): Promise<{ run: ProbedRun; plan: string }> {
  const kind = rng.pick(['clean', 'fault', 'fault', 'crash'] as const);
  if (kind === 'clean') return { run: await w.rotate(targets, inputs).done, plan: 'clean' };
  const request = randomRequest(rng, targets);
  const where = `${request.service} ${request.method} ${request.path} #${request.nth}`;
  if (kind === 'fault') {
    const fault = rng.pick(FAULT_KINDS);
    armFault(w, request, fault.effect(request.service));
    return { run: await w.rotate(targets, inputs).done, plan: `${fault.name} on ${where}` };
  }
  const afterEffect = rng.next() < 0.5;
  armFault(w, request, { kind: 'hang', afterEffect });
  const started = w.rotate(targets, inputs);
  let ended = false;
  void started.done.then(() => (ended = true), () => (ended = true));
  const emulator = request.service === 'platform' ? w.platform : w.github;
  while (!ended && !emulator.log.entries().some((e) => e.fault === 'hang')) await new Promise((r) => setTimeout(r, 20));
  if (!ended) await started.kill().catch(() => undefined);
  return { run: await started.done, plan: `kill while ${where} hangs (${afterEffect ? 'after' : 'before'} effect)` };
}

/**
 * Sequence seeds that once failed, each replayed as its own sequence: a list replaced whole, then
 * the old family's target retired (1568156578); a target added in a run that rolled back, then
 * dropped (688193290); a run killed after its create, then the list edited (435540298).
 */
const FOUND_SEEDS = [1568156578, 688193290, 435540298];
const sequences = [
  ...Array.from({ length: SEQUENCES }, (_, i) => ({ name: `sequence ${i}`, seed: BASE_SEED + i })),
  ...(process.env.KEYTURN_PROPERTY_SEED ? [] : FOUND_SEEDS.map((seed) => ({ name: 'found sequence', seed }))),
];

describe.concurrent(`rotation histories (KEYTURN_PROPERTY_SEED=${BASE_SEED})`, () => {
  it.each(sequences)('$name (seed $seed)', async ({ seed }) => {
    const rng = createRng(seed);
    const w = await startDriftWorld();
    const history: string[] = [];
    try {
      let list: string[] = rng.shuffle(TARGET_POOL).slice(0, 1 + rng.int(3));
      w.seed(list);
      const everListed = new Set(list);
      for (let round = 0; round < RUNS; round++) {
        const previous = list;
        if (round > 0) list = edit(rng, list);
        for (const target of list) everListed.add(target);
        const inputs: Record<string, string> = { keep: String(rng.pick([1, 1, 2])) };
        // Sometimes the user retires a target dropped earlier: deletes its secret, then names it.
        const droppedNow = [...everListed].filter((t) => !list.includes(t) && !previous.includes(t) && w.written.has(t));
        if (droppedNow.length && rng.next() < 0.5) {
          const retired = rng.pick(droppedNow);
          await w.deleteSecret(retired);
          inputs['retire-targets'] = retired;
        }
        const { run, plan } = await runUnder(w, rng, list, inputs);
        history.push(`run ${round + 1}: targets [${list.join(' | ')}], ${JSON.stringify(inputs)}, ${plan} -> exit ${run.exitCode ?? run.signal}`);
        w.platform.faults.clear();
        w.github.faults.clear();
        w.learn(run, list);
        expectNobodyLockedOut(w, ` after ${history.at(-1)}`);
        expectNoLeaks(run, w.secrets);
      }
      // Converge: every dropped target is named again or retired, no faults, keep 1.
      const dropped = [...everListed].filter((t) => !list.includes(t));
      const back = dropped.filter(() => rng.next() < 0.5);
      const retire = dropped.filter((t) => !back.includes(t));
      for (const target of retire) if (w.held(target) !== undefined) await w.deleteSecret(target);
      const final = [...list, ...back];
      const run = await w.rotate(final, retire.length ? { 'retire-targets': retire.join('\n') } : {}).done;
      history.push(`final: targets [${final.join(' | ')}], retire [${retire.join(' | ')}] -> exit ${run.exitCode}`);
      w.learn(run, final);
      expect(run.exitCode, `the converging run fails: ${run.annotations.map((a) => a.message).join(' / ')}`).toBe(0);
      expectNobodyLockedOut(w);
      expectNoUnheldKey(w);
      expectNoLeaks(run, w.secrets);
    } catch (error) {
      throw new Error(`replay: KEYTURN_PROPERTY_SEED=${seed} KEYTURN_PROPERTY_SEQUENCES=1:\n${history.join('\n')}\n${(error as Error).message}`, { cause: error });
    } finally {
      await w.close();
    }
  }, SEQUENCE_TIMEOUT_MS);
});

function baseSeed(value: string | undefined): number {
  if (value === undefined || value === '') return FIXED_SEED;
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`KEYTURN_PROPERTY_SEED must be an integer or 'random', not ${value}`);
  return seed;
}
