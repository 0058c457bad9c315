// The leak and alert rows start each case from a copy of the kind's rig after its setup rotation
// (src/rig-copy.ts) instead of running the setup again: a case must play exactly as from a rig built
// afresh. Some cases of each row (every kind, faults and crashes, spread over their requests) are run
// both ways, and their traces and violations compared byte for byte.

import { describe, expect, it } from 'vitest';
import {
  alertCrashCases,
  alertFaultCases,
  buildLeakRig,
  leakCrashCases,
  leakFaultCases,
  recordAlertRuns,
  recordLeakRuns,
  runAlertCrashCase,
  runAlertFaultCase,
  runLeakCrashCase,
  runLeakFaultCase,
  type StartLeakRig,
  startLeakRig,
} from '../src/index.js';

/** Cases of each kind of key in a row's sample: spread over its requests and fault kinds (the whole rows run in the matrices). */
const PER_KIND = 2;
/** PER_KIND cases of each kind of key, evenly apart in the row's order (requests, then fault kinds), none twice. */
function sample<T extends { kind: string }>(cases: T[]): T[] {
  const kinds = [...new Set(cases.map((c) => c.kind))];
  return kinds.flatMap((kind) => {
    const ofKind = cases.filter((c) => c.kind === kind);
    const picks = Array.from({ length: PER_KIND }, (_, i) => Math.floor(((i + 0.5) * ofKind.length) / PER_KIND) + i);
    return [...new Set(picks.map((i) => Math.min(i, ofKind.length - 1)))].map((i) => ofKind[i]!);
  });
}

const leakRecorded = await recordLeakRuns();
const alertRecorded = await recordAlertRuns();

type Played = (start: StartLeakRig) => Promise<{ violations: string[]; trace: string[] }>;

/**
 * A platform error's request id is a UUID drawn outside the history's generators (crypto.randomUUID): two rigs built afresh
 * differ there too, and in nothing else. Every other byte is compared.
 */
const REQUEST_ID = /request id [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const exact = (lines: string[]) => JSON.stringify(lines).replace(REQUEST_ID, 'request id <uuid>');

async function bothWays(play: Played): Promise<void> {
  const fresh = await play(buildLeakRig);
  const copied = await play(startLeakRig);
  expect(exact(copied.trace)).toBe(exact(fresh.trace));
  expect(exact(copied.violations)).toBe(exact(fresh.violations));
}

describe('a copied leak rig plays every case as the rig built afresh does', () => {
  it('the sample reaches every kind of key, a fault and a crash of each', () => {
    const kinds = (cases: Array<{ kind: string; request: { step: string } }>) => new Set(sample(cases).map((c) => c.kind)).size;
    expect(kinds(leakFaultCases(leakRecorded))).toBe(3);
    expect(kinds(leakCrashCases(leakRecorded))).toBe(3);
    expect(kinds(alertFaultCases(alertRecorded))).toBe(3);
    expect(kinds(alertCrashCases(alertRecorded))).toBe(3);
  });

  it.each(sample(leakFaultCases(leakRecorded)))('leak mode, $kind key, $request.label: $fault.name', (c) =>
    bothWays((start) => runLeakFaultCase(c, start)),
  );
  it.each(sample(leakCrashCases(leakRecorded)))('leak mode, $kind key, $request.label, killed after effect: $afterEffect', (c) =>
    bothWays((start) => runLeakCrashCase(c, start)),
  );
  it.each(sample(alertFaultCases(alertRecorded)))('alert mode, $kind key, $request.label: $fault.name', (c) =>
    bothWays((start) => runAlertFaultCase(c, start)),
  );
  it.each(sample(alertCrashCases(alertRecorded)))('alert mode, $kind key, $request.label, killed after effect: $afterEffect', (c) =>
    bothWays((start) => runAlertCrashCase(c, start)),
  );
});
