// The one place a notice becomes English (render-targets.ts words the record and target notices for it).
// The options it names are in backquotes (option-names.ts),
// so a front end re-renders them in its own words (the Action's inputs, the CLI's flags) with
// renameOptions. `report.warnings` is these sentences, for callers that read words.

import { countNoun } from '@keyturn/api/toolkit';
import { option } from '../option-names.js';
import type { Notice, NoticeAlert, NoticeOf, RevokeSkipReason, StuckReasonNotice } from './notice.js';
import { keepRetiring, named } from './render-parts.js';
import {
  recordRebuilt,
  unreadableOtherRecord,
  droppedTarget,
  otherFamilyDroppedTarget,
  otherFamilyUnheld,
  otherKindUnheld,
  renamedSecretKeysValid,
  unmanagedCurrentKey,
} from './render-targets.js';

/** `notice` in words: the warning a run logs and `report.warnings` keeps. */
export function renderNotice(notice: Notice): string {
  // The switch is exhaustive: a new code without words does not compile.
  switch (notice.code) {
    case 'rebuild-record-unneeded':
      return (
        `${option('rebuildRecord')} is set, but the target record of family ${notice.family} reads: nothing was rebuilt. ` +
        `Take ${option('rebuildRecord')} out of the workflow.`
      );
    case 'record-rebuilt':
      return recordRebuilt(notice);
    case 'rebuilt-keys-kept':
      return (
        `Keys ${notice.keyIds.join(', ')} of family ${notice.family} stay valid: they were live when its target record was ` +
        `rebuilt, and a target the lost record named may hold them. Once no target holds one, name it ` +
        `in ${option('revokeKeyIds')}.`
      );
    case 'unreadable-other-record':
      return unreadableOtherRecord(notice);
    case 'dropped-target':
      return droppedTarget(notice);
    case 'other-family-dropped-target':
      return otherFamilyDroppedTarget(notice);
    case 'other-family-unheld':
      return otherFamilyUnheld(notice);
    case 'other-kind-unheld':
      return otherKindUnheld(notice);
    case 'renamed-secret-keys-valid':
      return renamedSecretKeysValid(notice);
    case 'retired-target-unrecorded':
      return `${notice.target} is in ${option('retireTargets')} but no target record of ${notice.secretName} names it: nothing to retire.`;
    case 'unmanaged-current-key':
      return unmanagedCurrentKey(notice);
    case 'leaked-key-dropped-holders':
      return leakedKeyDroppedHolders(notice);
    case 'target-unwritten':
      return (
        `${notice.target} could not be given the new key ${notice.newKeyId} (${notice.error}); the record says it holds another ` +
        `key than the leaked one, which stays valid. Run again once it can be written.`
      );
    case 'record-not-narrowed':
      return recordNotNarrowed(notice);
    case 'kept-beyond-keep':
      return keptBeyondKeep(notice);
    case 'revoke-key-id-skipped':
      return `Key ${notice.keyIds.join(', ')} of ${option('revokeKeyIds')} was not revoked: ${SKIP_REASONS[notice.reason]}`;
    case 'development-not-sensitive':
      return (
        `${notice.target} is a development variable, which Vercel does not allow to be sensitive: ${notice.secretName} was ` +
        `written encrypted (its value can be read back in Vercel's dashboard and by \`vercel env pull\`).`
      );
    case 'deployment-not-ready':
      return deploymentNotReady(notice);
    case 'awaiting-deploy':
      return (
        `${notice.target} holds the new key, but no deployment uses it yet: it was not ` +
        `redeployed${notice.afterDeployment ? `, and ${notice.afterUrl ?? notice.afterDeployment} still runs` : ''}. ` +
        `Key${notice.keyIds.length === 1 ? '' : 's'} ${notice.keyIds.join(', ')} stay${notice.keyIds.length === 1 ? 's' : ''} ` +
        `valid until a run sees a deploy made after this write: deploy the project (or set ${option('vercelRedeploy')}), then run ` +
        `again.`
      );
    case 'appeared':
      return appeared(notice);
    case 'misplaced-record': {
      const skipped = notice.settlingSkipped
        ? ` Settling family ${notice.family} is skipped: its keys stay valid and its record stays.`
        : '';
      return (
        `The variable ${notice.variable} holds the record of family ${notice.family} (${notice.detail}). It is not this run's ` +
        `record: it chooses no family and stops no rotation but that family's.${skipped} ` +
        `If it is a copy, delete ${notice.variable}; if the record was moved there, move it back.`
      );
    }
    case 'leaked-key-not-of-family':
      return `${notice.leakedKey} is not a key of family ${notice.family}: this emergency rotation leaves it alone.`;
    case 'unreachable-target-left-out':
      return (
        `Target ${notice.targets.join(', ')} cannot take the secret ${notice.secretName} (${notice.problem}): this emergency ` +
        `rotation goes on without it and revokes the leaked key ${notice.keyIds.join(', ')} all the same. ${notice.advice}`
      );
    case 'lease-lapsed':
      return (
        `The lease of ${notice.secretName} lapsed during this run and another run took it over, so no key was revoked: that run ` +
        `finishes the job.`
      );
    case 'concurrent-rotation':
      return (
        `A concurrent rotation of ${notice.secretName} ran during this run, so no key was ` +
        `revoked${notice.keyIds.length ? ` (not ${notice.keyIds.join(', ')})` : ''}: it may still be writing one of them back. The ` +
        `next rotation finishes the job.`
      );
    case 'other-family-deferred':
      return (
        `Keys ${notice.keyIds.join(', ')} of family ${notice.family} appeared during this run: its record stays, and the next ` +
        `rotation of ${notice.secretName} settles it.${alsoValid(notice)}`
      );
    case 'other-family-held-here':
      return (
        `Keys ${notice.keyIds.join(', ')} of family ${notice.family} stay valid, with its record: a target of ` +
        `family ${notice.runFamily} may still hold them (a dropped target, or a record not narrowed yet). A rotation ` +
        `of ${notice.secretName} revokes them once no target does (retire a dropped target).${alsoValid(notice)}`
      );
    case 'other-family-rebuilt-kept':
      return (
        `Keys ${notice.keyIds.join(', ')} of family ${notice.family} stay valid, with its record: they were live when its record ` +
        `was rebuilt, and a target the lost record named may hold them. Once no target holds one, name it ` +
        `in ${option('revokeKeyIds')}.${alsoValid(notice)}`
      );
    case 'revoke-unconfirmed':
      return (
        `The platform answered 404 to revoking ${notice.keyIds.length > 1 ? 'keys' : 'key'} ${named(notice)} of ` +
        `family ${notice.family}, listed as live before: the record of family ${notice.family} stays, and the next rotation ` +
        `of ${notice.secretName} revokes what is still live (seed 175120485).`
      );
    case 'other-family-not-forgotten': {
      const keys = notice.keyIds.length ? `keys ${notice.keyIds.join(', ')} of the family stay valid` : 'the family has no live key';
      const retiring = notice.retired.length ? ` ${keepRetiring(notice.retired)}` : '';
      return `The record of family ${notice.family} could not forget ${notice.targets.join(', ')} (${notice.error}): ${keys}.${retiring}`;
    }
    case 'other-family-settle-failed':
      return (
        `Family ${notice.family} names no target any more, but settling it failed (${notice.error}): its record stays, and the ` +
        `next rotation of ${notice.secretName} revokes its keys.`
      );
    case 'app-token-not-revoked':
      return `Revoking the GitHub App's installation token for ${notice.owner} failed (${notice.problem}); it expires within the hour.`;
    case 'alerts-without-value':
      return (
        `${countNoun(notice.count, 'open alert')} of ${notice.secretType} came without their value (hidden by GitHub) and cannot ` +
        `be matched: they are left open`
      );
    case 'unmanaged-leaked-key':
      return (
        `${alerts(notice.alerts)}: a key no target record in ${notice.recordStore} knows (fingerprint ${notice.fingerprint}). ` +
        `keyturn does not manage it and leaves the alert open: revoke the key in the platform console (Settings, API keys), then ` +
        `resolve the alert as revoked`
      );
    case 'other-family-alert':
      return (
        `${alerts(notice.alerts)}: key ${notice.keyIds.join(', ')} of family ${notice.family} (secret ${notice.secretName}), not ` +
        `this workflow's; the alert is left open for that family's workflow to answer`
      );
    case 'left-without-key':
      return (
        `Target${notice.targets.length === 1 ? '' : 's'} ${notice.targets.join(', ')} of ` +
        `family ${notice.family} ${notice.targets.length === 1 ? 'is' : 'are'} left without a working key: the leaked key was ` +
        `revoked and the new key could not be written there. Give ${notice.targets.length === 1 ? 'it' : 'them'} a working key ` +
        `(fix the access and run with ${option('acknowledge')}: true, or put a key made in the console in the secret there), then ` +
        `acknowledge.`
      );
    case 'leaked-key-valid':
      return (
        `The leaked key ${notice.keyIds.join(', ')} of family ${notice.family} is still valid: it could not be revoked. Revoke it ` +
        `in the platform console now, then acknowledge.`
      );
    case 'record-unreadable':
      return (
        `The target record of family ${notice.family} (${notice.variable}) cannot be read (${notice.detail}): every run stops ` +
        `before making a key. Mend the variable, or run once with ${option('rebuildRecord')}: true (its keys then stay valid until ` +
        `named in ${option('revokeKeyIds')}).`
      );
    case 'lease-taken-over':
      return (
        `${notice.runs} runs of ${notice.secretName} (family ${notice.family}) in a row found the lease of the previous one ` +
        `lapsed: each run is killed or cancelled before it ends (a job timeout shorter than the run, a runner lost). Find why in ` +
        `those runs' logs, give the job the time it needs, then acknowledge.`
      );
    case 'repeated-failure':
      return (
        `${notice.runs} runs of family ${notice.family} in a row failed the same way (${notice.failure}) since ${notice.since}; ` +
        `the last said: ${notice.summary} Fix the cause, then acknowledge.`
      );
    case 'stuck':
      return (
        `Family ${notice.family} is stuck since ${notice.since} (${notice.reason}${notice.runUrl ? `, ${notice.runUrl}` : ''}): ` +
        `this run made no key. Only a person can help: see the issue, fix the cause, then run once with ${option('acknowledge')}: ` +
        `true.`
      );
    case 'stuck-acknowledged':
      return (
        `Family ${notice.family}, stuck since ${notice.since} (${notice.reason}), is acknowledged: its runs rotate again, and the ` +
        `first to succeed closes its issue.`
      );
    case 'person-not-called': {
      const channel = notice.channel === 'issue' ? 'issue that calls a person about' : `webhook of ${option('notifyUrl')} about`;
      const done = { open: 'opened', update: 'updated', close: 'closed', post: 'posted' }[notice.doing];
      const remedy =
        notice.channel === 'issue'
          ? ' Give the token that keeps the record Issues: Read and write (in a workflow: `permissions: issues: write`).'
          : '';
      const outcome = `could not be ${done} (${notice.error}); the run's outcome is unchanged.${remedy}`;
      return `The ${channel} stuck family ${notice.family} ${outcome}`;
    }
  }
}

