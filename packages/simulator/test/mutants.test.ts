// Proof that the simulator finds bugs (issue 19, item 4): each known defect, brought back by its
// mutant (src/mutants.ts), must make a random history of the model it declares fail within the
// budget (or, with a `finder`, a row of the rig or matrix it names). A history counts only when the
// same seed passes with the mutant off, so an open regression (a seed that fails on the unmutated
// code) is never taken for the mutant's. Prints the histories it took to find each, as
// RELIABILITY.md ("Mutants") records them.

import { describe, expect, it } from 'vitest';
import { type HistoryOptions, runHistory, runPersistCase } from '../src/index.js';
import { gitlabFlagsCases } from '../src/gitlab-flags-cases.js';
import { findOnPersistRows } from '../src/persist-finder.js';
import { MUTANTS } from '../src/mutants.js';

/** Histories each mutant may take, from seed KEYTURN_MUTANT_SEED (1 by default) on. */
const BUDGET = Number(process.env.KEYTURN_MUTANT_HISTORIES ?? 500);
const FIRST_SEED = Number(process.env.KEYTURN_MUTANT_SEED ?? 1);

describe('every mutant is found', () => {
  it.each(MUTANTS)('$name ($defect)', async (mutant) => {
    const { name } = mutant;
    if ('finder' in mutant && mutant.finder === 'persist-rows') {
      const found = await findOnPersistRows(name);
      if (!found) throw new Error(`mutant ${name} not found on the persist matrix's rows: they no longer reach its defect`);
      const { row, played, violations } = found;
      const where = `${row.targets}, keep ${row.keep}, ${row.label}: ${row.fault.name}`;
      console.log(`mutant ${name}: found after ${played} persist rows (${where}): ${violations.join('; ')}`);
      // The failing row replays: the same run, the same violations.
      expect((await runPersistCase(row, [name])).violations).toEqual(violations);
      return;
    }
    if ('finder' in mutant) {
      // No random history writes a GitLab variable yet: the GitLab rig's rotations find it, and pass without it.
      expect(await gitlabFlagsCases()).toEqual([]);
      const found = await gitlabFlagsCases([name]);
      console.log(`mutant ${name}: found on the GitLab rig: ${found.join('; ')}`);
      expect(found).not.toEqual([]);
      return;
    }
    // Every mutant within the one budget: one whose chain is rare is searched where its steps come often, never given more.
    const budget = BUDGET;
    // A mutant the timed model does not reach yet plays the model it was found with (its `edits`).
    // A mutant whose defect needs a rare chain is searched where the chain's steps come often (its `reach`, `plans`).
    const model: HistoryOptions = {
      edits: 'edits' in mutant ? mutant.edits : undefined,
      reach: 'reach' in mutant ? mutant.reach : undefined,
      plans: 'plans' in mutant ? mutant.plans : undefined,
    };
    for (let seed = FIRST_SEED; seed < FIRST_SEED + budget; seed++) {
      const mutated = await runHistory(seed, { ...model, mutants: [name] });
      if (!mutated.violations.length) continue;
      if ((await runHistory(seed, model)).violations.length) continue;
      const histories = seed - FIRST_SEED + 1;
      console.log(`mutant ${name}: found after ${histories} histories (seed ${seed}): ${mutated.violations.join('; ')}`);
      // The failing seed replays: the same history, the same violations.
      expect((await runHistory(seed, { ...model, mutants: [name] })).violations).toEqual(mutated.violations);
      return;
    }
    throw new Error(`mutant ${name} not found in ${budget} histories from seed ${FIRST_SEED}: the simulator does not reach its defect`);
  });
});
