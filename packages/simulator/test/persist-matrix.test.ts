// Faults that persist (issue 36, item 4): every fault kind made to hold for every attempt of a path
// pattern, from each of its matches in a clean run on, so a rollback's write-back to an earlier
// target meets the fault too. Rigs: a personal key with a token into the Actions targets and into
// the GitLab ones, keep 1 and keep 2. Each row asserts the guarantees (src/persist-matrix.ts).

import { describe, expect, it } from 'vitest';
import { persistCases, type PersistResult, recordPersistRigs, runPersistCase } from '../src/index.js';

const cases = persistCases(await recordPersistRigs());
/** The probes each row hit, by label: the rows that reach a failed write-back are the mutant's test below. */
const hits = new Map<(typeof cases)[number], PersistResult['probes']>();

describe('faults that persist over every attempt of a path pattern, in the simulator', () => {
  it.each(cases)('$targets, keep $keep, $label: $fault.name for good', async (c) => {
    const result = await runPersistCase(c);
    hits.set(c, result.probes);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });

  it('reaches the rollback: write-backs failing, of GitHub secrets and of GitLab variables, with keep 1 and 2', () => {
    const reached = (probe: string, targets: string, keep: number) =>
      [...hits].filter(([c, p]) => c.targets === targets && c.keep === keep && p.has(probe)).length;
    for (const targets of ['actions', 'gitlab']) {
      for (const keep of [1, 2]) {
        expect(reached('write-back-failed', targets, keep), `${targets}, keep ${keep}: rows whose write-back failed`).toBeGreaterThan(0);
      }
    }
    expect([...hits].filter(([c, p]) => c.targets === 'gitlab' && p.has('gitlab-variable-rolled-back')).length).toBeGreaterThan(0);
    // A listing failing for good after a write failed: the rollback's check fails, and nothing is written back.
    expect([...hits].filter(([, p]) => p.has('write-back-halted')).length).toBeGreaterThan(0);
  });

  it('fails where a failed write-back is taken for done (mutant write-back-failure-ignored): a lock-out', async () => {
    const reaching = [...hits].filter(([, p]) => p.has('write-back-failed')).map(([c]) => c);
    const failing: string[] = [];
    for (const c of reaching) {
      const result = await runPersistCase(c, ['write-back-failure-ignored']);
      if (result.violations.some((v) => v.startsWith('lock-out')))
        failing.push(`${c.targets}, keep ${c.keep}, ${c.label}: ${c.fault.name}`);
    }
    console.log(`write-back-failure-ignored: ${failing.length} of the ${reaching.length} rows whose write-back failed find the lock-out`);
    expect(failing.length).toBeGreaterThan(0);
  });
});
