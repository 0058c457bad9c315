// Which keys `keep` holds once a run has ended, as the rotation's README gives its slots (The protocol,
// step 5; What the targets held): the newest key, then the keys the listed targets may hold by the
// record (all of them: a target put back in the list brings the key its record names, seeds 600004451,
// 600004916, 600003729), then the keys they held in earlier rotations. The record keeps that order in
// `held` (each rotation puts its key first, then what the listed targets held before it), so it is read
// there, as stored after the run; a key no longer live takes no slot (seed 600009265).

import type { RecordKeeper } from './record-place.js';
import { recordPlace } from './record-place.js';
import type { Simulation } from './simulation.js';
import { readableRecords, type StoredRecord } from './stored-record.js';
import type { SimKeyKind } from './world.js';

/**
 * The ids `keep` holds of the family's live keys (`live`, newest first). Without a readable record of the family and kind, the
 * newest `keep` of them: the run then guesses what the targets hold from the listing (README, Without a record).
 */
export function keptByKeep(
  sim: Simulation,
  keeper: RecordKeeper,
  run: { family: string; kind: SimKeyKind; keep: number },
  live: ReadonlyArray<{ id: number }>,
): Set<number> {
  const records = readableRecords(recordPlace(keeper).stored(sim)).filter((r) => r.family === run.family && ofKind(r, run.kind));
  if (!records.length) return new Set(live.slice(0, run.keep).map((k) => k.id));
  const liveIds = new Set(live.map((k) => k.id));
  const kept = new Set(live.slice(0, 1).map((k) => k.id));
  for (const record of records) {
    const held = (Array.isArray(record.held) ? record.held : []).filter((id) => liveIds.has(id));
    for (const id of held.slice(0, run.keep)) kept.add(id);
  }
  return kept;
}

/** A family keeps a record of each kind of key (`personal`, `organization:ORG`, `project:ORG/PROJECT`); format 1 names none. */
function ofKind(record: StoredRecord, kind: SimKeyKind): boolean {
  return record.kind === undefined || record.kind === kind || String(record.kind).startsWith(`${kind}:`);
}
