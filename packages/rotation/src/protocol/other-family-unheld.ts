// Another family's live keys that none of the targets its record still names may hold (a late
// record write put back targets since retired: seed 874975652). Only a record that names no
// target gets its keys revoked, and revoking on a record that may be stale could lock a target
// out, so they stay valid and each run names them with what settles the family.

import type { PlatformKey } from '../platform.js';
import type { UnheldKeys } from '../record/record-plan.js';
import type { RotationContext } from './context.js';

export function warnOtherUnheld(ctx: RotationContext, unheld: UnheldKeys, keys: readonly PlatformKey[]): void {
  const keyNames = unheld.keyIds.map((id) => keys.find((k) => k.id === id)?.name ?? null);
  ctx.notice('preflight', {
    code: 'other-family-unheld',
    family: unheld.family,
    keyIds: unheld.keyIds,
    keyNames,
    targets: unheld.targets,
    secretName: ctx.secretName,
    actions: [
      { do: 'retire-or-relist', targets: unheld.targets },
      { do: 'name-in-revoke-key-ids', keyIds: unheld.keyIds },
    ],
  });
}
