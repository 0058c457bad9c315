// The seeds the timed model found (issues 33, 34: TIMED_MODEL): while it was opt-in, and by the sweeps
// that made it the default of the histories, in the order found.

import type { Regression } from './index.js';
import { TIMED_MODEL } from './models.js';

export const TIMED_SEEDS: Regression[] = [
  // The timed model, found by sweeps after the merges of session 14, while it was opt-in (pnpm sim --timed).
  {
    seed: 18, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 6, held by no target, still live after run8, unnamed',
    verdict: 'product: as 510000073 (vercel-redeploy false, keep 3: a key the deployment had left kept a slot of keep); fixed with it',
  },
  {
    seed: 500000071, edits: TIMED_MODEL,
    found: 'gitlab flags: acme/app PLATFORM_KEY production was made in a scope no target names, by run2',
    verdict:
      'model: run1, killed with a GitLab read in flight, had it answered after its round was settled; that late answer took the ' +
      'flags baseline before the user renamed the secret (putting PLATFORM_KEY at gitlab:acme/app:production), so the user\'s ' +
      'variable was taken for run2\'s. Fixed: a settled run\'s late answer takes no baseline (instant-invariants.ts)',
  },
  {
    seed: 500000407, edits: TIMED_MODEL,
    found: 'record edit (in parts, part deleted): run5 neither refused nor warned about the family\'s record',
    verdict:
      'product: run5 was a no-op of the clock (rotate-every 1d), and the idle path never warned of another family\'s record it ' +
      'could not read (a full run does: unreadable-other-record). Fixed: the idle run warns as the full run does ' +
      '(protocol/clock-check.ts; test/clock.test.ts)',
  },
  {
    seed: 510000061, edits: TIMED_MODEL,
    found: 'instant lock-out: vercel:app@acme PLATFORM_KEY held key 5, which did not work, during run6 (converging)',
    verdict:
      'passes as found on 87d300d, before this round\'s fixes: fixed by the session-14 merges (the Vercel rename check, seeds ' +
      '421, 103); replayed so a return shows',
  },
  {
    seed: 510000073, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 3, held by no target, still live after run3, unnamed',
    verdict:
      'product: vercel-redeploy false, keep 2: the record of a target awaiting a deploy names every key it may hold, and ' +
      'keep\'s first slots went to all of them, though a deploy made since the last write had left key 3 (keepFrom); key 3 ' +
      'stayed valid past its deadline, named nowhere. Fixed: keep\'s first slots skip a key an awaiting target has left ' +
      '(protocol/deployments.ts previousStillHeld; test/vercel.test.ts)',
  },
  {
    seed: 510000387, edits: TIMED_MODEL,
    found: 'early revocation: key 4 revoked by run4 0 min after a newer key appeared, before revoke-after (30 min)',
    verdict:
      'product: run4 (key-name-prefix, as the refusal of two families advised) took over codespaces-org:globex:all from the ' +
      'other family and revoked that family\'s key 4 at once, ignoring revoke-after. Fixed: another family\'s key superseded by ' +
      'a target taken over gets its deadline in that record, which stays naming no target until a run (a no-op of the clock ' +
      'too) at or after it revokes the key and deletes it (protocol/other-family-deadlines.ts; test/clock.test.ts)',
  },
  // Found by the sweeps that made the timed model the default (pnpm sim --histories 3000 --seed 600000000; --seed 1 --histories 1000).
  {
    seed: 600000164, edits: TIMED_MODEL,
    found: 'instant lock-out: vercel:app@acme NEON_API_KEY held key 4, which did not work, during run4 (the deployment ran a dead key)',
    verdict:
      'model: the user deleted the retired Vercel variable and deployed without it, but a build failure armed for an earlier ' +
      'round (whose run crashed before redeploying) failed that deploy, so production still ran key 4, which run4 rightly ' +
      'revoked with the retired target. The user now fixes a failed build and deploys again (target-pool.ts deleteHeld)',
  },
  {
    seed: 600000091, edits: TIMED_MODEL,
    found: 'instant lock-out: vercel:app@acme NEON_API_KEY held key 6, which did not work, during run8 (converging)',
    verdict:
      'model: as 600000164 (the deploy without the deleted variable failed its build; the old deployment kept running a key the ' +
      'converging run revoked)',
  },
  {
    seed: 431, edits: TIMED_MODEL,
    found: 'silently valid: 1 live project key 4 of another family, held by no secret, named in no notice of run7',
    verdict:
      'model: the user took a dry run that ended well (changing nothing) for the run the retirements wait for, and stopped ' +
      'naming the retired targets; the renamed secret\'s old record, naming them, was never settled. The user now ends ' +
      'retirements and rebuild-record only with a run that is no dry run',
  },
  {
    seed: 600000748, edits: TIMED_MODEL,
    found: 'silently valid: 1 live organization key 3 of another family, held by no secret, named in no notice of run10',
    verdict: 'model: as 431 (a dry run taken for the run the retirements wait for)',
  },
  {
    seed: 600000886, edits: TIMED_MODEL,
    found: 'silently valid: 1 live personal key 3 of another family, held by no secret, named in no notice of run11',
    verdict: 'model: as 431',
  },
  {
    seed: 600001011, edits: TIMED_MODEL,
    found: 'silently valid: 1 live personal key 4 of another family, held by no secret, named in no notice of run10',
    verdict: 'model: as 431',
  },
  {
    seed: 600001241, edits: TIMED_MODEL,
    found: 'instant lock-out: vercel:app@acme NEON_API_KEY held key 3, which did not work, during run8',
    verdict: 'model: as 600000164 (a deploy without the deleted variable failed its build)',
  },
  {
    seed: 600001901, edits: TIMED_MODEL,
    found: 'lock-out: the deployment vercel:app@acme runs uses a NEON_API_KEY that does not work (converging)',
    verdict: 'model: as 600000164',
  },
  {
    seed: 600001205, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 3, held by no target, still live after run4, unnamed',
    verdict:
      'product: keep 2; the Vercel target\'s record still named key 3 (a failed build left it awaiting), so keep\'s one slot ' +
      'beside the new key went to key 3, while key 4, kept for a dropped target, took a slot too; two previous keys for one ' +
      'slot, yet no kept-beyond-keep notice named key 3, past its deadline. Fixed: a previous key that takes its slot without ' +
      'being kept by keep (a dropped target\'s, a deployment\'s, a leaked one) counts toward kept-beyond-keep ' +
      '(revocation-plan.ts; its unit test)',
  },
  {
    seed: 600001013, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 3, held by no target, still live after run4, unnamed',
    verdict: 'product: as 600001205',
  },
  {
    seed: 479, edits: TIMED_MODEL,
    found: 'early revocation: key 4 revoked by run3 0 min after a newer key appeared, before revoke-after (120 min)',
    verdict:
      'product, fixed in session 18: run2 took over run1\'s lapsed lease and counted that in the record (stuck/, the failure ' +
      'streak) before making key 4; that PATCH got no answer in 30 s, was retried and answered, and the first attempt landed 11 s ' +
      'after run2\'s last record write, putting back run1\'s record: key 4 named nowhere, and no `creating` mark (only the write ' +
      'of saveBeforeCreating carried one). run3 took key 4 for an orphan and revoked it at once. Fixed: the takeover count carries ' +
      'the mark (stuck/stuck-writes.ts, markedCreating), so the next run reads key 4 as held and gives it its deadline ' +
      '(test/late-record-write.test.ts)',
  },
  {
    seed: 600000876, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 7, held by no target, still live after run11, unnamed',
    verdict:
      'product, fixed in session 16: with vercel-redeploy false and rotate-every, the no-op run now asks what serves an awaiting ' +
      'Vercel target (protocol/idle-deployments.ts) and revokes the keys a deploy since has let go at their deadline',
  },
  {
    seed: 600002548, edits: TIMED_MODEL,
    found: 'instant lock-out: vercel:app@acme NEON_API_KEY held key 5, which did not work, during run10',
    verdict: 'model: as 600000164; passes with it',
  },
  {
    seed: 600002826, edits: TIMED_MODEL,
    found: 'instant lock-out: vercel:app@acme NEON_API_KEY held key 3, which did not work, during run6',
    verdict: 'model: as 600000164; passes with it',
  },
  {
    seed: 600002733, edits: TIMED_MODEL,
    found: 'silently valid: 1 live project key 3 of another family, held by no secret, named in no notice',
    verdict: 'model: as 431; passes with it',
  },
  {
    seed: 600004677, edits: TIMED_MODEL,
    found: 'stuck issues: family keyturn-env-acme-web-staging-eu-neo-9719d1 is stuck with no open issue (after round 5)',
    verdict:
      'model: the GitHub App had no issues permission (403), so the alert-mode run that made the family stuck said ' +
      'person-not-called in its emergency rotation\'s report, which the new check did not read; it reads them now (stuck-issues.ts)',
  },
  {
    seed: 600003729, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 3, held by no target, still live after run9, unnamed',
    verdict:
      'model: run9 (keep 3) put dependabot:acme/api back in the list; its record named key 3 there (run1 recorded it before ' +
      'writing and was killed before the write), so keep\'s two slots beside key 7 went to 6 and 3, the keys the listed targets ' +
      'may hold by the record (README, Revoke), and key 3 rightly stayed. The invariant took keep for the newest keys by id ' +
      '(7, 6, 5). Fixed: keep\'s slots are read in the order of the record\'s held, revoked keys skipped (keep-slots.ts)',
  },
  {
    seed: 600004451, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 6, held by no target, still live after run6, unnamed',
    verdict:
      'model: no other family (the earlier reading was wrong): run6 replaced the list with repo:acme/app, a dropped target ' +
      'the record named holding key 6, so the family stayed; keep 2\'s slot beside key 8 went to key 6, what that target ' +
      'held before the run, while key 7 stayed outside keep for the two targets dropped now. The invariant\'s newest two ' +
      'were 8 and 7. Fixed as 600003729',
  },
  {
    seed: 600004916, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 4, held by no target, still live after run7, unnamed',
    verdict:
      'model: as 600004451 (run7 put gitlab:acme/app:production back, holding key 4: keep 2\'s slot; key 6 kept for the ' +
      'dropped targets); fixed as 600003729',
  },
  {
    seed: 600006387, edits: TIMED_MODEL,
    found: 'silently valid: 2 live personal keys 3, 4 of another family, held by no secret',
    verdict: 'passes with this round\'s fixes (found on the code before the stuck-issue and kind-guard fixes); replayed so a return shows',
  },
  {
    seed: 600005388, edits: TIMED_MODEL,
    found: 'stuck issues: family keyturn-codespaces-user-neon-api-ke-6aa778 (stuck) has 2 open issues (after round 4)',
    verdict:
      'product, fixed in session 17: a run that found the family stuck opened the missing issue while the run that marked it ' +
      'was about to open its own; such a run now opens it only under the lease, looking again (stuck/call-person.ts)',
  },
  {
    seed: 600006689, edits: TIMED_MODEL,
    found: 'early revocation: key 6 revoked by run8 0 min after a newer key appeared, before revoke-after (120 min)',
    verdict:
      'product, fixed in session 18 (not the class of 479): the user deleted the secret at both targets of the Vercel family ' +
      '(env:acme/app:production, vercel:app@acme) and retired them; run8, of the new family of the targets listed instead, ' +
      'settled that family\'s record, left naming no target, by revoking its key 6 at once, whatever revoke-after said, while ' +
      'retiring a target of the run\'s own family gives its keys their deadline. A job that read the secret before it was ' +
      'deleted may still use the key. Fixed: such keys get their deadline in that record, as a target taken over does ' +
      '(510000387), and the record stays until a run at or after it (protocol/other-family-deadlines.ts; test/clock.test.ts)',
  },
  {
    seed: 600002245, edits: TIMED_MODEL,
    found: 'early revocation: key 3 revoked by run4 0 min after a newer key appeared, before revoke-after (1440 min)',
    verdict: 'product, as 600006689 (vercel:app@acme deleted and retired, its family\'s key 3 revoked at once by run4); fixed with it',
  },
  {
    seed: 600009265, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 3, due 2030-02-04T03:31:32.050Z, held by no target, still live after run9, unnamed',
    verdict:
      'model: run8, an emergency rotation (keep 2), put codespaces:acme/app back, holding key 3, and revoked the leaked key 6 ' +
      '(which kept its slot: key 3 was named kept-beyond-keep); run9, a no-op of the clock, gave keep\'s slot to key 3, the ' +
      'first live key after 7 in the record\'s held (7, 6, 3, 5): the previous key of the target put back, kept until the next ' +
      'rotation as keep 2 says. The invariant\'s newest two were 7 and 5 (kept for a dropped target). Fixed as 600003729',
  },
  {
    seed: 700001157, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 4, due 2030-04-05T06:01:00.074Z, held by no target, still live after run7, unnamed',
    verdict: 'model: found by session 18\'s sweep from 700000000 before the fix of 600003729; passes with it (keep\'s slots by the record)',
  },
  {
    seed: 700001262, edits: TIMED_MODEL,
    found: 'outlived its deadline: key 4, due 2030-04-24T05:04:24.045Z, held by no target, still live after run9, unnamed',
    verdict: 'model: as 700001157',
  },
];
