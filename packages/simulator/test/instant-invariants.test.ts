// Invariants at every answered request (issue 36, item 3): an emergency rotation that revoked the
// leaked key before its writes leaves every target dead while it writes, and ends with every target
// on the new key, so the check between runs sees nothing; the check at each answer names it.

import { describe, expect, it } from 'vitest';
import { watchInstants } from '../src/instant-invariants.js';
import { lockOuts } from '../src/invariants.js';
import { startLeakRig } from '../src/leak-matrix.js';
import { applyMutants } from '../src/mutants.js';

async function emergencyRotation(mutants: string[]): Promise<{ instant: string[]; between: string[]; status: string }> {
  const rig = await startLeakRig('personal');
  const restore = applyMutants(mutants);
  try {
    const watch = watchInstants(
      rig.sim,
      () => new Map(),
      () => new Set([rig.leaked.key]),
    );
    const run = rig.sim.start(rig.spec());
    await rig.sim.runAll([run]);
    return { instant: watch.settle([run.result]), between: lockOuts(rig.sim.world), status: run.result.status };
  } finally {
    restore();
    await rig.sim.close();
  }
}

describe('the invariants at every answered request', () => {
  it('pass an emergency rotation that revokes the leaked key once every target holds the new one', async () => {
    expect(await emergencyRotation([])).toEqual({ instant: [], between: [], status: 'ok' });
  });

  it('name the targets left dead while the run writes, when the leaked key goes first (which the check between runs misses)', async () => {
    const { instant, between, status } = await emergencyRotation(['leaked-revoked-before-writes']);
    expect(status).toBe('ok');
    expect(between).toEqual([]);
    expect(instant.length).toBeGreaterThan(0);
    for (const line of instant)
      expect(line).toMatch(
        /^instant lock-out: \S+ NEON_API_KEY held key \d+, which did not work, at \+\d{7} during run2, named by no notice of its round$/,
      );
  });
});
