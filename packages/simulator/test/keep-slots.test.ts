// keep's slots as the outlived-deadline invariant reads them (src/keep-slots.ts): in the order of the
// family's record (`held`), its revoked keys skipped; the newest keys by id only without a readable record.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/index.js';
import { keptByKeep } from '../src/keep-slots.js';
import { type RecordKeeper, recordPlace } from '../src/record-place.js';
import type { StoredRecord } from '../src/stored-record.js';

const FAMILY = 'keyturn-repo-acme-app-neon-api-key-1a2b3c';

function record(held: number[], fields: Partial<StoredRecord> = {}): StoredRecord {
  return {
    keyturn: 3,
    family: FAMILY,
    secret: 'NEON_API_KEY',
    kind: 'project:org-1/shop-1',
    targets: [],
    held,
    fingerprints: {},
    ...fields,
  };
}

/** Keys live, newest first, as the invariant passes them. */
const live = (...ids: number[]) => ids.map((id) => ({ id }));

async function keptWith(keeper: RecordKeeper, stored: Record<string, string>, keep: number, ids: number[]): Promise<number[]> {
  const sim = await Simulation.start(11);
  try {
    for (const [name, value] of Object.entries(stored)) expect(await recordPlace(keeper).create(sim, name, value)).toBe(true);
    return [...keptByKeep(sim, keeper, { family: FAMILY, kind: 'project', keep }, live(...ids))].sort((a, b) => b - a);
  } finally {
    await sim.close();
  }
}

describe("keep's slots, read from the record", () => {
  it('go to the keys the listed targets held before the run, not to the newest by id (seeds 600004451, 600003729)', async () => {
    // Run6 of 600004451: key 8 made; the target put back in the list held 6; 7 is kept for dropped targets, outside keep.
    const held = JSON.stringify(record([8, 6, 7]));
    expect(await keptWith('github', { KEYTURN_RECORD_A: held }, 2, [8, 7, 6])).toEqual([8, 6]);
    expect(await keptWith('gitlab', { KEYTURN_RECORD_A: held }, 2, [8, 7, 6])).toEqual([8, 6]);
    expect(await keptWith('github', { KEYTURN_RECORD_A: JSON.stringify(record([7, 6, 3, 5, 4])) }, 3, [7, 6, 5, 3])).toEqual([7, 6, 3]);
  });

  it('skip a key no longer live: it takes no slot (seed 600009265: the leaked key 6, revoked)', async () => {
    expect(await keptWith('github', { KEYTURN_RECORD_A: JSON.stringify(record([7, 6, 3, 5])) }, 2, [7, 5, 3])).toEqual([7, 3]);
  });

  it('let go what keep does not hold: a key after the slots, however new', async () => {
    expect(await keptWith('github', { KEYTURN_RECORD_A: JSON.stringify(record([8, 6, 7])) }, 1, [8, 7, 6])).toEqual([8]);
  });

  it('are the newest keys by id without a readable record of the family and kind', async () => {
    const otherKind = JSON.stringify(record([8, 6, 7], { kind: 'personal' }));
    const otherFamily = JSON.stringify(record([8, 6, 7], { family: 'keyturn-other-1' }));
    expect(await keptWith('github', { KEYTURN_RECORD_A: otherKind, KEYTURN_RECORD_B: otherFamily }, 2, [8, 7, 6])).toEqual([8, 7]);
    expect(await keptWith('gitlab', { KEYTURN_RECORD_A: '{"keyturn": 3, "family": "cut' }, 2, [8, 7, 6])).toEqual([8, 7]);
  });
});
