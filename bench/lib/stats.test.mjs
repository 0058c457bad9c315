import { describe, expect, it } from 'vitest';
import { median, medianOrNull, ms, percentile, summarize } from './stats.mjs';

describe('percentile', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 90)).toBe(46);
    expect(percentile([5], 90)).toBe(5);
  });

  it('does not depend on the order of the samples, nor reorder them', () => {
    const samples = [30, 10, 20];
    expect(median(samples)).toBe(20);
    expect(samples).toEqual([30, 10, 20]);
  });

  it('is NaN for no samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('medianOrNull', () => {
  it('is the median when every sample was measured, null when one was not', () => {
    expect(medianOrNull([3, 1, 2])).toBe(2);
    expect(medianOrNull([3, null, 2])).toBeNull();
    expect(medianOrNull([3, undefined])).toBeNull();
  });
});

describe('summarize and ms', () => {
  it('summarizes min, median, p90 and max', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ n: 4, min: 1, median: 2.5, p90: 3.7, max: 4 });
  });

  it('shows whole milliseconds past 10 ms and one decimal below', () => {
    expect(ms(123.4)).toBe('123 ms');
    expect(ms(4.26)).toBe('4.3 ms');
    expect(ms(Number.NaN)).toBe('n/a');
  });
});
