// The words of the notices about records and targets (record-notices.ts, target-notices.ts): a record
// rebuilt or unreadable, a target dropped, a secret renamed, keys that stay valid and why. render.ts
// calls them; they are still worded once.

import { option } from '../option-names.js';
import type { NoticeOf } from './notice.js';
import { named } from './render-parts.js';

export function recordRebuilt(notice: NoticeOf<'record-rebuilt'>): string {
  const live = notice.keyIds;
  const kept = live.length
    ? `Keys ${live.join(', ')} were live, and a target the lost record named may hold them: they stay valid (this run keeps them ` +
      `too). Once no target holds one, name it in ${option('revokeKeyIds')}.`
    : 'The family has no live key: nothing to protect.';
  return (
    `The target record of family ${notice.family} is rebuilt in place of ${notice.replaced.join(', ')}, which cannot be ` +
    `read. ${kept} Take ${option('rebuildRecord')} out of the workflow.`
  );
}

export function unreadableOtherRecord(notice: NoticeOf<'unreadable-other-record'>): string {
  const what =
    notice.problem === 'newer' ? `was written by a newer keyturn (format ${notice.format})` : `cannot be read (${notice.detail})`;
  return (
    `The target record in ${notice.variable}${notice.family ? ` (family ${notice.family})` : ''} ${what}. It is not this ` +
    `family's, so this run goes on; the keys it names stay valid. Fix it with the workflow that rotates that family.`
  );
}

export function droppedTarget(notice: NoticeOf<'dropped-target'>): string {
  const many = notice.keyIds.length > 1;
  const holds = notice.keyIds.length
    ? `may still hold key${many ? 's' : ''} ${named(notice)}, which stay${many ? '' : 's'} valid`
    : 'holds no live key of the family';
  return (
    `Target ${notice.target} is no longer in targets but ${holds}. If it no longer needs ${notice.secretName}, delete the secret ` +
    `there and name it in ${option('retireTargets')}; otherwise put it back in targets.`
  );
}

export function otherFamilyDroppedTarget(notice: NoticeOf<'other-family-dropped-target'>): string {
  const many = notice.keyIds.length > 1;
  return (
    `Target ${notice.target} is no longer in targets but may still hold key${many ? 's' : ''} ${named(notice)} of ` +
    `family ${notice.family}, whose record names it; ${many ? 'they stay' : 'it stays'} valid. If it no longer ` +
    `needs ${notice.secretName}, delete the secret there and name it in ${option('retireTargets')}; otherwise put it back in ` +
    `targets.`
  );
}

export function otherFamilyUnheld(notice: NoticeOf<'other-family-unheld'>): string {
  const many = notice.keyIds.length > 1;
  const targets = notice.targets.join(', ');
  const them = notice.targets.length > 1 ? 'them' : 'it';
  return (
    `Key${many ? 's' : ''} ${named(notice)} of family ${notice.family} stay${many ? '' : 's'} valid, though none of the targets ` +
    `its record still names may hold ${many ? 'them' : 'it'}: ${targets}. The family's keys are revoked once its record names no ` +
    `target: if ${targets} no longer ${notice.targets.length > 1 ? 'need' : 'needs'} ${notice.secretName}, delete the secret there ` +
    `(if it is still there) and name ${them} in ${option('retireTargets')}; otherwise put ${them} back in targets. Or, if no ` +
    `secret holds ${many ? 'one of those keys' : 'that key'}, name it in ${option('revokeKeyIds')}.`
  );
}

export function otherKindUnheld(notice: NoticeOf<'other-kind-unheld'>): string {
  const ids = notice.keyIds;
  const what = ids.length
    ? `revoke key${ids.length > 1 ? 's' : ''} ${ids.join(', ')} in the platform ` +
      `console, ${ids.length > 1 ? 'those it still lists' : 'if it still lists it'} (this run's ${notice.runKeyKind} key cannot ` +
      `see them), then delete the variable ${notice.variable}`
    : `delete the variable ${notice.variable}`;
  return (
    `Once every target holds this run's key, no target holds a key of family ${notice.family} (${notice.keyKind} keys): ${what}. ` +
    `Until then this warning repeats.`
  );
}

export function renamedSecretKeysValid(notice: NoticeOf<'renamed-secret-keys-valid'>): string {
  const { otherSecret: old, secretName } = notice;
  const many = notice.keyIds.length > 1;
  const them = many ? 'them' : 'it';
  const where = [
    notice.present.length ? `still exists at ${notice.present.join(', ')}` : '',
    notice.unknown.length ? `may exist at ${notice.unknown.join(', ')} (not checked: not in ${option('targets')}, or unreadable)` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const next = notice.sameKind
    ? `the next run revokes ${them} and deletes the variable ${notice.variable}`
    : `the next run names ${them} for the platform console (${notice.keyKind} keys, which this run's key cannot revoke)`;
  return (
    `Key${many ? 's' : ''} ${notice.keyIds.join(', ')} of family ${notice.family} stay${many ? '' : 's'} valid: its record names ` +
    `the secret ${old}, which ${where}. If ${secretName} replaced ${old} (a renamed secret), delete ${old} there (a target no ` +
    `longer in ${option('targets')}: then name it in ${option('retireTargets')}); ${next}. If another workflow still ` +
    `rotates ${old}, nothing to do.`
  );
}

export function unmanagedCurrentKey(notice: NoticeOf<'unmanaged-current-key'>): string {
  const only = notice.keyIds.length === 1 ? { id: notice.keyIds[0], name: notice.keyNames[0] } : undefined;
  const which = only ? `The current key ${only.id} ("${only.name}")` : 'The current key';
  const how = only
    ? `run with ${option('revokeKeyIds')}: ${only.id}`
    : `run with ${option('revokeKeyIds')} naming its id (the console lists keys by name; the platform does not say which key made ` +
      `a request)`;
  return (
    `${which} was not made by this rotation (family ${notice.family} has no key yet) and is not in ${option('revokeKeyIds')}, so ` +
    `it stays valid. Once every workflow reads the secret ${notice.secretName}, ${how} (or revoke it in the console).`
  );
}
