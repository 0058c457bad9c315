import { OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { formatClockDuration, optionalClockDuration, parseClockDuration } from './duration.js';

describe('parseClockDuration', () => {
  it('reads minutes, hours and days, and numbers as milliseconds', () => {
    expect(parseClockDuration('rotateEvery', '90m')).toBe(90 * 60_000);
    expect(parseClockDuration('rotateEvery', '12h')).toBe(12 * 3_600_000);
    expect(parseClockDuration('rotateEvery', '7d')).toBe(7 * 86_400_000);
    expect(parseClockDuration('rotateEvery', '30D')).toBe(30 * 86_400_000);
    expect(parseClockDuration('revokeAfter', 3_600_000)).toBe(3_600_000);
  });

  it.each(['7', '1w', '1.5d', '-1d', 'd', '7 days', '0m', '367d', ''])('refuses %j naming the option and what to write', (text) => {
    const error = (() => {
      try {
        parseClockDuration('rotateEvery', text);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(OptionError);
    expect((error as OptionError).option).toBe('rotateEvery');
    expect((error as OptionError).message).toMatch(/7d|366d/);
  });

  it('refuses a number below a minute or not whole', () => {
    expect(() => parseClockDuration('revokeAfter', 59_999)).toThrow(/between 1m and 366d/);
    expect(() => parseClockDuration('revokeAfter', 60_000.5)).toThrow(OptionError);
  });

  it('takes an absent or empty value as none', () => {
    expect(optionalClockDuration('rotateEvery', undefined)).toBeUndefined();
    expect(optionalClockDuration('rotateEvery', '  ')).toBeUndefined();
  });

  it('formats in the largest whole unit', () => {
    expect(formatClockDuration(7 * 86_400_000)).toBe('7d');
    expect(formatClockDuration(36 * 3_600_000)).toBe('36h');
    expect(formatClockDuration(90 * 60_000)).toBe('90m');
    expect(formatClockDuration(1500)).toBe('1500ms');
  });
});
