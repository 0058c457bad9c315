// What the simulated user reads in a run's notices: codes and their facts (key ids, targets,
// families), never the words, so a reworded sentence changes no history (review 4393a1e, room 2).

import { type Notice, noticeKeyIds } from '@keyturn/rotation';

/**
 * Keys a rebuilt record keeps (its own or another family's), and those that stay with them: named in revoke-key-ids once no secret holds
 * them.
 */
export function rebuiltKeyIds(notices: readonly Notice[]): number[] {
  return notices
    .filter((n) => n.code === 'record-rebuilt' || n.code === 'rebuilt-keys-kept' || n.code === 'other-family-rebuilt-kept')
    .flatMap(noticeKeyIds);
}

/** Retired targets a record still names: kept in retire-targets until a run ends without the notice. */
export function keptRetiring(notices: readonly Notice[]): string[] {
  return notices.flatMap((n) => n.actions.flatMap((a) => (a.do === 'keep-in-retire-targets' ? a.targets : [])));
}

/** True when another family's record could not be read (its keys stay valid, and it may name retired targets). */
export function otherRecordUnread(notices: readonly Notice[]): boolean {
  return notices.some((n) => n.code === 'unreadable-other-record');
}

/** Families whose record the run could not read: their keys are named by the family, not by id. */
export function unreadFamilies(notices: readonly Notice[]): string[] {
  return notices.flatMap((n) => (n.code === 'unreadable-other-record' && n.family !== undefined ? [n.family] : []));
}

/**
 * Targets a notice asks to retire (or list again): a dropped target that may still hold keys, of
 * this family or another's, and the targets another family's record still names while none may
 * hold its live keys (seed 874975652).
 */
export function targetsToRetire(notices: readonly Notice[]): string[] {
  return notices.flatMap((n) => {
    if (n.code === 'dropped-target' || n.code === 'other-family-dropped-target') return n.keyIds.length ? [n.target] : [];
    return n.code === 'other-family-unheld' ? n.targets : [];
  });
}

/** A renamed secret's old name, and the targets where it may still exist, of each half-done rename a run names. */
export function halfRenamed(notices: readonly Notice[]): Array<{ secretName: string; targets: string[] }> {
  return notices.flatMap((n) =>
    n.code === 'renamed-secret-keys-valid' ? [{ secretName: n.otherSecret, targets: [...n.present, ...n.unknown] }] : [],
  );
}

/** True when a notice names the record variable `variable` (unreadable, rebuilt in place of, to delete). */
export function namesVariable(notices: readonly Notice[], variable: string): boolean {
  return notices.some(
    (n) => ('variable' in n && n.variable === variable) || (n.code === 'record-rebuilt' && n.replaced.includes(variable)),
  );
}

/** True when a notice names key `id` as staying valid (the "never silently valid" invariant). */
export function namesKey(notices: readonly Notice[], id: number): boolean {
  return notices.some((n) => noticeKeyIds(n).includes(id));
}