/** The issue that calls a person about a stuck family: its title (family and reason) and its body (the remedy). */
export function stuckIssueText(mark: { family: string; since: string; runUrl?: string; notice: StuckReasonNotice }): {
  title: string;
  body: string;
  remedy: string;
} {
  const remedy = renderNotice(mark.notice);
  const run = mark.runUrl ? ` The run that got stuck: ${mark.runUrl}.` : '';
  const body = [
    `The key rotation of family ${mark.family} is stuck since ${mark.since} (${mark.notice.code}).${run}`,
    '',
    remedy,
    '',
    `Until then every run of the family stops before making a key. To acknowledge, run the rotation once ` +
      `with ${option('acknowledge')}: true (the CLI: \`keyturn acknowledge\`): that run rotates again, and the first run to ` +
      `succeed closes this issue.`,
  ].join('\n');
  return { title: `${STUCK_TITLE_PREFIX}${mark.family} is stuck (${mark.notice.code})`, body, remedy };
}

/** How every stuck issue's title begins, before the family: how a run finds the family's issue again. */
export const STUCK_TITLE_PREFIX = 'keyturn: family ';

const SKIP_REASONS: Record<RevokeSkipReason, string> = {
  'created-by-this-run': 'it is the key this run created',
  'appeared-during-run': 'it appeared during this run (a concurrent rotation made it)',
  'newer-than-new-key': 'it is newer than the key this run created',
  'dropped-target-may-hold': 'a target dropped from the list may hold it (retire that target first)',
  'authenticating-key': `it is the key in ${option('managingApiKey')}, which this run authenticates with`,
  'deployment-may-use': 'a deployment still running may use it (the new key is in no deployment yet)',
};

