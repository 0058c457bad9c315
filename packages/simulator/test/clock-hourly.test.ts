// Issue 33's Done-when in the simulator: the README's hourly example (rotate-every 7d, revoke-after
// 24h) on the emulators for 30 virtual days makes 4 or 5 keys, and revokes each old key between 24
// and 25 hours after it was superseded (the first hourly run at or after its deadline).

import { describe, expect, it } from 'vitest';
import { playHourly } from '../src/index.js';

const HOUR = 3_600_000;

describe('the hourly example, 30 virtual days', () => {
  it('rotates every 7 days and revokes each old key 24 to 25 hours after it was superseded', async () => {
    const outcome = await playHourly({
      days: 30,
      rotateEvery: '7d',
      revokeAfter: '24h',
      targets: ['repo:acme/app', 'env:acme/app:production'],
    });
    expect(outcome.violations, outcome.trace.slice(-40).join('\n')).toEqual([]);
    expect(outcome.made.length).toBeGreaterThanOrEqual(4);
    expect(outcome.made.length).toBeLessThanOrEqual(5);
    // Every other run found the key not yet due and rotated nothing.
    expect(outcome.idle).toBe(outcome.runs - outcome.made.length);
    // The user's first, console-made key is revoked only when revoke-key-ids names it (README, Revoke): the runs' keys go by the clock.
    const [consoleKey, ...runsKeys] = outcome.lives;
    expect(consoleKey?.revokedAt).toBeUndefined();
    const superseded = runsKeys.filter((life) => life.supersededAt !== undefined);
    expect(superseded).toHaveLength(outcome.made.length - 1);
    for (const life of superseded) {
      const after = (life.revokedAt ?? Number.POSITIVE_INFINITY) - life.supersededAt!;
      expect(after, `key ${life.id}: revoked ${after / HOUR} h after it was superseded`).toBeGreaterThanOrEqual(24 * HOUR);
      expect(after).toBeLessThanOrEqual(25 * HOUR);
    }
    // Of the runs' keys, only the one every target holds at the end is live.
    expect(runsKeys.filter((life) => life.revokedAt === undefined).map((life) => life.id)).toEqual([outcome.made.at(-1)]);
  });
});
