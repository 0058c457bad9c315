// A stuck family in the simulator (src/stuck-scenario.ts): two families get stuck by the same
// failure in a row; a day of hourly runs after the cause is gone makes no key; each stuck family
// has exactly one open issue at every step, and none once acknowledged and rotated.

import { describe, expect, it } from 'vitest';
import { runStuckScenario } from '../src/index.js';

describe('a stuck family, in the simulator', () => {
  it('makes no key until acknowledged, with exactly one open issue per stuck family', async () => {
    const result = await runStuckScenario();
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
    // The scenario did what it says: both families got stuck, and a stuck family's runs ended `stuck`.
    expect(result.steps.filter((s) => s.ended === 'stuck').length).toBeGreaterThanOrEqual(2 * 26);
    expect(result.steps.at(-1)).toMatchObject({ ended: 'ok', openIssues: [] });
  }, 300_000);
});
