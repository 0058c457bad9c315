import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.js';

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850.4, '850 ms'],
    [4200, '4.2 s'],
    [59_940, '59.9 s'],
    [60_000, '1 min'],
    [185_000, '3 min 5 s'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
  ])('formats %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
