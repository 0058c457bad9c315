// Every notice code in words: one example each (a table keyed by code, so a new code without a
// case does not compile), with the sentence the run logged before notices were data.
import { describe, expect, it } from 'vitest';
import { NOTICE_CODES, type NoticeCode, type NoticeOf, noticeKeyIds } from './notice.js';
import { renderNotice } from './render.js';

const F = 'keyturn-repo-acme-app-neon-api-key-87c7ca';
const G = 'keyturn-repo-acme-app-neon-deploy-k-c5014f';

const CASES: { [C in NoticeCode]: Array<[Omit<NoticeOf<C>, 'code' | 'actions'>, string]> } = {
  'rebuild-record-unneeded': [
    [
      { family: F },
      `\`rebuildRecord\` is set, but the target record of family ${F} reads: nothing was rebuilt. Take \`rebuildRecord\` out of the workflow.`,
    ],
  ],
  'record-rebuilt': [
    [
      { family: F, replaced: ['KEYTURN_RECORD_A'], keyIds: [3, 4] },
      `The target record of family ${F} is rebuilt in place of KEYTURN_RECORD_A, which cannot be read. Keys 3, 4 were live, and a target the lost record named may hold them: they stay valid (this run keeps them too). Once no target holds one, name it in \`revokeKeyIds\`. Take \`rebuildRecord\` out of the workflow.`,
    ],
    [
      { family: F, replaced: ['A', 'B'], keyIds: [] },
      `The target record of family ${F} is rebuilt in place of A, B, which cannot be read. The family has no live key: nothing to protect. Take \`rebuildRecord\` out of the workflow.`,
    ],
  ],
  'rebuilt-keys-kept': [
    [
      { family: F, keyIds: [3] },
      `Keys 3 of family ${F} stay valid: they were live when its target record was rebuilt, and a target the lost record named may hold them. Once no target holds one, name it in \`revokeKeyIds\`.`,
    ],
  ],
  'unreadable-other-record': [
    [
      { variable: 'KEYTURN_RECORD_X', family: G, problem: 'unparsable', detail: 'not JSON' },
      `The target record in KEYTURN_RECORD_X (family ${G}) cannot be read (not JSON). It is not this family's, so this run goes on; the keys it names stay valid. Fix it with the workflow that rotates that family.`,
    ],
    [
      { variable: 'KEYTURN_RECORD_X', problem: 'newer', format: 9, detail: 'format 9' },
      "The target record in KEYTURN_RECORD_X was written by a newer keyturn (format 9). It is not this family's, so this run goes on; the keys it names stay valid. Fix it with the workflow that rotates that family.",
    ],
  ],
  'dropped-target': [
    [
      { target: 'repo:acme/web', secretName: 'NEON_API_KEY', keyIds: [3, 4], keyNames: ['a', 'b'] },
      'Target repo:acme/web is no longer in targets but may still hold keys 3 (a), 4 (b), which stay valid. If it no longer needs NEON_API_KEY, delete the secret there and name it in `retireTargets`; otherwise put it back in targets.',
    ],
    [
      { target: 'repo:acme/web', secretName: 'NEON_API_KEY', keyIds: [], keyNames: [] },
      'Target repo:acme/web is no longer in targets but holds no live key of the family. If it no longer needs NEON_API_KEY, delete the secret there and name it in `retireTargets`; otherwise put it back in targets.',
    ],
  ],
  'other-family-dropped-target': [
    [
      { target: 'repo:acme/web', family: G, secretName: 'NEON_API_KEY', keyIds: [3], keyNames: ['a'] },
      `Target repo:acme/web is no longer in targets but may still hold key 3 (a) of family ${G}, whose record names it; it stays valid. If it no longer needs NEON_API_KEY, delete the secret there and name it in \`retireTargets\`; otherwise put it back in targets.`,
    ],
  ],
  'other-family-unheld': [
    [
      { family: G, keyIds: [4, 5], keyNames: ['a', null], targets: ['repo:acme/api'], secretName: 'NEON_API_KEY' },
      `Keys 4 (a), 5 of family ${G} stay valid, though none of the targets its record still names may hold them: repo:acme/api. The family's keys are revoked once its record names no target: if repo:acme/api no longer needs NEON_API_KEY, delete the secret there (if it is still there) and name it in \`retireTargets\`; otherwise put it back in targets. Or, if no secret holds one of those keys, name it in \`revokeKeyIds\`.`,
    ],
  ],
  'other-kind-unheld': [
    [
      { family: G, keyKind: 'project:o/p', runKeyKind: 'personal', keyIds: [7], variable: 'KEYTURN_RECORD_G' },
      `Once every target holds this run's key, no target holds a key of family ${G} (project:o/p keys): revoke key 7 in the platform console, if it still lists it (this run's personal key cannot see them), then delete the variable KEYTURN_RECORD_G. Until then this warning repeats.`,
    ],
    [
      { family: G, keyKind: 'project:o/p', runKeyKind: 'personal', keyIds: [], variable: 'KEYTURN_RECORD_G' },
      `Once every target holds this run's key, no target holds a key of family ${G} (project:o/p keys): delete the variable KEYTURN_RECORD_G. Until then this warning repeats.`,
    ],
  ],
  'renamed-secret-keys-valid': [
    [
      {
        family: F,
        keyIds: [3],
        otherSecret: 'NEON_API_KEY',
        secretName: 'PLATFORM_KEY',
        gone: ['repo:acme/web'],
        present: ['env:acme/web:production'],
        unknown: [],
        sameKind: true,
        variable: 'KEYTURN_RECORD_F',
      },
      `Key 3 of family ${F} stays valid: its record names the secret NEON_API_KEY, which still exists at env:acme/web:production. If PLATFORM_KEY replaced NEON_API_KEY (a renamed secret), delete NEON_API_KEY there (a target no longer in \`targets\`: then name it in \`retireTargets\`); the next run revokes it and deletes the variable KEYTURN_RECORD_F. If another workflow still rotates NEON_API_KEY, nothing to do.`,
    ],
    [
      {
        family: F,
        keyIds: [3, 4],
        otherSecret: 'A',
        secretName: 'B',
        gone: ['repo:acme/web'],
        present: ['repo:acme/app'],
        unknown: ['repo:acme/api'],
        sameKind: false,
        keyKind: 'organization:o',
        variable: 'V',
      },
      `Keys 3, 4 of family ${F} stay valid: its record names the secret A, which still exists at repo:acme/app and may exist at repo:acme/api (not checked: not in \`targets\`, or unreadable). If B replaced A (a renamed secret), delete A there (a target no longer in \`targets\`: then name it in \`retireTargets\`); the next run names them for the platform console (organization:o keys, which this run's key cannot revoke). If another workflow still rotates A, nothing to do.`,
    ],
  ],
  'retired-target-unrecorded': [
    [
      { target: 'repo:acme/web', secretName: 'NEON_API_KEY' },
      'repo:acme/web is in `retireTargets` but no target record of NEON_API_KEY names it: nothing to retire.',
    ],
  ],
  'unmanaged-current-key': [
    [
      { family: F, secretName: 'NEON_API_KEY', keyIds: [1], keyNames: ['console key'] },
      `The current key 1 ("console key") was not made by this rotation (family ${F} has no key yet) and is not in \`revokeKeyIds\`, so it stays valid. Once every workflow reads the secret NEON_API_KEY, run with \`revokeKeyIds\`: 1 (or revoke it in the console).`,
    ],
    [
      { family: F, secretName: 'NEON_API_KEY', keyIds: [], keyNames: [] },
      `The current key was not made by this rotation (family ${F} has no key yet) and is not in \`revokeKeyIds\`, so it stays valid. Once every workflow reads the secret NEON_API_KEY, run with \`revokeKeyIds\` naming its id (the console lists keys by name; the platform does not say which key made a request) (or revoke it in the console).`,
    ],
  ],
  'leaked-key-dropped-holders': [
    [
      { targets: ['repo:acme/api'], keyIds: [5] },
      'Target repo:acme/api is no longer in `targets` but may hold the leaked key 5, which this run revokes all the same: it is left without a working key. Put it back in `targets` and run again, or delete the secret there and name it in `retireTargets`.',
    ],
    [
      { targets: ['repo:a/b', 'repo:a/c'], keyIds: [5] },
      'Targets repo:a/b, repo:a/c are no longer in `targets` but may hold the leaked key 5, which this run revokes all the same: they are left without a working key. Put them back in `targets` and run again, or delete the secret there and name them in `retireTargets`.',
    ],
  ],
  'target-unwritten': [
    [
      { target: 'repo:acme/api', newKeyId: 9, error: '502 Bad Gateway' },
      'repo:acme/api could not be given the new key 9 (502 Bad Gateway); the record says it holds another key than the leaked one, which stays valid. Run again once it can be written.',
    ],
  ],
  'record-not-narrowed': [
    [
      { error: '409', retired: [] },
      'The target record could not be narrowed to the new key (409); it still names older keys, which the next rotation sorts out.',
    ],
    [
      { error: '409', retired: ['repo:acme/api'] },
      'The target record could not be narrowed to the new key (409); it still names older keys, which the next rotation sorts out. It still names the retired repo:acme/api, so the keys held there stay valid. Keep repo:acme/api in `retireTargets` until a run ends without this warning.',
    ],
  ],
  'kept-beyond-keep': [
    [
      { keyIds: [3, 4], keyNames: ['a', 'b'], keep: 2, recorded: true },
      'Keys 3 (a), 4 (b) stay valid, more than keep: 2 allows, because the target record names all of them as keys the targets may hold (a run was stopped before it finished). Nothing to do: the next rotation revokes the ones no target holds.',
    ],
    [
      { keyIds: [3, 4], keyNames: ['a', 'b'], keep: 2, recorded: false },
      'Keys 3 (a), 4 (b) stay valid, more than keep: 2 allows, because no target record says which one the targets held (this is the first run that keeps one), and the platform does not say which key made a request. Nothing to do: the next rotation revokes the ones no target holds.',
    ],
  ],
  'revoke-key-id-skipped': [
    [{ keyIds: [5], reason: 'created-by-this-run' }, 'Key 5 of `revokeKeyIds` was not revoked: it is the key this run created'],
    [
      { keyIds: [5], reason: 'appeared-during-run' },
      'Key 5 of `revokeKeyIds` was not revoked: it appeared during this run (a concurrent rotation made it)',
    ],
    [{ keyIds: [5], reason: 'newer-than-new-key' }, 'Key 5 of `revokeKeyIds` was not revoked: it is newer than the key this run created'],
    [
      { keyIds: [5], reason: 'dropped-target-may-hold' },
      'Key 5 of `revokeKeyIds` was not revoked: a target dropped from the list may hold it (retire that target first)',
    ],
    [
      { keyIds: [5], reason: 'deployment-may-use' },
      'Key 5 of `revokeKeyIds` was not revoked: a deployment still running may use it (the new key is in no deployment yet)',
    ],
  ],
  'development-not-sensitive': [
    [
      { target: 'vercel:web:development@acme', secretName: 'NEON_API_KEY' },
      "vercel:web:development@acme is a development variable, which Vercel does not allow to be sensitive: NEON_API_KEY was written encrypted (its value can be read back in Vercel's dashboard and by `vercel env pull`).",
    ],
  ],
  'deployment-not-ready': [
    [
      {
        target: 'vercel:web@acme',
        secretName: 'NEON_API_KEY',
        deploymentId: 'dpl_1',
        deploymentUrl: 'https://web-1.vercel.app',
        readyState: 'ERROR',
        error: 'the build failed',
        keyIds: [3, 4],
      },
      'The redeploy https://web-1.vercel.app of vercel:web@acme ended ERROR (the build failed): the running deployment still uses an older key, and no deployment uses the new NEON_API_KEY yet. Keys 3, 4 stay valid until a run sees a deployment with the new key READY: fix the build (or the cause), then run again.',
    ],
    [
      { target: 'vercel:web@acme', secretName: 'NEON_API_KEY', error: 'Vercel answered 403', keyIds: [3] },
      'vercel:web@acme could not be redeployed (Vercel answered 403): the running deployment still uses an older key, and no deployment uses the new NEON_API_KEY yet. Key 3 stays valid until a run sees a deployment with the new key READY: fix the build (or the cause), then run again.',
    ],
  ],
  'awaiting-deploy': [
    [
      {
        target: 'vercel:web:preview',
        secretName: 'NEON_API_KEY',
        afterDeployment: 'dpl_1',
        afterUrl: 'https://web-1.vercel.app',
        keyIds: [3],
      },
      'vercel:web:preview holds the new key, but no deployment uses it yet: it was not redeployed, and https://web-1.vercel.app still runs. Key 3 stays valid until a run sees a deploy made after this write: deploy the project (or set `vercelRedeploy`), then run again.',
    ],
  ],
  appeared: [
    [
      { keyIds: [7], keyNames: ['k7'], newer: true, newKeyId: 6, secretName: 'S' },
      "Key 7 (k7), newer than this run's key 6, appeared during this run: a concurrent rotation of S is running, and targets may hold either key until the next rotation. Run rotations of one secret in a workflow concurrency: group so they never overlap.",
    ],
    [
      { keyIds: [5], keyNames: ['k5'], newer: false, newKeyId: 6, secretName: 'S' },
      'Key 5 (k5) appeared during this run, from a concurrent rotation; the next rotation revokes it. It was left valid because a target may hold it.',
    ],
  ],
  'misplaced-record': [
    [
      { variable: 'KEYTURN_RECORD_X', family: G, detail: 'it holds the record of family G', settlingSkipped: true },
      `The variable KEYTURN_RECORD_X holds the record of family ${G} (it holds the record of family G). It is not this run's record: it chooses no family and stops no rotation but that family's. Settling family ${G} is skipped: its keys stay valid and its record stays. If it is a copy, delete KEYTURN_RECORD_X; if the record was moved there, move it back.`,
    ],
  ],
  'leaked-key-not-of-family': [
    [{ leakedKey: 'Key 7', family: F }, `Key 7 is not a key of family ${F}: this emergency rotation leaves it alone.`],
  ],
  'unreachable-target-left-out': [
    [
      { targets: ['env:acme/app:qa'], secretName: 'S', keyIds: [4], problem: 'HTTP 403', advice: 'Give the token access.' },
      'Target env:acme/app:qa cannot take the secret S (HTTP 403): this emergency rotation goes on without it and revokes the leaked key 4 all the same. Give the token access.',
    ],
  ],
  'lease-lapsed': [
    [
      { secretName: 'S' },
      'The lease of S lapsed during this run and another run took it over, so no key was revoked: that run finishes the job.',
    ],
  ],
  'concurrent-rotation': [
    [
      { secretName: 'S', keyIds: [2, 3] },
      'A concurrent rotation of S ran during this run, so no key was revoked (not 2, 3): it may still be writing one of them back. The next rotation finishes the job.',
    ],
    [
      { secretName: 'S', keyIds: [] },
      'A concurrent rotation of S ran during this run, so no key was revoked: it may still be writing one of them back. The next rotation finishes the job.',
    ],
  ],
  'other-family-deferred': [
    [
      { family: G, keyIds: [8], alsoValid: [4, 5], secretName: 'S' },
      `Keys 8 of family ${G} appeared during this run: its record stays, and the next rotation of S settles it. Keys 4, 5 of the family stay valid with it until then.`,
    ],
  ],
  'other-family-held-here': [
    [
      { family: G, runFamily: F, keyIds: [4], alsoValid: [5], secretName: 'S' },
      `Keys 4 of family ${G} stay valid, with its record: a target of family ${F} may still hold them (a dropped target, or a record not narrowed yet). A rotation of S revokes them once no target does (retire a dropped target). Key 5 of the family stays valid with it until then.`,
    ],
  ],
  'other-family-rebuilt-kept': [
    [
      { family: G, keyIds: [3], alsoValid: [] },
      `Keys 3 of family ${G} stay valid, with its record: they were live when its record was rebuilt, and a target the lost record named may hold them. Once no target holds one, name it in \`revokeKeyIds\`.`,
    ],
  ],
  'revoke-unconfirmed': [
    [
      { family: G, keyIds: [3], keyNames: ['k3'], secretName: 'S' },
      `The platform answered 404 to revoking key 3 (k3) of family ${G}, listed as live before: the record of family ${G} stays, and the next rotation of S revokes what is still live (seed 175120485).`,
    ],
  ],
  'other-family-not-forgotten': [
    [
      { family: G, targets: ['repo:acme/api'], error: '502', keyIds: [3], retired: ['repo:acme/api'] },
      `The record of family ${G} could not forget repo:acme/api (502): keys 3 of the family stay valid. Keep repo:acme/api in \`retireTargets\` until a run ends without this warning.`,
    ],
    [
      { family: G, targets: ['repo:acme/api'], error: '502', keyIds: [], retired: [] },
      `The record of family ${G} could not forget repo:acme/api (502): the family has no live key.`,
    ],
  ],
  'other-family-settle-failed': [
    [
      { family: G, error: '502', secretName: 'S' },
      `Family ${G} names no target any more, but settling it failed (502): its record stays, and the next rotation of S revokes its keys.`,
    ],
  ],
  'app-token-not-revoked': [
    [{ owner: 'acme', problem: '500' }, "Revoking the GitHub App's installation token for acme failed (500); it expires within the hour."],
  ],
  'alerts-without-value': [
    [
      { count: 2, secretType: 'custom_pattern_x' },
      '2 open alerts of custom_pattern_x came without their value (hidden by GitHub) and cannot be matched: they are left open',
    ],
  ],
  'unmanaged-leaked-key': [
    [
      { alerts: [{ repository: 'acme/app', number: 1 }], fingerprint: 'abc', recordStore: 'the Actions variables of acme/app' },
      'alert acme/app#1: a key no target record in the Actions variables of acme/app knows (fingerprint abc). keyturn does not manage it and leaves the alert open: revoke the key in the platform console (Settings, API keys), then resolve the alert as revoked',
    ],
  ],
  'other-family-alert': [
    [
      {
        alerts: [
          { repository: 'acme/app', number: 1 },
          { repository: 'acme/web', number: 2 },
        ],
        keyIds: [4],
        family: G,
        secretName: 'NEON_DEPLOY_KEY',
      },
      `alerts acme/app#1, acme/web#2: key 4 of family ${G} (secret NEON_DEPLOY_KEY), not this workflow's; the alert is left open for that family's workflow to answer`,
    ],
  ],
  'left-without-key': [
    [
      { family: G, targets: ['repo:acme/web'] },
      `Target repo:acme/web of family ${G} is left without a working key: the leaked key was revoked and the new key could not be written there. Give it a working key (fix the access and run with \`acknowledge\`: true, or put a key made in the console in the secret there), then acknowledge.`,
    ],
  ],
  'leaked-key-valid': [
    [
      { family: G, keyIds: [7] },
      `The leaked key 7 of family ${G} is still valid: it could not be revoked. Revoke it in the platform console now, then acknowledge.`,
    ],
  ],
  'record-unreadable': [
    [
      { family: G, variable: 'KEYTURN_RECORD_X', detail: 'not JSON' },
      `The target record of family ${G} (KEYTURN_RECORD_X) cannot be read (not JSON): every run stops before making a key. Mend the variable, or run once with \`rebuildRecord\`: true (its keys then stay valid until named in \`revokeKeyIds\`).`,
    ],
  ],
  'lease-taken-over': [
    [
      { family: G, secretName: 'S', runs: 3 },
      `3 runs of S (family ${G}) in a row found the lease of the previous one lapsed: each run is killed or cancelled before it ends (a job timeout shorter than the run, a runner lost). Find why in those runs' logs, give the job the time it needs, then acknowledge.`,
    ],
  ],
  'repeated-failure': [
    [
      { family: G, failure: 'target-failed', runs: 3, since: '2026-01-01T00:00:00.000Z', summary: 'Writing repo:acme/web failed.' },
      `3 runs of family ${G} in a row failed the same way (target-failed) since 2026-01-01T00:00:00.000Z; the last said: Writing repo:acme/web failed. Fix the cause, then acknowledge.`,
    ],
  ],
  stuck: [
    [
      { family: G, reason: 'repeated-failure', since: '2026-01-01T00:00:00.000Z', runUrl: 'https://github.com/acme/web/actions/runs/1' },
      `Family ${G} is stuck since 2026-01-01T00:00:00.000Z (repeated-failure, https://github.com/acme/web/actions/runs/1): this run made no key. Only a person can help: see the issue, fix the cause, then run once with \`acknowledge\`: true.`,
    ],
  ],
  'stuck-acknowledged': [
    [
      { family: G, reason: 'leaked-key-valid', since: '2026-01-01T00:00:00.000Z' },
      `Family ${G}, stuck since 2026-01-01T00:00:00.000Z (leaked-key-valid), is acknowledged: its runs rotate again, and the first to succeed closes its issue.`,
    ],
  ],
  'person-not-called': [
    [
      { family: G, channel: 'issue', doing: 'open', error: '403' },
      `The issue that calls a person about stuck family ${G} could not be opened (403); the run's outcome is unchanged. Give the token that keeps the record Issues: Read and write (in a workflow: \`permissions: issues: write\`).`,
    ],
    [
      { family: G, channel: 'webhook', doing: 'post', error: '500' },
      `The webhook of \`notifyUrl\` about stuck family ${G} could not be posted (500); the run's outcome is unchanged.`,
    ],
  ],
};

describe('renderNotice', () => {
  it('has a case for every code, and no code twice', () => {
    expect(Object.keys(CASES).sort()).toEqual([...NOTICE_CODES].sort());
    expect(new Set(NOTICE_CODES).size).toBe(NOTICE_CODES.length);
  });

  for (const code of NOTICE_CODES) {
    it(`words ${code}`, () => {
      for (const [facts, words] of CASES[code]) {
        const notice = { code, actions: [], ...facts } as unknown as NoticeOf<typeof code>;
        expect(renderNotice(notice)).toBe(words);
      }
    });
  }
});

describe('noticeKeyIds', () => {
  it('names the keys a notice is about and those that stay with them', () => {
    expect(noticeKeyIds({ code: 'other-family-deferred', family: G, keyIds: [8], alsoValid: [4], secretName: 'S', actions: [] })).toEqual([
      8, 4,
    ]);
    expect(noticeKeyIds({ code: 'app-token-not-revoked', owner: 'acme', problem: '500', actions: [] })).toEqual([]);
  });
});