function deploymentNotReady(notice: NoticeOf<'deployment-not-ready'>): string {
  const made = notice.deploymentUrl
    ? `The redeploy ${notice.deploymentUrl} of ${notice.target} ended ${notice.readyState}`
    : `${notice.target} could not be redeployed`;
  const keys = `Key${notice.keyIds.length === 1 ? '' : 's'} ${notice.keyIds.join(', ')} stay${notice.keyIds.length === 1 ? 's' : ''} valid`;
  return (
    `${made} (${notice.error}): the running deployment still uses an older key, and no deployment uses the ` +
    `new ${notice.secretName} yet. ${keys} until a run sees a deployment with the new key READY: fix the build (or the cause), ` +
    `then run again.`
  );
}

function alerts(list: readonly NoticeAlert[]): string {
  return `alert${list.length > 1 ? 's' : ''} ${list.map((a) => `${a.repository}#${a.number}`).join(', ')}`;
}

/** The family's other live keys, which stay valid with its record while the keys a notice is about do. */
function alsoValid(notice: { alsoValid: readonly number[] }): string {
  const rest = notice.alsoValid;
  if (!rest.length) return '';
  return (
    ` ${rest.length > 1 ? `Keys ${rest.join(', ')} of the family stay` : `Key ${rest[0]} of the family stays`} valid with it ` +
    `until then.`
  );
}

