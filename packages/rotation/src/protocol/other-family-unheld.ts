// Another family's live keys that none of the targets its record still names may hold (a late
// record write put back targets since retired: seed 874975652). Only a record that names no
// target gets its keys revoked, and revoking on a record that may be stale could lock a target
// out, so they stay valid and each run names them with what settles the family.

import type { PlatformKey } from '../platform.js';
import { option } from '../option-names.js';
import type { UnheldKeys } from '../record/record-plan.js';
import type { RotationContext } from './context.js';

export function warnOtherUnheld(ctx: RotationContext, unheld: UnheldKeys, keys: readonly PlatformKey[]): void {
  const named = unheld.keyIds.map((id) => {
    const key = keys.find((k) => k.id === id);
    return key ? `${id} (${key.name})` : `${id}`;
  });
  const many = named.length > 1;
  const targets = unheld.targets.join(', ');
  const them = unheld.targets.length > 1 ? 'them' : 'it';
  ctx.warn(
    'preflight',
    `Key${many ? 's' : ''} ${named.join(', ')} of family ${unheld.family} stay${many ? '' : 's'} valid, though none of the targets its record still names may hold ${many ? 'them' : 'it'}: ${targets}. The family's keys are revoked once its record names no target: if ${targets} no longer ${unheld.targets.length > 1 ? 'need' : 'needs'} ${ctx.secretName}, delete the secret there (if it is still there) and name ${them} in ${option('retireTargets')}; otherwise put ${them} back in targets. Or, if no secret holds ${many ? 'one of those keys' : 'that key'}, name it in ${option('revokeKeyIds')}.`,
  );
}
