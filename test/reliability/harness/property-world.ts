// The property sequences' world at process level (the simulator's playSequence drives it): the
// drift world's served emulators and the bundled rotate-key Action as a child process. A kill plan
// arms a `hang` on the chosen request and SIGKILLs the Action once an emulator holds it; a run that
// ends before reaching it ends by itself.

import { deleteLeases } from './record-variables.js';
import { findLeaks } from '@keyturn/action-runner';
import {
  hungSince,
  lastSeq,
  type RunEnd,
  type RunPlan,
  type SequenceInputs,
  type SequenceRun,
  type SequenceWorld,
} from '@keyturn/simulator';
import type { ProbedRun } from './action-process.js';
import { HOME, startDriftWorld } from './drift-world.js';
import { errorsOf } from './invariants.js';
import { armFault } from './request-trace.js';

export interface ProcessSequenceWorld extends SequenceWorld {
  close(): Promise<void>;
}

export async function startProcessSequenceWorld(): Promise<ProcessSequenceWorld> {
  const w = await startDriftWorld();

  async function rotate(targets: readonly string[], inputs: SequenceInputs, plan: RunPlan): Promise<SequenceRun> {
    const given = { keep: String(inputs.keep), ...(inputs.retire.length && { 'retire-targets': inputs.retire.join('\n') }) };
    if (plan.kind === 'fault') armFault(w, plan.request, plan.fault.effect(plan.request.service));
    if (plan.kind === 'kill') armFault(w, plan.request, { kind: 'hang', afterEffect: plan.afterEffect });
    const { log } = plan.kind === 'kill' && plan.request.service === 'github' ? w.github : w.platform;
    const since = lastSeq(log);
    const started = w.rotate(targets, given);
    if (plan.kind === 'kill') {
      let ended = false;
      void started.done.then(
        () => (ended = true),
        () => (ended = true),
      );
      while (!ended && !hungSince(log, since)) await new Promise((resolve) => setTimeout(resolve, 20));
      if (!ended) await started.kill().catch(() => undefined);
    }
    const run = await started.done;
    // A killed run's lease lapses in 10 minutes (the simulator's side waits that out in virtual time): deleted here, as the README says to.
    if (run.signal === 'SIGKILL') await deleteLeases(w.github.url, HOME);
    return { end: endOf(run), detail: detailOf(run), values: run.masks, leaks: () => findLeaks(run, [...w.secrets]) };
  }

  return {
    platform: w.platform,
    consoleKey: w.consoleKey,
    secrets: w.secrets,
    seed: (targets) => w.seed(targets),
    rotate,
    held: (target) => w.held(target),
    deleteSecret: (target) => w.deleteSecret(target),
    clearFaults() {
      w.platform.faults.clear();
      w.github.faults.clear();
    },
    close: () => w.close(),
  };
}

function endOf(run: ProbedRun): RunEnd {
  if (run.timedOut) return 'stuck';
  if (run.signal === 'SIGKILL') return 'killed';
  return run.exitCode === 0 ? 'ok' : 'failed';
}

function detailOf(run: ProbedRun): string {
  if (run.timedOut) return 'timed out';
  if (run.signal) return run.signal;
  return run.exitCode === 0 ? 'exit 0' : `exit ${run.exitCode}: ${errorsOf(run).join(' / ')}`;
}
