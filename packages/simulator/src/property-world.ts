// The property sequences' world in the simulator: rotateKey in process, on virtual time, against
// the emulators' state, with a personal key and a GitHub token as the process-level world runs the
// Action. A kill plan arms the same `hang` fault there and kills the run as soon as an emulator holds
// that request (kill-at-request.ts): the simulator's crash point at that request, after effect when
// the hang came after it (the reply never reaches the run), before effect otherwise.

import { secretPath } from './history.js';
import { leaks } from './invariants.js';
import { runKilledAt } from './kill-at-request.js';
import type { RunPlan, SequenceInputs, SequenceRun, SequenceWorld } from './property-sequence.js';
import { type RunSpec, Simulation } from './simulation.js';
import { SECRET_NAMES } from './world.js';

const SECRET_NAME = SECRET_NAMES[0];

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
    const spec: RunSpec = {
      kind: 'personal',
      credential: 'token',
      targets: [...targets],
      secretName: SECRET_NAME,
      keep: inputs.keep,
      retire: inputs.retire,
      apiKey,
    };
    const run = plan.kind === 'kill' ? await runKilledAt(sim, spec, plan.request, plan.afterEffect) : sim.start(spec);
    await sim.runAll([run]);
    const { result } = run;
    const end = result.status === 'crashed' ? 'killed' : result.status;
    const detail =
      end === 'ok' ? 'exit 0' : end === 'failed' ? `exit 1: ${result.error?.code ?? 'error'} at ${result.error?.step ?? '?'}` : end;
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
