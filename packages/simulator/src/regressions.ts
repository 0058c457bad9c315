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
  { seed: 545, found: 'orphan: project key 3 of family keyturn-repo-acme-app-neon-api-key-d3e7e5 held by no secret once converged (run4 started a second family; the clean run refused two families)', verdict: 'product: as 1343659170: run4 took a 200 listing of variables that was no list (a proxy\'s error body) for no record at all, and derived a new family; fixed: the store refuses such a listing (record/github-variables.ts), the run fails before anything changes' },
  { seed: 1343659170, found: 'silently valid: project key 3 of another family, held by no secret, named in no warning of run7', verdict: 'product: run3 read a 200 with an error body as an empty list of variables, so no record named the retired dependabot:acme/api ("nothing to retire"); its family\'s key 3 was left valid. Fixed as 545' },
  { seed: 1343659991, found: 'silently valid: organization key 7 of another family, held by no secret, named in no warning of run9', verdict: 'product: run7 retired repo:acme/app, but saving the other family\'s record without it failed (502 for good), and the warning said that family names no target (untrue) without its keys; the run ended ok, so the retirement was lost. Fixed: the warning names the keys that stay valid and says to keep the target in retire-targets until a run ends without it (revoke.ts warnNotForgotten); model: the user keeps it there, as the README says ("run once with retire-targets ... the record forgets it")' },
  { seed: 1343660481, found: 'silently valid: organization keys 3, 4 of another family, held by no secret, named in no warning of run8', verdict: 'product: run5 ended ok with retire-targets, but a concurrent rotation made it skip settling other families altogether, so their records never forgot the retired target (README, retire-targets: "the record forgets it" at that run). Fixed: such a run still saves the records without the retired and taken-over targets, revoking nothing (revoke.ts)' },
  { seed: 1343660730, found: 'orphan: project key 4 of family keyturn-dependabot-acme-api-neon-ap-183553, made by runs and held by no secret', verdict: 'model: a record write run2 gave up on (45 s slow) landed after run3 had retired dependabot:acme/api, bringing it back into the record as a dropped target; every later run warned naming it and key 4 (not silent), and the user did not follow that warning. The user now does (README, "Drop a target": delete the secret there and run once with retire-targets naming it), also in the clean runs' },
  { seed: 1343661100, found: 'silently valid: project key 5 of another family, held by no secret, named in no warning of run7', verdict: 'product: the family had a record of each kind (personal and project); the settlement was looked up by family alone, so the project record got the personal one\'s (nothing to revoke) and was deleted with key 5 still valid. Fixed: settled per record (revocation-plan.ts sameKind, revoke.ts)' },
];
