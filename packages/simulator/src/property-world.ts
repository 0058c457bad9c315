// The property sequences' world in the simulator: rotateKey in process, on virtual time, against
// the emulators' state, with a personal key and a GitHub token as the process-level world runs the
// Action. A kill plan arms the same `hang` fault there; the run is killed as soon as an emulator
// holds that request, before any timer of the client fires, which is the simulator's crash point at
// that request: after effect when the hang came after it (the reply never reaches the run), before
// effect otherwise. What the killed run had sent lands before the next step, as at a served emulator.

import type { FaultEffect } from '@keyturn/emulator';
import { secretPath } from './history.js';
import { leaks } from './invariants.js';
import { hungSince, lastSeq, type RunPlan, type SequenceInputs, type SequenceRun, type SequenceWorld } from './property-sequence.js';
import { Simulation } from './simulation.js';
import { SECRET_NAMES } from './world.js';

const SECRET_NAME = SECRET_NAMES[0];
/** Longer than the slowest retry schedule of a run: a run still going then is stuck. */
const RUN_LIMIT_MS = 30 * 60_000;
/** Virtual time after a kill for what the run had sent to land (its requests are answered within milliseconds). */
const LANDING_MS = 60_000;

export interface SimulatedSequenceWorld extends SequenceWorld {
  sim: Simulation;
  close(): Promise<void>;
}

export async function startSimulatedSequenceWorld(seed: number): Promise<SimulatedSequenceWorld> {
  const sim = await Simulation.start(seed);
  const { world } = sim;
  const consoleKey = world.consoleKey('personal');
  const held = (target: string) => world.held(target, SECRET_NAME);

  async function rotate(targets: readonly string[], inputs: SequenceInputs, plan: RunPlan): Promise<SequenceRun> {
    const apiKey = targets.map(held).find((v) => v !== undefined && world.platform.isKeyValid(v)) ?? consoleKey.key;
    if (plan.kind === 'fault') sim.arm({ ...plan.request, effect: plan.fault.effect(plan.request.service), name: plan.fault.name });
    if (plan.kind === 'kill') {
      const hang: FaultEffect = { kind: 'hang', afterEffect: plan.afterEffect };
      sim.arm({ ...plan.request, effect: hang, name: `hang ${plan.afterEffect ? 'after' : 'before'} effect` });
    }
    const { log } = sim.emulatorOf(plan.kind === 'kill' ? plan.request.service : 'platform');
    const since = lastSeq(log);
    const run = sim.start({ kind: 'personal', credential: 'token', targets: [...targets], secretName: SECRET_NAME, keep: inputs.keep, retire: inputs.retire, apiKey });
    if (plan.kind === 'kill') {
      await sim.time.run(() => run.settled || hungSince(log, since), RUN_LIMIT_MS);
      run.kill(`while ${plan.request.method} ${plan.request.path} #${plan.request.nth} hangs`);
      const landed = sim.time.now() + LANDING_MS;
      await sim.time.run(() => sim.time.now() >= landed, LANDING_MS);
    }
    await sim.runAll([run], RUN_LIMIT_MS);
    const { result } = run;
    const end = result.status === 'crashed' ? 'killed' : result.status;
    const detail = end === 'ok' ? 'exit 0' : end === 'failed' ? `exit 1: ${result.error?.code ?? 'error'} at ${result.error?.step ?? '?'}` : end;
    return { end, detail, values: result.created, leaks: () => leaks(world, [result]) };
  }

  return {
    sim,
    platform: world.platform,
    consoleKey,
    secrets: world.secrets,
    seed(targets) {
      const writtenAt = new Date(sim.time.now() - 86_400_000);
      for (const target of targets) world.github.putSecretValue(target, SECRET_NAME, consoleKey.key, { writtenAt });
    },
    rotate,
    held,
    async deleteSecret(target) {
      const response = await sim.userRequest('DELETE', secretPath(target, SECRET_NAME));
      if (response.status !== 204) throw new Error(`deleting the secret of ${target}: ${response.status}`);
      sim.note(`user: deletes ${SECRET_NAME} in ${target}`);
    },
    clearFaults: () => sim.clearFaults(),
    close: () => sim.close(),
  };
}
