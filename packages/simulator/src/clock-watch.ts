// The clock's invariants (issue 33, item 5): a superseded key stays valid at least revoke-after (no
// early revocation), and a run at or after its deadline revokes it once no target holds it (no key
// outlives its deadline by more than a run interval unless a notice names it). Watched from outside:
// when each key appeared and was revoked (at the platform's answers), which keys targets held.

import { namesKey } from './advice.js';
import { keptByKeep } from './keep-slots.js';
import type { RecordKeeper } from './record-place.js';
import type { RunResult, Simulation } from './simulation.js';
import { SECRET_NAMES } from './world.js';

/** A revocation seen: the key, when (virtual ms), and by which run. */
interface Revoked {
  id: number;
  at: number;
  run: RunResult;
}

export interface ClockWatch {
  /** Key ids made (first seen) at, virtual ms. */
  readonly madeAt: ReadonlyMap<number, number>;
  /** Revocations seen, in order. */
  readonly revoked: readonly Revoked[];
  /** Notes which keys the targets hold now (between runs, after a round). */
  observeHeld(): void;
  /** Keys whose deadline the runs cannot know (a record deleted or rebuilt, a rename): no early-revocation check for them. */
  excuseLive(why: string): void;
  /** Early revocations since the last call: a key held once, revoked before revoke-after passed since its successor appeared. */
  early(revokeAfterMs: number, leaked: ReadonlySet<string>): string[];
}

/** Watches `sim`'s platform answers for keys made and revoked. */
export function watchClock(sim: Simulation): ClockWatch {
  const { platform } = sim.world;
  const madeAt = new Map<number, number>();
  const revokedAt = new Map<number, number>();
  const revoked: Revoked[] = [];
  const held = new Set<number>();
  const excused = new Set<number>();
  let checked = 0;
  const scan = (run?: RunResult) => {
    const now = sim.time.now();
    for (const key of platform.listKeys()) {
      if (!madeAt.has(key.id)) madeAt.set(key.id, now);
      if (key.revoked && !revokedAt.has(key.id)) {
        revokedAt.set(key.id, now);
        if (run) revoked.push({ id: key.id, at: now, run });
      }
    }
  };
  scan();
  sim.afterAnswer.push(({ run, service, method }) => {
    if (service === 'platform' && method !== 'GET') scan(run);
  });
  return {
    madeAt,
    revoked,
    observeHeld() {
      scan();
      for (const target of sim.world.pool) {
        for (const name of SECRET_NAMES) {
          const id = platform.keyIdOf(sim.world.held(target, name) ?? '');
          if (id !== undefined) held.add(id);
        }
        if (target.startsWith('vercel:')) for (const name of SECRET_NAMES) markServed(sim, target, name, held);
      }
    },
    excuseLive(why) {
      const live = platform.listKeys().filter((k) => !k.revoked);
      for (const key of live) excused.add(key.id);
      if (live.length) sim.note(`clock: keys ${live.map((k) => k.id).join(', ')} excused from the early-revocation check (${why})`);
    },
    early(revokeAfterMs, leaked) {
      const out: string[] = [];
      for (const { id, at, run } of revoked.slice(checked)) {
        if (!held.has(id) || excused.has(id) || run.spec.leakedKey || run.spec.alerts || run.spec.revokeKeyIds?.includes(id)) continue;
        const ofValue = (value: string) => platform.keyIdOf(value) === id;
        if (run.created.some(ofValue) || [...leaked].some(ofValue)) continue;
        // Superseded no earlier than the next key appeared: the key whose holding superseded it came no earlier.
        const next = [...madeAt].filter(([other]) => other > id).map(([, when]) => when);
        if (!next.length) continue;
        const successorAt = Math.min(...next);
        if (at - successorAt < revokeAfterMs) {
          const minutes = (ms: number) => Math.round(ms / 60_000);
          out.push(
            `early revocation: key ${id} revoked by ${run.id} ${minutes(at - successorAt)} min after a newer key appeared, ` +
              `before revoke-after (${minutes(revokeAfterMs)} min)`,
          );
        }
      }
      checked = revoked.length;
      return out;
    },
  };
}

/** The key a Vercel target's running deployment uses is held too. */
function markServed(sim: Simulation, target: string, name: string, held: Set<number>): void {
  const id = sim.world.platform.keyIdOf(sim.world.served(target, name) ?? '');
  if (id !== undefined) held.add(id);
}

/**
 * After a run that ended well (not a dry run): no superseded key whose deadline had passed when it
 * started is still live, held by no target and let go by keep, unless a notice of the run names it.
 * `keeper`: where the record is kept, which tells keep's slots (keep-slots.ts).
 */
export function outlivedDeadlines(sim: Simulation, run: RunResult, startedAt: number, keeper: RecordKeeper): string[] {
  const report = run.report;
  if (run.status !== 'ok' || !report || report.dryRun || !('revocationsDue' in report)) return [];
  const { platform } = sim.world;
  const heldIds = new Set<number>();
  for (const target of sim.world.pool) {
    for (const name of SECRET_NAMES) {
      for (const value of [sim.world.held(target, name), target.startsWith('vercel:') ? sim.world.served(target, name) : undefined]) {
        const id = platform.keyIdOf(value ?? '');
        if (id !== undefined) heldIds.add(id);
      }
    }
  }
  const family = report.family;
  const live = platform
    .listKeys()
    .filter((k) => !k.revoked && k.name.startsWith(`${family}-`))
    .sort((a, b) => b.id - a.id);
  // keep: the keys its slots go to stay whatever the clock says (the later of the two wins). Read only for a key that would
  // otherwise fail: most runs leave none.
  let kept: Set<number> | undefined;
  const keptByKeepHas = (id: number) => {
    kept ??= keptByKeep(sim, keeper, { family, kind: run.spec.kind, keep: run.spec.keep }, live);
    return kept.has(id);
  };
  const out: string[] = [];
  // The family's own keys: another family's (a renamed secret's, say) go by its record's rules, and their notices.
  for (const due of (report.revocationsDue ?? []).filter((d) => d.keyName.startsWith(`${family}-`))) {
    if (Date.parse(due.dueAt) > startedAt || heldIds.has(due.keyId)) continue;
    if (!platform.listKeys().some((k) => k.id === due.keyId && !k.revoked)) continue;
    if (namesKey(report.notices, due.keyId) || keptByKeepHas(due.keyId)) continue;
    const started = new Date(startedAt).toISOString();
    out.push(
      `outlived its deadline: key ${due.keyId}, due ${due.dueAt}, held by no target, still live after ${run.id} (started ${started}), ` +
        `unnamed`,
    );
  }
  return out;
}