function leakedKeyDroppedHolders(notice: NoticeOf<'leaked-key-dropped-holders'>): string {
  const many = notice.targets.length > 1;
  return (
    `Target${many ? 's' : ''} ${notice.targets.join(', ')} ${many ? 'are' : 'is'} no longer in ${option('targets')} but may hold ` +
    `the leaked key ${notice.keyIds.join(', ')}, which this run revokes all the same: ${many ? 'they are' : 'it is'} left without ` +
    `a working key. Put ${many ? 'them' : 'it'} back in ${option('targets')} and run again, or delete the secret there and ` +
    `name ${many ? 'them' : 'it'} in ${option('retireTargets')}.`
  );
}

function recordNotNarrowed(notice: NoticeOf<'record-not-narrowed'>): string {
  const keep = notice.retired.length
    ? ` It still names the retired ${notice.retired.join(', ')}, so the keys held there stay valid. ${keepRetiring(notice.retired)}`
    : '';
  return (
    `The target record could not be narrowed to the new key (${notice.error}); it still names older keys, which the next rotation ` +
    `sorts out.${keep}`
  );
}

function keptBeyondKeep(notice: NoticeOf<'kept-beyond-keep'>): string {
  const why = notice.recorded
    ? 'the target record names all of them as keys the targets may hold (a run was stopped before it finished)'
    : 'no target record says which one the targets held (this is the first run that keeps one), and the platform does not say ' +
      'which key made a request';
  return (
    `Keys ${named(notice)} stay valid, more than keep: ${notice.keep} allows, because ${why}. Nothing to do: the next rotation ` +
    `revokes the ones no target holds.`
  );
}

function appeared(notice: NoticeOf<'appeared'>): string {
  const key = `Key ${named(notice)}`;
  return notice.newer
    ? `${key}, newer than this run's key ${notice.newKeyId}, appeared during this run: a concurrent rotation ` +
        `of ${notice.secretName} is running, and targets may hold either key until the next rotation. Run rotations of one secret in ` +
        `a workflow concurrency: group so they never overlap.`
    : `${key} appeared during this run, from a concurrent rotation; the next rotation revokes it. It was left valid because a ` +
        `target may hold it.`;
}
