// The matrices' leak-mode rows (issue 20, item 6): an emergency rotation (`leakedKey`) under every
// fault kind on every request of its clean run, and killed at every request, for each kind of key.
// The rig is matrix.ts's, rotated once first so the family's record knows the key every target
// holds; that key then leaks, and the emergency run keeps 2 (so only the leak rule revokes it).
// After each case, the user answers as the run's advice says (a working key in the workflow's
// secret, the emergency rotation run again), and then the leaked key is dead, every target holds
// one working key, no key the runs made is left live unheld, and no value was said.
// One credential (a token) and the full answer shape: the App's tokens and the sparse shape are
// the rotation rows' concern, and the leak rule reads neither.

import { keyFingerprint } from '@keyturn/rotation';
import { expectedOutcome, FAULT_KINDS } from './fault-kinds.js';
import { leaks } from './invariants.js';
import {
  type CrashCase,
  type FaultCase,
  MATRIX_FAMILY,
  MATRIX_SECRET,
  MATRIX_TARGETS,
  type Recorded,
  type Rig,
  startRig,
  traceRequests,
} from './matrix.js';
import { type CaseResult, crashAt } from './matrix-cases.js';
import { type RigSetup, recordSetup, replaySetup, rigView } from './rig-copy.js';
import type { RunResult, RunSpec } from './simulation.js';
import { KEY_KINDS, type SimKeyKind } from './world.js';

export interface LeakRig extends Rig {
  /** The key every target holds when the case starts, known to the record: it leaks. */
  leaked: { id: number; key: string };
}

/** How a case gets its leak rig: a copy of the kind's template (startLeakRig), or built afresh (buildLeakRig, the copy's proof). */
export type StartLeakRig = (kind: SimKeyKind) => Promise<LeakRig>;

/** matrix.ts's rig, rotated once (keep 1) so the record knows its key, which then leaks: the setup run for real. */
export async function buildLeakRig(kind: SimKeyKind): Promise<LeakRig> {
  return (await buildLeakTemplate(kind, false)).rig;
}

interface LeakTemplate {
  rig: LeakRig;
  setup?: RigSetup;
}

async function buildLeakTemplate(kind: SimKeyKind, record: boolean): Promise<LeakTemplate> {
  const rig = await startRig(kind, 'token', 'full');
  try {
    const recording = record ? recordSetup(rig.sim) : undefined;
    const setup = rig.sim.start(rig.spec());
    await rig.sim.runAll([setup]);
    const key = setup.result.created[0];
    if (setup.result.status !== 'ok' || !key)
      throw new Error(`the rotation before the leak ended ${setup.result.status}:\n${rig.sim.trace.join('\n')}`);
    const leaked = { id: setup.result.report!.keyId!, key };
    const recorded = recording?.stop();
    return { rig: leakRigOf(rig, leaked), ...(recorded && { setup: recorded }) };
  } catch (error) {
    await rig.sim.close();
    throw error;
  }
}

function leakRigOf(rig: Rig, leaked: { id: number; key: string }): LeakRig {
  rig.sim.note(`key ${leaked.id}, in every target, leaks`);
  const fingerprint = keyFingerprint(leaked.key);
  return { ...rig, leaked, spec: (apiKey) => ({ ...rig.spec(apiKey), keep: 2, leakedKey: { fingerprint } }) };
}

/** Each kind's setup, recorded once a process, and the leaked key it made. */
const templates = new Map<SimKeyKind, Promise<{ setup: RigSetup; leaked: { id: number; key: string } }>>();

/**
 * The leak rig of a case: a fresh rig of the same seed with the kind's recorded setup copied onto it
 * (rig-copy.ts), which stands exactly where buildLeakRig's does (the first copy is checked against
 * its template here, and test/rig-copy.test.ts plays cases both ways), for a fifth of the CPU.
 */
export async function startLeakRig(kind: SimKeyKind): Promise<LeakRig> {
  let template = templates.get(kind);
  if (!template) {
    template = leakTemplate(kind);
    templates.set(kind, template);
  }
  const { setup, leaked } = await template;
  return copyLeakRig(kind, setup, leaked);
}

async function copyLeakRig(kind: SimKeyKind, setup: RigSetup, leaked: { id: number; key: string }): Promise<LeakRig> {
  const rig = await startRig(kind, 'token', 'full');
  try {
    await replaySetup(rig.sim, setup);
    return leakRigOf(rig, leaked);
  } catch (error) {
    await rig.sim.close();
    throw error;
  }
}

