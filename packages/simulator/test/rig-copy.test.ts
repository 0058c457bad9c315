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

/** Every STRIDE-th case: a prime, so the sample walks across requests, fault kinds and kinds of key. */
const STRIDE = 23;
const sample = <T>(cases: T[]) => cases.filter((_, i) => i % STRIDE === 0);

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
    const kinds = (cases: Array<{ kind: string }>) => new Set(sample(cases).map((c) => c.kind)).size;
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
