// The preflight's share of an emergency rotation (`leakedKey`): find the leaked key in the family's
// record, or refuse before anything changes (naming the families searched, or the family that
// owns it), and say which targets held it. The leaked key is then exempt from `keep` and from the
// record's protection: emergency/revoke-leaked.ts revokes it once the store step is through.

import { option } from '../option-names.js';
import type { PlatformKey } from '../platform.js';
import { describeLeakedKey } from './leaked-key.js';
import { type LocatedLeak, locateLeakedKey } from './locate.js';
import type { TargetRecord } from '../record/target-record.js';
import { identityOf } from '../targets/secret-target.js';
import type { RotationContext } from '../protocol/context.js';

/** What the run knows of the leaked key once the preflight found it. */
export interface LeakPlan {
  keyId: number;
  /** Every leaked key of the run, `keyId` first (answering alerts: one rotation for all of a family's leaked keys). */
  keyIds: number[];
  /** The platform still lists one of them: this run revokes it. Else they are already revoked. */
  live: boolean;
  /** The leaked keys the platform still lists: this run revokes them. */
  liveIds: number[];
  /** Targets the record says may hold it, as specs. */
  heldBy: string[];
  /** Of those, the targets no longer listed (dropped): they cannot be given the new key by this run. */
  dropped: string[];
  /** Identities of the listed targets that may hold it (or that the record does not name yet). */
  listedHolders: Set<string>;
}

/** Sets ctx.leak and report.leak, or fails the run (nothing changed yet). */
export function planLeak(
  ctx: RotationContext,
  own: TargetRecord | undefined,
  records: readonly TargetRecord[],
  keys: readonly PlatformKey[],
): void {
  const leaked = ctx.leakedKey;
  if (!leaked) return;
  const named = describeLeakedKey(leaked);
  if (!ctx.recordStore) {
    ctx.fail({
      code: 'invalid-options',
      step: 'preflight',
      summary: `${named} cannot be matched: an emergency rotation needs the target record, and none is kept`,
      advice:
        `Keep the record (the record option; the rotate-key Action keeps it in the repository running the workflow), or revoke ` +
        `the key in the platform console and rotate as usual. Nothing was changed.`,
    });
  }
  const location = locateLeakedKey(leaked, own, records);
  if (location.found === 'elsewhere') {
    const { record } = location;
    const targets = Object.values(record.targets).map((e) => e.spec);
    ctx.fail({
      code: 'invalid-options',
      step: 'preflight',
      summary:
        `${named} is key ${location.keyId} of family ${record.family} ` +
        `(secret ${record.secretName}${targets.length ? ` at ${targets.join(', ')}` : ''}), not of family ${ctx.family}, which ` +
        `this run rotates`,
      advice: `Answer the leak with the rotation of family ${record.family}: its workflow, with the same leaked key. Nothing was changed.`,
    });
  }
  if (location.found === 'nowhere') {
    const searched = location.searched.map((r) => `${r.family} (${r.keyKind ?? 'personal'} keys)`);
    ctx.fail({
      code: 'invalid-options',
      step: 'preflight',
      summary:
        `No target record in ${ctx.recordStore.describe()} knows ${named}; ` +
        `searched ${searched.length ? `the records of ${searched.join(', ')}` : 'no record (there is none yet)'}`,
      advice:
        `Check the ${'id' in leaked ? 'id' : 'fingerprint'} (keyturn fingerprint reads the leaked value from standard input). A ` +
        `key keyturn did not make (the first key, made in the console) is not in any record: revoke it in the platform console, or ` +
        `name it in ${option('revokeKeyIds')}. Nothing was changed.`,
    });
  }
  const { keyId } = location.leak;
  // More leaked keys of the family (answering alerts): the same rotation revokes them; one this
  // record does not know is left to the run that answers it.
  const others: LocatedLeak[] = [];
  for (const more of ctx.alsoLeaked) {
    const found = locateLeakedKey(more, own, records);
    if (found.found === 'here' && found.leak.keyId !== keyId && !others.some((o) => o.keyId === found.leak.keyId)) others.push(found.leak);
    else if (found.found !== 'here')
      ctx.notice('preflight', { code: 'leaked-key-not-of-family', leakedKey: describeLeakedKey(more), family: ctx.family, actions: [] });
  }
  const order = ctx.targets.map(identityOf);
  const listed = new Set(order);
  // Listed targets in their order, then the dropped ones.
  const rank = (identity: string) => (listed.has(identity) ? order.indexOf(identity) : order.length);
  const all = [...location.leak.holders, ...others.flatMap((o) => o.holders)].filter(
    (h, i, list) => list.findIndex((x) => x.identity === h.identity) === i,
  );
  const holders = all.sort((a, b) => rank(a.identity) - rank(b.identity));
  const keyIds = [keyId, ...others.map((o) => o.keyId)];
  const liveIds = keyIds.filter((id) => keys.some((k) => k.id === id));
  const live = liveIds.length > 0;
  const heldBy = holders.map((h) => h.spec);
  // A retired target (its secret deleted, named in retireTargets this run) holds no key any more.
  const retired = new Set(ctx.record.retired);
  const dropped = holders.filter((h) => !listed.has(h.identity) && !retired.has(h.identity)).map((h) => h.spec);
  // A listed target the record does not name yet may hold anything: it counts as a holder.
  const listedHolders = new Set([...listed].filter((id) => holders.some((h) => h.identity === id) || !(own && id in own.targets)));
  ctx.leak = { keyId, keyIds, live, liveIds, heldBy, dropped, listedHolders };
  ctx.report.leak = { keyId, revoked: !live, heldBy, unwritten: [] };
  if (others.length)
    ctx.log(
      'preflight',
      `Emergency rotation: keys ${others.map((o) => o.keyId).join(', ')} of family ${ctx.family} leaked too; this run revokes ` +
        `them with key ${keyId}`,
    );
  const held = heldBy.length ? `, held by ${heldBy.join(', ')}` : ', held by no target the record names';
  const then = live
    ? 'it is revoked as soon as every target holds the new key, whatever keep says'
    : 'it is already revoked, and this run gives every target a working key';
  ctx.log('preflight', `Emergency rotation: the leaked key is key ${keyId} of family ${ctx.family}${held}; ${then}`);
  if (live && dropped.length) {
    ctx.notice('preflight', {
      code: 'leaked-key-dropped-holders',
      targets: dropped,
      keyIds: [keyId],
      actions: [{ do: 'retire-or-relist', targets: dropped }],
    });
  }
}
