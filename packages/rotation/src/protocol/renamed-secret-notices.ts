// What the preflight says of a renamed secret's family (a record of another secret name naming listed
// targets): its keys revoked once no target holds them, or named in a notice while the rename is half
// done. renamed-secrets.ts reads where that secret still exists; this module only says it.

import { familyMembers } from '../family-members.js';
import type { PlatformKey } from '../platform.js';
import { variableOf } from '../record/github-variables.js';
import { namedKeyIds, type OtherFamily } from '../record/record-plan.js';
import type { RotationContext } from './context.js';
import { warnOtherKindUnheld } from './other-kind-unheld.js';

/**
 * A record of another secret name naming listed targets (a renamed secret, or another secret kept
 * at the same targets): gone everywhere it names, its keys are revoked once every target holds the
 * new key. Where it still exists everywhere the run can tell, it is another secret its own workflow
 * rotates: nobody needs to hear of it here, and nothing is said (issue 35, item 2: families stay
 * apart). Gone somewhere but not everywhere (a rename half done), or unreadable where the run
 * looked, its live keys stay valid, named in a notice with what finishes the rename: that family's
 * keys only, never this run's own.
 */
export function sayOtherSecret(ctx: RotationContext, other: OtherFamily, keys: readonly PlatformKey[]): void {
  const check = other.otherSecret!;
  const { family } = other.record;
  const old = check.record.secretName;
  const specs = (ids: readonly string[]) => ids.map((id) => check.record.targets[id]?.spec ?? id);
  if (other.empty) {
    const then = other.sameKind
      ? `${ctx.dryRun ? 'a run that is not a dry run revokes them' : 'they are revoked once every target holds the new key'}, ` +
        `then the record is deleted`
      : `they are of another kind (${other.record.keyKind}) than this run can ` +
        `revoke${check.gone.length ? ', and the record forgets those targets' : ''}`;
    ctx.log(
      'preflight',
      `The record of family ${family} names the ` +
        `secret ${old}${check.gone.length ? ` at ${specs(check.gone).join(', ')}, where it is gone` : ' at no target'}: no target ` +
        `holds its keys, ${then}`,
    );
    if (!other.sameKind) warnOtherKindUnheld(ctx, other.record);
    return;
  }
  const gone = check.goneElsewhere ?? [];
  const named = new Set(namedKeyIds(other.record));
  const own = new Set(familyMembers(keys, ctx.family).map((k) => k.id));
  // Keys of another kind are not in the listing: each the record names may be live.
  const live = (
    other.sameKind ? keys.filter((k) => named.has(k.id) || familyMembers([k], family).length > 0).map((k) => k.id) : [...named]
  ).filter((id) => !own.has(id));
  // A target whose read failed may be where the secret is gone: the run cannot tell, so it names the keys (seed 147452889).
  if (!gone.length && !check.unreadable?.length) return;
  if (!live.length) {
    const where = gone.length
      ? `is gone at ${specs(gone).join(', ')} but not everywhere its record names`
      : `could not be checked at ${specs(check.unreadable ?? []).join(', ')}`;
    ctx.log('preflight', `The secret ${old} of family ${family} ${where}; the family has no live key`);
    return;
  }
  // Keys held only where the secret is gone are revoked once every target holds the new key (revoke.ts), not named (seed 231690137).
  const staying = live.filter((id) => !other.goneOnly?.includes(id));
  if (staying.length) nameOtherSecretKeys(ctx, other, staying, gone);
}

/** The notice that a renamed secret's keys stay valid, with what finishes the rename. */
export function nameOtherSecretKeys(
  ctx: RotationContext,
  other: OtherFamily,
  keyIds: readonly number[],
  gone: readonly string[] = other.otherSecret?.goneElsewhere ?? [],
): void {
  const check = other.otherSecret!;
  const specs = (ids: readonly string[]) => ids.map((id) => check.record.targets[id]?.spec ?? id);
  const [present, unknown] = [specs(check.present), specs(check.unknown)];
  ctx.notice('preflight', {
    code: 'renamed-secret-keys-valid',
    family: other.record.family,
    keyIds: [...keyIds],
    otherSecret: check.record.secretName,
    secretName: ctx.secretName,
    gone: specs(gone),
    present,
    unknown,
    sameKind: other.sameKind,
    ...(other.record.keyKind !== undefined && { keyKind: other.record.keyKind }),
    variable: variableOf(other.record),
    actions: [{ do: 'delete-old-secret', secretName: check.record.secretName, targets: [...present, ...unknown] }],
  });
}
