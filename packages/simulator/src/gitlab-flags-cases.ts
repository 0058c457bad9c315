// The GitLab flags invariant on the GitLab rig (matrix.ts: a project variable masked and protected in
// the production scope, a group variable masked), until the random histories list GitLab targets:
// a clean rotation, and one whose write to the group variable is refused, so the project variable is
// written back (a rollback). Every answer is watched (instant-invariants.ts).

import { FAULT_KINDS } from './fault-kinds.js';
import { applyMutants } from './mutants.js';
import { watchInstants } from './instant-invariants.js';
import { startRig } from './matrix.js';

/** What the two rotations broke, as violations (none, unless a mutant weakens a write). */
export async function gitlabFlagsCases(mutants: readonly string[] = []): Promise<string[]> {
  const out: string[] = [];
  const restore = applyMutants(mutants);
  try {
    for (const refused of [false, true]) {
      const rig = await startRig('personal', 'token', 'full', 'gitlab');
      try {
        const watch = watchInstants(
          rig.sim,
          () => new Map(),
          () => new Set(),
        );
        if (refused)
          rig.sim.arm({
            service: 'gitlab',
            method: 'PUT',
            path: '/groups/acme/variables/*',
            nth: 1,
            effect: FAULT_KINDS.find((k) => k.status === 403)!.effect('gitlab'),
            name: 'group variable write refused (403)',
          });
        const run = rig.sim.start(rig.spec());
        await rig.sim.runAll([run]);
        const ended = refused ? 'failed' : 'ok';
        if (run.result.status !== ended) out.push(`the ${refused ? 'refused' : 'clean'} rotation ended ${run.result.status}, not ${ended}`);
        out.push(...watch.settle([run.result]));
      } finally {
        await rig.sim.close();
      }
    }
  } finally {
    restore();
  }
  return out;
}
