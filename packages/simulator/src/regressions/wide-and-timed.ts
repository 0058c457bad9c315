// The seeds found by the model of issue 36 (every target kind: WIDE_MODEL) and by the timed model (issues 33, 34: TIMED_MODEL), in the
// order found.

import type { Regression } from './index.js';
import { NARROW_MODEL, WIDE_MODEL } from './models.js';

export const WIDE_AND_TIMED_SEEDS: Regression[] = [
  {
    seed: 31337020, edits: WIDE_MODEL,
    found:
      'keep broken: run4 ran with keep 2, yet kept 0 of the 1 key of its family the listed targets held when it began (held 3; ' +
      'revoked 3)',
    verdict:
      'model (issue 36, the first seed failing on the wide histories: 1 of 4,500 played): the user deleted the record; run2 was ' +
      'refused before anything (its managing key), run3 started a new record naming the targets before making its key, then ' +
      'failed at the create (a 404); run4 read that record, which knew nothing of what the targets held (README, Without a ' +
      'record: the key the targets hold is not known), and revoked key 3, which gitlab-group:acme held, under keep 2. The keep ' +
      'check excused only the run right after the deletion; it now waits until a run has ended well since (history.ts ' +
      'recordBlind). A product alternative, left to the lead: mark a record started without one as blind, so the next run ' +
      'applies the without-record rule too',
  },
  {
    seed: 1165, edits: { modes: true, parts: true, wide: false },
    found:
      'orphan: 1 live project key 3 of family keyturn-dependabot-acme-api-neon-ap-183553, made by runs and held by no secret ' +
      '(also 1473, 1665, 2291, 2515: issue 36, the records in parts)',
    verdict:
      'model: run1 was killed after its create (key 3), its record marked creating; the user then had the record name 1,000 ' +
      'targets it served earlier (record-parts.ts), and every later run rightly took key 3 as possibly held by every target the ' +
      'record names (record/target-record.ts withUnnamedNewer: a late write may have landed), warning that each dropped target ' +
      'may hold it (dropped-target, with key 3). The user did not retire them (targetsToRetire looked at the simulated pool ' +
      'only), so key 3 stayed valid, protected, held by nothing. The user now retires the planted targets the warnings name ' +
      '(record-parts.ts retireAsAdvised); they are environments of acme/app, as an App installed on acme reaches their ' +
      'repository (a repository that no longer exists is refused by the App\'s installation check)',
  },
  {
    seed: 1473, edits: { modes: true, parts: true, wide: false },
    found: 'orphan: 1 live organization key 6 of family keyturn-env-acme-app-production-neo-e76e3a, made by runs and held by no secret',
    verdict: 'model: as 1165 (a create whose answer was lost, key 6, while the record named the planted targets)',
  },
  {
    seed: 1665, edits: { modes: true, parts: true, wide: false },
    found: 'orphan: 1 live personal key 6 of family keyturn-repo-acme-app-neon-api-key-d3e7e5, made by runs and held by no secret',
    verdict: 'model: as 1165 (run5, killed after its create, while the record named the planted targets)',
  },
  {
    seed: 147452889, edits: NARROW_MODEL,
    found:
      'silently valid: 1 live organization key 5 (keyturn-repo-acme-web-neon-api-key-87c7ca-…) of another family, held by no ' +
      'secret, named in no notice of run7',
    verdict:
      'product: run5 retired repo:acme/web, where a renamed secret\'s record named NEON_API_KEY; its read of that secret was ' +
      'refused once (403), and the run took "not known" for "still there" and said nothing, so no later run looked again. A ' +
      'read that fails now names the family\'s keys (renamed-secret-keys-valid, unknown), and the user retires the target again',
  },
  {
    seed: 147446247, edits: NARROW_MODEL,
    found: 'lock-out: env:acme/web:staging, eu NEON_API_KEY holds a key that does not work (after round 4)',
    verdict:
      'product (issue 31): runs 6 and 7 both took over a lapsed lease by deleting it and creating their own; run6\'s delete, ' +
      'answered 5 s late, landed after run8 had created the lease afresh, so run6 and run8 both held it and run8 wrote its key, ' +
      'which run6 had revoked. A takeover now writes over the lapsed lease in place (the variable never vanishes, so no create ' +
      'can slip in) and reads it back only once a write still on its way has landed (confirmMs = settleMs)',
  },
  {
    seed: 778571, edits: { modes: true, parts: true, wide: false },
    found: 'record edit (hand-edited): run3 changed the keys; run3 changed the secrets',
    verdict:
      'model: an emergency rotation (run2) left the listed targets holding the revoked leaked key (leaked-key-left, named); the ' +
      'user then hand-edited the record, and put a key made in the console in the workflow\'s secret, as the advice says, after ' +
      'the snapshot the refusing run is checked against, so the user\'s own key and write read as run3\'s change. The user now ' +
      'mends the workflow\'s secret before the snapshot (history.ts)',
  },
  {
    seed: 642, edits: WIDE_MODEL,
    found:
      'instant lock-out: gitlab:acme/app:production NEON_API_KEY held key 4, which did not work, during run3 (issue 36, the ' +
      'check at every answer)',
    verdict:
      'product: run3\'s PUT of key 4 to the GitLab variable timed out, was retried and answered, then a later target refused ' +
      'and the rollback wrote the old key back and revoked key 4; the abandoned first PUT landed after the write-back, leaving ' +
      'the variable on the dead key until the next run. A target whose write saw an unanswered attempt now counts as possibly ' +
      'holding the new key after a rollback, so the key stays valid for it',
  },
  {
    seed: 147447082, edits: WIDE_MODEL,
    found: 'GET /auth misreporting a new key of another account: run5 did not refuse (ok)',
    verdict: 'model: an alert-mode run with no live alert of its family makes no key, so the misreport meets nothing',
  },
  {
    seed: 261, edits: WIDE_MODEL,
    found: 'GET /auth misreporting a new key of another kind: run7 made a key, then failed with no RotationError',
    verdict:
      'model: an alert-mode run reports its emergency rotation\'s failure in its alerts report; ' +
      'LeakAlertsReport.failedRotations now carries its code and step as data',
  },
  {
    seed: 5048, edits: WIDE_MODEL,
    found:
      'instant lock-out: codespaces:acme/app NEON_API_KEY held key 5, which did not work, during run6, named by no notice of ' +
      'its round',
    verdict:
      'model: an emergency rotation rebuilding the record (the record was refused as unreadable) knows only the listed targets ' +
      '(README, rebuild-record), so a dropped target still holding the leaked key is not its to name; excused as a crashed leak ' +
      'run\'s is',
  },
  {
    seed: 12271765, edits: WIDE_MODEL,
    found: 'no convergence: the targets belong to 2 key families (also 12272554, 12272880, 12279264)',
    verdict:
      'product: an emergency rotation\'s failure, reworded with the leak, lost the failure\'s actions (choose-family), so the ' +
      'user had no family to choose from; withLeakStillValid now keeps them',
  },
  {
    seed: 12279731, edits: WIDE_MODEL,
    found: 'instant lock-out: codespaces-user:acme/app NEON_API_KEY held key 4, which did not work, during run4',
    verdict:
      'product: as 642 for the failed target itself: its first PUT got no answer, the retry was refused, the previous key was ' +
      'written back, then the abandoned PUT landed. A failed target whose write saw an unanswered attempt now keeps the new key ' +
      'valid, unless its record proves nothing of the run landed there (store.ts, roll-back.ts)',
  },
  {
    seed: 12272368, edits: WIDE_MODEL,
    found: 'instant lock-out: env:acme/app:qa #1 NEON_API_KEY held key 5, which did not work, during run3',
    verdict:
      'product (issue 31): run2 released its lease with a DELETE whose first attempt landed unanswered; Octokit retried it ' +
      'after run3 had taken the lease, deleting run3\'s, so run3 and run4 both held it. A lease is released with one attempt, ' +
      'never retried (GitHub; GitLab\'s client still retries: see the closing note)',
  },
  {
    seed: 12272642, edits: WIDE_MODEL,
    found:
      'silently valid: 2 live project keys 5, 6 (keyturn-gitlab-group-acme-neon-api-f4b854-…) of another family, held by no ' +
      'secret, named in no notice of run8',
    verdict:
      'product and model: a record spread over parts (1,000 planted targets), then the secret renamed. The run that saw the old ' +
      'secret gone at the targets that held key 6 kept the whole record (the planted targets may still hold the secret) and ' +
      'every key with it, and no later run was led to it again: keys held only where the secret is gone are now revoked though ' +
      'the record stays (record-plan.ts settledSecret goneOnly). Key 5, made by a killed run while the record named the planted ' +
      'targets, may be held there: the notice said to delete the old secret at them, and the user now does so and retires them ' +
      '(record-parts.ts)',
  },
  {
    seed: 12272973, edits: WIDE_MODEL,
    found:
      'silently valid: 1 live personal key 3 (keyturn-repo-acme-web-neon-api-key-87c7ca-…) of another family, held by no ' +
      'secret, named in no notice of run8',
    verdict:
      'model: as 12272642 (key 3 made by a killed run while the record named the planted targets): the user now follows the ' +
      'renamed secret\'s notice at the planted targets too',
  },
  {
    seed: 231690137, edits: WIDE_MODEL,
    found:
      'silently valid: 1 live personal key 3 (keyturn-codespaces-acme-app-neon-ap-50e1a0-…) of another family, held by no ' +
      'secret, named in no notice of run9',
    verdict:
      'product (found by CI): as 12272642, key 3 held only at the two targets where the renamed secret was gone; the run kept ' +
      'it with the whole record, and the user\'s next retire-targets no longer led a run to that record',
  },
  {
    seed: 300002471, edits: WIDE_MODEL,
    found:
      'silently valid: 1 live personal key 3 (keyturn-codespaces-org-globex-neon-a8849d-…) of another family, held by no ' +
      'secret, named in no notice of run7',
    verdict:
      'product: the record of the renamed secret could not forget its retired target (a 500), and the notice said to keep it in ' +
      'retire-targets by its identity (codespaces-org:globex), not as the user wrote it (codespaces-org:globex:all): the user, ' +
      'matching its own spec, dropped it; targets in notices\' actions are now named as given (given-spec.ts)',
  },
  {
    seed: 231689841, edits: WIDE_MODEL,
    found: 'instant lock-out: env:acme/app:production NEON_API_KEY held key 3, which did not work, during run3',
    verdict:
      'model (found by CI): the user deleted the record, the next run was refused at its preflight, then a target was dropped: ' +
      'no run could know it (README, Without a record); the excuse now lasts until a run ends well, as the keep check\'s ' +
      '(recordBlind)',
  },
  {
    seed: 10, edits: { modes: true, parts: true, timed: true },
    found: 'outlived its deadline: key 10 (revoke-after 30m, keep 2), held by no target, still live after run12, named by no notice',
    verdict:
      'product (issue 33 and 34 met in the timed model): run12 wrote a Vercel target without a redeploy, so key 11, which the ' +
      'targets held, was kept for the running deployment; keep 2\'s one slot then went to the older key 10, whose deadline had ' +
      'passed, kept silently. A key kept for a deployment now takes its keep slot, as a leaked one does (revocation-plan.ts)',
  },
  {
    seed: 31, edits: { modes: true, parts: true, timed: true },
    found: 'instant lock-out: vercel:app@acme NEON_API_KEY held key 7, which did not work, during run11 (converging)',
    verdict:
      'model: the user retired the Vercel production target by deleting its variable, and its deployment still ran with key 7, ' +
      'which the run rightly revoked (the record forgot the target). The user now deploys production once the variable is ' +
      'deleted. Reported: no run can tell that a retired Vercel target\'s deployment still uses a key, and the README does not ' +
      'say to deploy',
  },
  {
    seed: 421, edits: { modes: true, parts: true, timed: true },
    found:
      'silently valid: 2 live personal keys 3, 4 (keyturn-vercel-app-development-acme-…) of another family, held by no secret, ' +
      'named in no notice of run5 (also seed 103)',
    verdict:
      'product: the secret renamed while the old name\'s record named a Vercel target. VercelEnvTarget had no readSecretMeta, ' +
      'so no run could see the old variable gone (nor check a retired Vercel target: it was taken for gone unread); it now ' +
      'reads whether the variable exists',
  },
  {
    seed: 103, edits: { modes: true, parts: true, timed: true },
    found:
      'silently valid: 3 live personal keys 3, 4, 5 (keyturn-env-acme-app-production-neo-…) of another family, held by no ' +
      'secret, named in no notice of run8',
    verdict: 'product: as 421, a rename with a Vercel target in the old record',
  },
  {
    seed: 288, edits: { modes: true, parts: true, timed: true },
    found:
      'silently valid: 1 live organization key 3 (keyturn-codespaces-acme-app-neon-ap-50e1a0-…) of another family, held by no ' +
      'secret, named in no notice of run8',
    verdict: 'product: the class of 12272642 (keys held only where a renamed secret is gone), fixed with it',
  },
  {
    seed: 610000426,
    found: 'record edit (newer format): run5 neither refused nor warned about the family\'s record',
    verdict:
      'model: the family was stuck, and a stuck run stops before it reads the record; the user now puts an edited record back ' +
      'when the run says the family is stuck (afterRecordEdit)',
  },
  {
    seed: 610000537,
    found: 'orphan: 1 live organization key 3 of family keyturn-dependabot-acme-api-neon-ap-183553, made by runs and held by no secret',
    verdict:
      'model: the emergency rotation was refused (no record knew the leaked key) and the user left the key to the console, as ' +
      'the refusal says: it is the user\'s to revoke, not a run\'s orphan (also 600006034)',
  },
];
