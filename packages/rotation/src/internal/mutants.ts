// Mutants (issue 19, item 4): each known defect brought back behind a switch, at the site of its
// fix, so the simulator's own tests (packages/simulator/test/mutants.test.ts) can prove they find
// it. Not exported from the package and read from no input or environment: only a test that sets
// the global below turns one on. Off, a guard is one lookup of an absent global property.

/** The global the simulator sets (packages/simulator/src/mutants.ts): a Set of mutant names. */
const SWITCHES = Symbol.for('keyturn.rotation.mutants');

export type Mutant =
  /** Seed 1568156578: a retired target is forgotten by its own family's record only, never by another family's. */
  | 'retired-only-from-own-record'
  /** Seed 688193290: the record before the first write omits the keys the run started with (a rollback writes them back). */
  | 'record-omits-written-back-keys'
  /** Seed 435540298: the record does not name the listed targets before the key is made. */
  | 'no-record-before-create'
  /** A target dropped from the list: the keys the record says it may hold are not protected. */
  | 'dropped-target-unprotected'
  /** The family derived from the first target as listed (before the record: reordering changes it). */
  | 'family-from-first-target'
  /** `keep` slots go to the most recently used key (`last_used_at`), not to what the record says the targets held. */
  | 'keep-by-last-used'
  /** Issue 22, item 1: a record that does not parse is taken for an absent one (and overwritten). */
  | 'unparsable-record-absent'
  /** Issue 22, item 2: a record of a newer format is taken for an absent one (and rewritten). */
  | 'newer-record-absent'
  /** Issue 31, item 1: no lease is taken, so two runs of one secret write at once (the behaviour before it). */
  | 'lease-off'
  /** Issue 31, item 2: the managing key is checked against the records' fingerprints only, not the family's membership. */
  | 'sibling-by-record-only'
  /** Issue 36, item 4: a write-back that failed in a rollback is taken for done, so the new key the target holds is revoked. */
  | 'write-back-failure-ignored'
  /** Issue 36, item 2: a record in parts whose parts do not fit its head is taken for an absent one. */
  | 'split-record-unmatched-absent'
  /** Issue 36, item 4: a GitLab variable written unmasked (the masked flag dropped on write). */
  | 'gitlab-write-unmasked'
  /** Issue 36, item 3: an emergency rotation revokes the leaked key before it writes the targets. */
  | 'leaked-revoked-before-writes'
  /** Issue 36, item 4: the new key's GET /auth answer is not held to the current key's account and the kind rotated. */
  | 'new-key-auth-unchecked';

/** True when the simulator's tests switched `name` on; false in every real run. */
export function mutant(name: Mutant): boolean {
  return (globalThis as { [SWITCHES]?: ReadonlySet<string> })[SWITCHES]?.has(name) === true;
}
