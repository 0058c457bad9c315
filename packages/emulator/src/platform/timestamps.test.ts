import { describe, expect, it } from 'vitest';
import { isoFromMicros, isoFromMs, microsFromIso } from './timestamps.js';

describe('timestamps', () => {
  it('formats microseconds with six fractional digits and parses them back', () => {
    const micros = Date.parse('2024-05-01T10:00:00.123Z') * 1000 + 456;
    expect(isoFromMicros(micros)).toBe('2024-05-01T10:00:00.123456Z');
    expect(microsFromIso('2024-05-01T10:00:00.123456Z')).toBe(micros);
  });

  it('keeps leading zeros of the fraction', () => {
    const micros = Date.parse('2024-05-01T10:00:00Z') * 1000 + 7;
    expect(isoFromMicros(micros)).toBe('2024-05-01T10:00:00.000007Z');
  });

  it('accepts whole seconds and up to nine fractional digits', () => {
    expect(microsFromIso('2024-05-01T10:00:00Z')).toBe(Date.parse('2024-05-01T10:00:00Z') * 1000);
    expect(microsFromIso('2024-05-01T10:00:00.1Z')).toBe(Date.parse('2024-05-01T10:00:00.100Z') * 1000);
    expect(microsFromIso('2024-05-01T10:00:00.123456789Z')).toBe(Date.parse('2024-05-01T10:00:00.123Z') * 1000 + 456);
  });

  it('refuses what is not a UTC timestamp', () => {
    for (const text of ['', 'yesterday', '2024-05-01', '2024-05-01T10:00:00+02:00', '2024-13-40T99:00:00Z', '1714557600']) {
      expect(microsFromIso(text)).toBeUndefined();
    }
  });

  it('formats milliseconds as ISO', () => {
    expect(isoFromMs(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});