/** The kind's setup recorded, its first copy held to showing what the template shows. */
async function leakTemplate(kind: SimKeyKind): Promise<{ setup: RigSetup; leaked: { id: number; key: string } }> {
  const template = await buildLeakTemplate(kind, true);
  let want: string;
  try {
    want = rigView(template.rig.sim, template.rig.targets, MATRIX_SECRET);
  } finally {
    // Closed before the copy starts: a rig starting while another's clock is installed draws from that one.
    await template.rig.sim.close();
  }
  const setup = template.setup!;
  const copy = await copyLeakRig(kind, setup, template.rig.leaked);
  try {
    const got = rigView(copy.sim, copy.targets, MATRIX_SECRET);
    if (want !== got) throw new Error(`the copied leak rig of a ${kind} key differs from its template:\n${want}\n${got}`);
  } finally {
    await copy.sim.close();
  }
  return { setup, leaked: template.rig.leaked };
}

/** The requests of a clean emergency rotation of the leak rig, for each kind of key. */
export async function recordLeakRuns(): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const kind of KEY_KINDS) {
    const rig = await startLeakRig(kind);
    try {
      const run = rig.sim.start(rig.spec());
      await rig.sim.runAll([run]);
      if (run.result.status !== 'ok')
        throw new Error(`the clean emergency rotation ended ${run.result.status}:\n${rig.sim.trace.join('\n')}`);
      out.push({ kind, credential: 'token', targets: 'actions', requests: traceRequests(run.result.sent, kind === 'project') });
    } finally {
      await rig.sim.close();
    }
  }
  return out;
}

export function leakFaultCases(recorded: readonly Recorded[]): FaultCase[] {
  return recorded.flatMap(({ kind, credential, targets, requests }) =>
    requests.flatMap((request) =>
      FAULT_KINDS.map((fault) => ({
        kind,
        credential,
        targets,
        shape: 'full' as const,
        request,
        fault,
        outcome: expectedOutcome(request, fault),
      })),
    ),
  );
}

export function leakCrashCases(recorded: readonly Recorded[]): CrashCase[] {
  return recorded.flatMap(({ kind, credential, targets, requests }) =>
    requests.flatMap((request) =>
      [false, true].map((afterEffect) => ({ kind, credential, targets, shape: 'full' as const, request, afterEffect })),
    ),
  );
}

/** One fault case in leak mode: the outcome the rule promises, what the run says of the leak, then the user's answer. */
export async function runLeakFaultCase(c: FaultCase, start: StartLeakRig = startLeakRig): Promise<CaseResult> {
  const rig = await start(c.kind);
  const { sim } = rig;
  const out: string[] = [];
  try {
    sim.arm({
      service: c.request.service,
      method: c.request.method,
      path: c.request.path,
      nth: c.request.nth,
      effect: c.fault.effect(c.request.service),
      name: c.fault.name,
    });
    const run = sim.start(rig.spec());
    await sim.runAll([run]);
    const emulator = c.request.service === 'platform' ? sim.world.platform : sim.world.github;
    if (!emulator.log.entries().some((e) => e.fault && e.fault !== 'delay')) out.push('the fault was never met');
    const result = run.result;
    if (c.outcome === 'recovers') {
      if (result.status !== 'ok') out.push(`expected to recover, the run ended ${result.status}: ${result.error?.message ?? ''}`);
      else {
        if (result.report!.targets.join('|') !== MATRIX_TARGETS.join('|'))
          out.push(`targets output ${JSON.stringify(result.report!.targets)}`);
        if (!result.report!.leak?.revoked || result.report!.leak.msToRevocation === undefined)
          out.push(`the report does not say the leaked key was revoked: ${JSON.stringify(result.report!.leak)}`);
        if (sim.world.platform.isKeyValid(rig.leaked.key)) out.push('the run ended well, and the leaked key is live');
        out.push(...holdOneWorkingKey(rig));
      }
    } else if (result.status !== 'failed' || !result.error) out.push(`expected to fail, the run ended ${result.status}`);
    else {
      out.push(...leakWordsTruthful(rig, result));
      // Issue 31, item 4: a target the preflight cannot reach does not keep the leaked key alive.
      const publicKeyRead =
        c.request.service === 'github' && c.request.step === 'preflight' && c.request.path.endsWith('/secrets/public-key');
      if (publicKeyRead && sim.world.platform.isKeyValid(rig.leaked.key))
        out.push(`a target the preflight could not reach (${c.request.path}) kept the leaked key alive`);
    }
    const rerun = await answerLikeTheAdvice(rig);
    out.push(...converged(rig, rerun), ...leaks(sim.world, [result, rerun]));
    return { violations: out, trace: sim.trace };
  } finally {
    await sim.close();
  }
}

