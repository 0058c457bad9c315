// The alert-mode rows of the fault and crash matrices: answerLeakAlerts under every fault kind on
// every request of its clean run, and killed at every request (before and after it took effect),
// for each kind of key; after the user's answer and the next scheduled run, the leaked key is dead,
// its alert resolved once as revoked and only once the key was dead, the unknown key's alert open,
// every target holds one working key, and no value was said (src/alert-matrix.ts).

import { describe, expect, it } from 'vitest';
import { alertCrashCases, alertFaultCases, recordAlertRuns, runAlertCrashCase, runAlertFaultCase } from '../src/index.js';

const recorded = await recordAlertRuns();

describe('the alert-mode rows of the fault and crash matrices, in the simulator', () => {
  it('an alert-mode run reads the alerts, rotates, revokes the leaked key, then resolves its alert once', () => {
    for (const { kind, requests } of recorded) {
      const isAlerts = (r: { path: string }) => r.path.includes('/secret-scanning/alerts');
      const patches = requests.filter((r) => isAlerts(r) && r.method === 'PATCH');
      const revoke = requests.findIndex((r) => r.service === 'platform' && r.method === 'DELETE');
      expect(
        requests.findIndex((r) => isAlerts(r) && r.method === 'GET'),
        kind,
      ).toBe(0);
      expect(
        requests.filter((r) => r.method === 'PUT' && !r.path.includes('/variables')),
        kind,
      ).toHaveLength(3);
      expect(patches, kind).toHaveLength(1);
      expect(
        requests.findIndex((r) => isAlerts(r) && r.method === 'PATCH'),
        kind,
      ).toBeGreaterThan(revoke);
      expect(revoke, kind).toBeGreaterThan(0);
    }
  });

  it.each(alertFaultCases(recorded))('$kind key, alert mode, $request.label: $fault.name', async (c) => {
    const result = await runAlertFaultCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });

  it.each(alertCrashCases(recorded))('$kind key, alert mode, $request.label, killed after effect: $afterEffect', async (c) => {
    const result = await runAlertCrashCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});
