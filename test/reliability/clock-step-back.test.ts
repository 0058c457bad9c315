// Issue 10, defect 5: a platform clock that steps back (the new key dated before the previous one)
// is not "another rotation": keys listed before the run began are older than its key whatever their
// dates, so the run neither backs off nor keeps the previous key valid.

import { describe, expect, it } from 'vitest';
import { expectNobodyLockedOut, expectNoUnheldKey, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectNoLeaks } from './harness/invariants.js';

describe('a platform clock that steps back', () => {
  it('between two rotations, is no concurrent rotation: the second finishes and revokes the first key', async () => {
    let offsetMs = 0;
    const w = await startDriftWorld({ platformClock: () => Date.now() + offsetMs });
    try {
      const targets = ['repo:acme/app', 'env:acme/app:production'];
      w.seed(targets);
      const first = await w.rotate(targets).done;
      w.learn(first, targets);
      expect(first.exitCode).toBe(0);

      offsetMs = -24 * 60 * 60 * 1000; // the platform's clock is now a day behind
      const second = await w.rotate(targets).done;
      w.learn(second, targets);
      expect(errorsOf(second)).toEqual([]);
      expect(second.exitCode).toBe(0);
      expect(second.visibleStdout).not.toMatch(/another rotation|concurrent rotation|A newer key/i);
      expect(JSON.parse(second.outputs['revoked-key-ids']!)).toEqual([Number(first.outputs['key-id'])]);
      expectNobodyLockedOut(w);
      expectNoUnheldKey(w);
      for (const run of [first, second]) expectNoLeaks(run, w.secrets);
    } finally {
      await w.close();
    }
  });
});
