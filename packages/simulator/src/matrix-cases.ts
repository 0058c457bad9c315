// The matrices' cases, run (matrix.ts records them): one fault case (the fault armed on its request,
// one run, then the outcome the protocol promises and the invariants), one crash case (the run killed
// there, then a re-run that must converge), and the checks both make of the rig.

import { countNoun } from '@keyturn/api/toolkit';
import { leaks } from './invariants.js';
import type { Run, RunResult, RunSpec } from './simulation.js';
import type { Simulation } from './simulation.js';
import {
  type CrashCase,
  type FaultCase,
  isInstallationTokenRevocation,
  MATRIX_FAMILY,
  MATRIX_SECRET,
  type Rig,
  startRig,
} from './matrix.js';

export interface CaseResult {
  violations: string[];
  trace: string[];
}

/** One fault case: the fault armed on the request, one run, then the outcome the protocol promises and the invariants. */
export async function runFaultCase(c: FaultCase): Promise<CaseResult> {
  const rig = await startRig(c.kind, c.credential, c.shape, c.targets, c.keep ?? 1);
  const { sim } = rig;
  const { world } = sim;
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
    const result = run.result;
    const emulator = sim.emulatorOf(c.request.service);
    if (!emulator.log.entries().some((e) => e.fault && e.fault !== 'delay')) out.push('the fault was never met');
    const held = rig.held();
    // keep 2 keeps the key the targets held (the newest seeded) and revokes the older one.
    const seededIds = rig.seeded.slice(0, rig.seeded.length - (rig.keep - 1)).map((k) => k.id);
    if (c.outcome === 'recovers') {
      if (result.status !== 'ok') out.push(`expected to recover, the run ended ${result.status}: ${result.error?.message ?? ''}`);
      else {
        const report = result.report!;
        if (report.targets.join('|') !== rig.targets.join('|')) out.push(`targets output ${JSON.stringify(report.targets)}`);
        if (report.revokedKeyIds.join(',') !== seededIds.join(','))
          out.push(`revoked ${JSON.stringify(report.revokedKeyIds)}, not the seeded ${JSON.stringify(seededIds)}`);
        if (new Set(held).size !== 1 || !world.platform.isKeyValid(held[0] ?? '')) out.push('the targets do not all hold one working key');
        if (!world.platform.listKeys().some((k) => k.id === report.keyId && !k.revoked)) out.push(`key ${report.keyId} is not live`);
        if (rig.keep > 1 && !world.platform.isKeyValid(rig.seeded.at(-1)!.key))
          out.push(`keep ${rig.keep}: the key the targets held (${rig.seeded.at(-1)!.id}) was revoked`);
      }
    } else if (c.outcome === 'keeps-keys') {
      if (result.status !== 'ok')
        out.push(`expected to keep the keys and end, the run ended ${result.status}: ${result.error?.message ?? ''}`);
      else {
        const report = result.report!;
        if (!report.notices.some((n) => n.code === 'deployment-not-ready'))
          out.push(`no deployment-not-ready notice: ${JSON.stringify(report.notices.map((n) => n.code))}`);
        if (report.revokedKeyIds.includes(rig.seeded[1]!.id))
          out.push(`revoked key ${rig.seeded[1]!.id}, which the deployment running uses`);
        if (new Set(held).size !== 1 || !world.platform.isKeyValid(held[0] ?? '')) out.push('the targets do not all hold one working key');
      }
    } else if (result.status !== 'failed' || !result.error) out.push(`expected to fail, the run ended ${result.status}`);
    else {
      const error = result.error;
      if (!error.summary.trim() || error.advice.trim().length < 10) out.push('the failure does not say what happened and what to do');
      // The key-id output (the Action's rotationOutputs): the new key unless the run revoked it again; it must be live.
      const keyId = error.report.newKeyRevoked ? undefined : error.report.keyId;
      if (keyId !== undefined && !world.platform.listKeys().some((k) => k.id === keyId && !k.revoked))
        out.push(`the failure names key ${keyId}, which is not live`);
    }
    out.push(
      ...namedTargetsTruthful(rig, result),
      ...targetsWork(rig),
      ...deploymentsWork(rig),
      ...stranded(rig),
      ...leaks(world, [result]),
    );
    if (c.credential === 'app') out.push(...tokensLeftLive(rig, c));
    return { violations: out, trace: sim.trace };
  } finally {
    await sim.close();
  }
}

/** Starts `spec` killed at the case's request (before or after it took effect), runs it, and says where it was not killed there. */
export async function crashAt(sim: Simulation, spec: RunSpec, c: CrashCase, out: string[]): Promise<Run> {
  const crashed = sim.start({ ...spec, crash: { request: c.request.index, afterEffect: c.afterEffect } });
  await sim.runAll([crashed]);
  const at = crashed.result.sent[c.request.index - 1];
  if (crashed.result.status !== 'crashed') out.push(`the run was not killed: it ended ${crashed.result.status}`);
  else if (!at || at.service !== c.request.service || at.method !== c.request.method || at.path !== c.request.path) {
    out.push(`killed at ${at ? `${at.service} ${at.method} ${at.path}` : 'no request'}, not at ${c.request.label}`);
  }
  return crashed;
}

/** One crash case: the run killed at the request, then the next scheduled run with what the first target holds must converge. */
export async function runCrashCase(c: CrashCase): Promise<CaseResult> {
  const rig = await startRig(c.kind, c.credential, c.shape, c.targets, c.keep ?? 1);
  const { sim } = rig;
  const { world } = sim;
  const out: string[] = [];
  try {
    const crashed = await crashAt(sim, rig.spec(), c, out);
    const rerun = await rerunConverges(rig, 'the crash', out);
    out.push(...leaks(world, [crashed.result, rerun]));
    return { violations: out, trace: sim.trace };
  } finally {
    await sim.close();
  }
}

