// The matrices' leak-mode rows: an emergency rotation under every fault kind on every request of its
// clean run, and killed at every request (before and after it took effect), for each kind of key;
// after the user answers as the advice says, the leaked key is dead, every target holds one working
// key, and no value was said (src/leak-matrix.ts).

import { describe, expect, it } from 'vitest';
import { leakCrashCases, leakFaultCases, recordLeakRuns, runLeakCrashCase, runLeakFaultCase } from '../src/index.js';

const recorded = await recordLeakRuns();

describe('the leak-mode rows of the fault and crash matrices, in the simulator', () => {
  it('an emergency run revokes the leaked key after the last secret write, before the usual revocations', () => {
    for (const { kind, requests } of recorded) {
      const lastWrite = requests.findLastIndex((r) => r.method === 'PUT');
      const firstDelete = requests.findIndex((r) => r.service === 'platform' && r.method === 'DELETE');
      expect(
        requests.filter((r) => r.method === 'PUT'),
        kind,
      ).toHaveLength(3);
      expect(firstDelete, kind).toBeGreaterThan(lastWrite);
      // keep 2 keeps the leaked key by the usual rules: only the leak rule revokes it, and nothing else is revoked.
      expect(
        requests.filter((r) => r.service === 'platform' && r.method === 'DELETE'),
        kind,
      ).toHaveLength(1);
    }
  });

  it.each(leakFaultCases(recorded))('$kind key, leak mode, $request.label: $fault.name -> $outcome', async (c) => {
    const result = await runLeakFaultCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });

  it.each(leakCrashCases(recorded))('$kind key, leak mode, $request.label, killed after effect: $afterEffect', async (c) => {
    const result = await runLeakCrashCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});
