import type { HistoryOptions } from './history.js';

// Seeds that once failed, one line each: the package's tests replay every one with the invariants.
// A new failing seed from `pnpm sim` goes here as `{ seed, found: 'what it showed' }` once fixed.
// `open`: found by the simulator and not fixed yet; replayed by `pnpm sim --seed S --histories 1`,
// not by the tests (they would fail until the fix lands).

export interface Regression {
  seed: number;
  found: string;
  /** What the verdict was, and the fix (product or model). */
  verdict?: string;
  open?: boolean;
  /** The edits of the model the seed was found with (history.ts), so it replays the same history. */
  edits?: HistoryOptions['edits'];
}

/** The model before the choices that reach the mutants (list edits, clock steps, refused writes). */
const TRIAGED_MODEL = { lists: false, clock: false, refusals: false };
const FIRST_MODEL = { ...TRIAGED_MODEL, rename: false, record: false };

export const REGRESSIONS: Regression[] = [
  { seed: 114, edits: FIRST_MODEL, found: 'lock-out: env:acme/app:production holds a key that does not work after round 2', verdict: 'model: two runs without a concurrency group overlapping where no listing can see (README, Concurrent rotations); excused only in that shape (invariants.ts revokedByOther)' },
  { seed: 158, edits: FIRST_MODEL, found: 'orphan: 2 live project keys held by no secret once converged', verdict: 'model: a target listed but never written (the run crashed) was not seen as dropped; the record protects its keys and the runs warn naming it, so the user now retires it' },
  { seed: 177, edits: FIRST_MODEL, found: 'no convergence: the targets belong to 2 key families, each with its own record', verdict: 'model: every target replaced at once starts a new family (README, key-name-prefix); the user now follows the error\'s advice and gives key-name-prefix' },
  { seed: 226, edits: FIRST_MODEL, found: 'orphan: 2 live personal keys held by no secret once converged', verdict: 'model: as 158 (a listed target crashed before its write, then dropped)' },
  { seed: 272, edits: FIRST_MODEL, found: 'lock-out: repo:acme/web holds a key that does not work after round 3 (a dropped target\'s key revoked)', verdict: 'model: two concurrent runs overwrote each other\'s record, then a target was dropped before the next run (README: "the lost entry matters only if a target is then dropped before the next run"); the user now drops no target until a run ends well after a concurrent round' },
  { seed: 226, edits: TRIAGED_MODEL, found: 'silently valid: the renamed secret\'s old family keeps key 7 valid, held by no secret, named in no warning (also seeds 2, 17, 1005, 1010)', verdict: 'product: issue 22 item 5 was not kept for a renamed secret; fixed: the record plan settles a record of another secret name naming listed or retired targets (protocol/renamed-secrets.ts): gone everywhere, its keys are revoked and its record deleted, else they stay and a warning names them' },
  { seed: 1142, edits: TRIAGED_MODEL, found: 'orphan of the current family, masked by the rename failure of 226', verdict: 'product: the rename of 226 (run2 now revokes the old family\'s key 3); no orphan of the current family remains' },
  { seed: 1165, edits: TRIAGED_MODEL, found: 'no convergence: "The retired target dependabot:acme/api still holds the secret NEON_API_KEY"', verdict: 'model: an abandoned write (a 45 s slow answer) of an earlier run landed after the user deleted the retired target\'s secret; the run refused rightly, changing nothing, and the user now deletes it again as the error advises' },
  { seed: 245, edits: TRIAGED_MODEL, found: 'record edit (hand-edited): run3 did not refuse (ok)', verdict: 'model: the record was edited while rebuild-record was still on from the refusal before, so the run rebuilt it as documented; the user now edits no record while rebuild-record is on' },
  { seed: 135, edits: TRIAGED_MODEL, found: 'silently valid: the key of a family whose record the user deleted (also 142, 180, 216, 1098, 1166)', verdict: 'model: README, "Without a record": a deleted record leaves no trace that its keys were this secret\'s; they are the user\'s to revoke (invariants.ts orphans, forgotten)' },
  { seed: 285, edits: TRIAGED_MODEL, found: 'orphan: keys 3, 4, 6 of the family held by no secret once converged', verdict: 'model: a create held back 45 s by a fault landed during a clean run, which took it for a concurrent rotation\'s and rightly revoked nothing; the clean runs now start once every held-back answer has landed' },
  { seed: 1343659060, found: 'lock-out: dependabot:acme/api NEON_API_KEY holds a key that does not work (after round 4)', verdict: 'model: a write abandoned after 45 s (run3, which retried it and ended well) landed after the user renamed the secret and deleted the old one, bringing it back with a key the next run rightly revoked (README, "Rename the secret": once you delete the old secret there, the next run revokes its keys); the user now renames once every held-back answer has landed' },
  { seed: 1343661714, found: 'lock-out: repo:acme/app PLATFORM_KEY holds a key that does not work (after round 5)', verdict: 'model: the user deleted the record, so a dropped target\'s key went like any older key (README, "Without a record"; excused under the old name), then the rename copied that dead key under the new name; the excuse now follows the value' },
  { seed: 1343663698, found: 'lock-out: repo:acme/app NEON_API_KEY holds a key that does not work (converging)', verdict: 'model: as 1343659060 for a retired target (run4\'s abandoned write landed after the user deleted the secret and run5 revoked its key); the user now retires once every held-back answer has landed' },
  { seed: 1343664987, found: 'lock-out: repo:acme/app NEON_API_KEY holds a key that does not work (after round 2)', verdict: 'product: a 200 whose body lists no variables was taken for a listing without the record, so run2 forgot the dropped target repo:acme/app and revoked its key (README: a record that cannot be read is never taken for an absent record); fixed: the listing must list variables, else the read fails before anything changes (record/github-variables.ts, test/record-listing.test.ts)' },
  { seed: 1343665688, open: true, found: 'untruthful: run4 says repo:acme/app holds its key, it does not', verdict: 'untriaged, likely model: run2\'s write to repo:acme/app, abandoned after a 45 s slow answer (run2 retried it and ended well), landed after run4\'s own write two runs later, putting back key 4; a workflow\'s runs are further apart than an abandoned write lives, as the rename and retire waits (heldBackLanded) assume; waiting before every round would shift every seed\'s history' },
  { seed: 545, open: true, found: 'orphan: project key 3 of family keyturn-repo-acme-app-neon-api-key-d3e7e5 held by no secret once converged. run2 (family repo-acme-app) ends well on [repo:acme/web | repo:acme/app]; run3 retires repo:acme/app, adds env:acme/app:production, starts a record of family env-acme-app-production, a later write refused (rollback); run4 (keep 2, still retiring repo:acme/app) ends well in that new family; the first clean run refuses (two families), the user gives key-name-prefix repo-acme-app, and key 3 stays valid, held by nothing', verdict: 'untriaged (product or model): found by the port of simmutants\' generator (a later write refused); not in the fixed range' },
  { seed: 1343664165, found: 'record edit (hand-edited): run3 changed the secrets', verdict: 'model: run2, killed at a virtual time, had a secret write in flight that landed during run3, which refused the hand-edited record and changed nothing itself; the snapshot is now taken once abandoned writes have landed' },
  { seed: 1343659599, found: 'keep broken: run4 ran with keep 3, yet kept 1 of the 2 keys of its family the listed targets held (held 5, 4; revoked 4)', verdict: 'model: the run right after a concurrent round; README, Concurrent rotations: overlaps no listing can see, repaired by the next rotation (a keep slot lost on the way); keep is checked where the run can know what the targets hold' },
  { seed: 1343659957, found: 'keep broken: run6 ran with keep 2, yet kept 0 of the 1 key (held 7; revoked 7)', verdict: 'model: the record deleted and the platform clock stepped back; README, Without a record: the held key is guessed from dates' },
];