/**
 * The next scheduled run, started with what the first target holds, must end well: every target
 * holds one working key, and the family's live keys are its own (with keep 2, and the keys the
 * targets held as it began: README, Revoke). Its result.
 */
export async function rerunConverges(rig: Rig, after: string, out: string[]): Promise<RunResult> {
  const { sim } = rig;
  const { world } = sim;
  // keep 2: the keys the targets hold as the rerun begins stay live beside its own (README, Revoke).
  const keptIds = rig.keep > 1 ? heldKeyIds(rig) : [];
  const rerun = sim.start(rig.spec(rig.held()[0]));
  await sim.runAll([rerun]);
  if (rerun.result.status !== 'ok') out.push(`the run after ${after} ended ${rerun.result.status}: ${rerun.result.error?.message ?? ''}`);
  const held = rig.held();
  if (new Set(held).size !== 1) out.push('the targets do not all hold the same key');
  if (!world.platform.isKeyValid(held[0] ?? '')) out.push('the key the targets hold does not work');
  out.push(...deploymentsWork(rig));
  const live = world.platform
    .listKeys()
    .filter((k) => !k.revoked && k.name.startsWith(`${MATRIX_FAMILY}-`))
    .map((k) => k.id)
    .sort((a, b) => a - b);
  const own = rerun.result.report?.keyId;
  // More, never fewer: keys the record says the targets may hold past keep's slots are kept, and named (README, Revoke).
  const beyond = (rerun.result.report?.notices ?? []).flatMap((n) => (n.code === 'kept-beyond-keep' ? n.keyIds : []));
  const expected = own === undefined ? [] : [...new Set([own, ...keptIds, ...beyond])].sort((a, b) => a - b);
  if (own !== undefined && live.join(',') !== expected.join(',')) {
    out.push(
      `live keys of the family: [${live.join(', ')}], not the rerun's ` +
        `${own}${keptIds.length ? ` and the held [${keptIds.join(', ')}] keep ${rig.keep} keeps` : ''}`,
    );
  }
  return rerun.result;
}

/** The ids of the working keys of the family the targets hold now. */
function heldKeyIds(rig: Rig): number[] {
  const { platform } = rig.sim.world;
  const ids = rig.held().flatMap((v) => (v !== undefined && platform.isKeyValid(v) ? [platform.keyIdOf(v)] : []));
  return [...new Set(ids.filter((id): id is number => id !== undefined))];
}

/** The targets the run names (its report, or its failure's) hold its new key, a working one none seeded. */
export function namedTargetsTruthful(rig: Rig, result: RunResult): string[] {
  const named = result.report?.targets ?? result.error?.report.targets ?? [];
  const seeded = new Set(rig.seeded.map((k) => k.key));
  return named
    .filter((spec) => {
      const value = rig.sim.world.held(spec, MATRIX_SECRET);
      return value === undefined || seeded.has(value) || !rig.sim.world.platform.isKeyValid(value);
    })
    .map((spec) => `untruthful: the run names ${spec}, which does not hold its new key`);
}

export function targetsWork(rig: Rig): string[] {
  const held = rig.held();
  return rig.targets
    .filter((_, i) => !(held[i] !== undefined && rig.sim.world.platform.isKeyValid(held[i]!)))
    .map((t) => `lock-out: ${t} holds a key that does not work`);
}

/** I1 where it runs: the deployment production serves of each Vercel target uses a working key. */
function deploymentsWork(rig: Rig): string[] {
  const { world } = rig.sim;
  return rig.targets
    .filter((t) => t.startsWith('vercel:'))
    .filter((t) => !world.platform.isKeyValid(world.served(t, MATRIX_SECRET) ?? ''))
    .map((t) => `lock-out: the deployment ${t} runs uses a key that does not work`);
}

/** No key made since the seeded ones is live unless a target holds it (counted: values do not map to ids). */
export function stranded(rig: Rig): string[] {
  const { platform } = rig.sim.world;
  const seeded = new Set(rig.seeded.map((k) => k.key));
  const lastSeededId = Math.max(...rig.seeded.map((k) => k.id));
  const live = platform.listKeys().filter((k) => k.id > lastSeededId && !k.revoked);
  const held = new Set(rig.held().filter((v): v is string => v !== undefined && !seeded.has(v) && platform.isKeyValid(v)));
  return live.length > held.size
    ? [
        `orphan: ${countNoun(live.length - held.size, 'key')} made by the run, live and held by no target (live: ` +
          `${live.map((k) => k.id).join(', ')})`,
      ]
    : [];
}

/** Every installation token the run holds is revoked, unless its revocation failed or a mint's answer was lost. */
function tokensLeftLive(rig: Rig, c: FaultCase): string[] {
  const { world } = rig.sim;
  const live = world.github.installationTokens(world.app.id).filter((t) => !t.revoked).length;
  const isMint = c.request.method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(c.request.path);
  const minted = world.github.installationTokens(world.app.id).length;
  // A revocation failing for good fails every later one too (the Codespaces rows mint a token per owner).
  const failedRevocations = c.fault.effect(c.request.service).times === 'always' ? minted - (c.request.nth - 1) : 1;
  const allowed = isInstallationTokenRevocation(c.request) ? failedRevocations : isMint && c.fault.ambiguous ? 1 : 0;
  return live > allowed ? [`${live} installation token(s) left live (at most ${allowed})`] : [];
}