/** One crash case in leak mode: the emergency run killed at the request, then run again as the user would. */
export async function runLeakCrashCase(c: CrashCase, start: StartLeakRig = startLeakRig): Promise<CaseResult> {
  const rig = await start(c.kind);
  const { sim } = rig;
  const out: string[] = [];
  try {
    const crashed = await crashAt(sim, rig.spec(), c, out);
    const rerun = await answerLikeTheAdvice(rig);
    out.push(...converged(rig, rerun), ...leaks(sim.world, [crashed.result, rerun]));
    return { violations: out, trace: sim.trace };
  } finally {
    await sim.close();
  }
}

/**
 * A failed emergency run says the truth about the leak: revoked (and then dead), or still valid
 * (and then said so); the targets it names as left without a working key hold a dead key or none.
 */
function leakWordsTruthful(rig: LeakRig, result: RunResult): string[] {
  const error = result.error!;
  const out: string[] = [];
  if (!error.summary.trim() || error.advice.trim().length < 10) out.push('the failure does not say what happened and what to do');
  const leak = error.report.leak;
  const live = rig.sim.world.platform.isKeyValid(rig.leaked.key);
  if (leak?.revoked && live) out.push('the run says the leaked key was revoked, and it is live');
  if (live && !/leaked key \([^)]+\) is still valid|THE LEAKED KEY IS STILL VALID/.test(error.message))
    out.push(`the leaked key is live, and the failure does not say so: ${error.message}`);
  for (const spec of leak?.unwritten ?? []) {
    const value = rig.sim.world.held(spec, MATRIX_SECRET);
    if (value !== undefined && rig.sim.world.platform.isKeyValid(value))
      out.push(`untruthful: ${spec} is named as left without a working key, and holds one`);
  }
  return out;
}

/**
 * The user follows the advice: the workflow's secret (the first target) holds a working key, or a
 * key made in the console is put there; the emergency rotation runs again, with no fault (and once
 * more acknowledging the family, when that run finds it stuck).
 */
export async function answerLikeTheAdvice(rig: LeakRig, specOf: (apiKey: string) => RunSpec = rig.spec): Promise<RunResult> {
  const { sim } = rig;
  sim.clearFaults();
  let apiKey = rig.held()[0];
  if (apiKey === undefined || !sim.world.platform.isKeyValid(apiKey)) {
    apiKey = sim.world.consoleKey(rig.kind).key;
    sim.world.github.putSecretValue(MATRIX_TARGETS[0], MATRIX_SECRET, apiKey);
    sim.note("the user puts a key made in the console in the workflow's secret");
  }
  const rerun = sim.start(specOf(apiKey));
  await sim.runAll([rerun]);
  const stuck = rerun.result.error?.code === 'stuck' || rerun.result.alertsError?.report.failedRotations.some((f) => f.code === 'stuck');
  if (!stuck) return rerun.result;
  // A target left without a key, or a leaked key still valid, marks the family stuck (README, "A stuck
  // family"): the user gave the workflow's secret a working key above, so acknowledges, as the issue
  // asks (by the error's code), and the acknowledged run finishes the emergency rotation.
  sim.note('the user acknowledges the stuck family, as its issue asks');
  const acknowledged = sim.start({ ...specOf(apiKey), acknowledge: true });
  await sim.runAll([acknowledged]);
  return acknowledged.result;
}

/** After the user's answer: the leak is over and every target holds one working key, and no made key is live unheld. */
export function converged(rig: LeakRig, rerun: RunResult): string[] {
  const { world } = rig.sim;
  const out: string[] = [];
  if (rerun.status !== 'ok')
    out.push(`the emergency rotation run again ended ${rerun.status}: ${rerun.error?.message ?? rerun.alertsError?.message ?? ''}`);
  if (world.platform.isKeyValid(rig.leaked.key)) out.push('the leaked key is live after the emergency rotation ran again');
  out.push(...holdOneWorkingKey(rig));
  // keep 2: besides the rerun's key, the key the targets held when it began may stay; nothing else of the family.
  const held = new Set(rig.held().map((v) => world.platform.keyIdOf(v ?? '')));
  const live = world.platform.listKeys().filter((k) => !k.revoked && k.name.startsWith(`${MATRIX_FAMILY}-`));
  const unheld = live.filter((k) => !held.has(k.id));
  if (unheld.length > 1) out.push(`live keys of the family held by no target: ${unheld.map((k) => k.id).join(', ')}`);
  return out;
}

function holdOneWorkingKey(rig: LeakRig): string[] {
  const held = rig.held();
  if (new Set(held).size !== 1) return ['the targets do not all hold the same key'];
  return rig.sim.world.platform.isKeyValid(held[0] ?? '') ? [] : ['lock-out: the key the targets hold does not work'];
}
