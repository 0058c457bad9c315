import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_INTERVAL_MS, PollSchedule } from './poll-schedule.js';

/** Round starts of a schedule that is never cut short: the first at 0, each next one a delay later. */
function roundStarts(schedule: PollSchedule, until: number): number[] {
  const starts = [0];
  while (starts.at(-1)! < until) starts.push(starts.at(-1)! + schedule.delayAfter(starts.at(-1)!));
  return starts;
}

const limits = { minIntervalMs: 1000, maxIntervalMs: 5000 };

describe('PollSchedule', () => {
  it('starts at the minimum, grows to a fifth of the time waited, and settles at the ceiling', () => {
    const schedule = new PollSchedule(limits, () => 0);
    expect(roundStarts(schedule, 45_000)).toEqual([
      0, 1000, 2000, 3000, 4000, 5000, 6000, 7200, 8640, 10_368, 12_441, 14_929, 17_914, 21_496, 25_795, 30_795, 35_795, 40_795, 45_795,
    ]);
  });

  it('sees a finish within a fifth of the time waited, or the minimum, or the ceiling: whichever is largest', () => {
    for (const random of [0, 0.5, 0.999]) {
      const starts = roundStarts(new PollSchedule(limits, () => random), 600_000);
      for (let i = 1; i < starts.length; i++) {
        const [before, after] = [starts[i - 1]!, starts[i]!];
        expect(after - before).toBeLessThanOrEqual(Math.max(1000, Math.min(5000, 0.2 * before)));
        expect(after - before).toBeGreaterThanOrEqual(1000);
      }
    }
  });

  it('jitters the delays between the minimum and the ceiling down by up to a fifth, never below the minimum', () => {
    const at = (random: number, elapsed: number) => new PollSchedule(limits, () => random).delayAfter(elapsed);
    expect([at(0, 10_000), at(0.5, 10_000), at(1, 10_000)]).toEqual([2000, 1800, 1600]);
    expect([at(0, 24_000), at(1, 24_000)]).toEqual([4800, 3840]);
    expect([at(0, 60_000), at(1, 60_000)]).toEqual([5000, 5000]);
    expect(at(1, 5500)).toBe(1000);
    expect(at(1, 0)).toBe(1000);
  });

  it('is the fixed schedule of before when the minimum equals the ceiling', () => {
    const schedule = new PollSchedule({ minIntervalMs: 5000, maxIntervalMs: 5000 }, () => 0.7);
    expect(roundStarts(schedule, 20_000)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
  });

  it('keeps a ceiling below the default minimum: rounds start that far apart', () => {
    const schedule = new PollSchedule({ minIntervalMs: 250, maxIntervalMs: 250 }, () => 0.3);
    expect(roundStarts(schedule, 1000)).toEqual([0, 250, 500, 750, 1000]);
    expect(DEFAULT_MIN_INTERVAL_MS).toBe(1000);
  });

  it('stays at the ceiling once backed off (after a failed or rate-limited round)', () => {
    const schedule = new PollSchedule(limits, () => 0.5);
    expect(schedule.delayAfter(0)).toBe(1000);
    schedule.backOff();
    expect([schedule.delayAfter(1000), schedule.delayAfter(60_000)]).toEqual([5000, 5000]);
  });
});
