import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['90S', 90_000],
    ['10m', 600_000],
    ['500ms', 500],
    ['1h', 3_600_000],
    ['1.5m', 90_000],
    ['0.25', 250],
    ['2 s', 2000],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseDuration('timeout', text)).toBe(ms);
  });

  it.each(['', 'abc', '-5', '5d', '1e3', '1m30s', 's', '.5', '5.'])('refuses %j, naming the input', (text) => {
    expect(() => parseDuration('interval', text)).toThrow(/^Input 'interval' is '.*', not a duration: write seconds/);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseDuration('timeout', '1'.repeat(30))).toThrow("Input 'timeout' is a 30-character value; it must be between");
    expect(() => parseDuration('timeout', 'a3f94c0d5e6b7a8190fedcba98765432')).toThrow(
      "Input 'timeout' is a 32-character value that looks like a key or token, not a duration",
    );
  });

  it('enforces the bounds, saying them', () => {
    expect(() => parseDuration('timeout', '0')).toThrow("Input 'timeout' is '0'; it must be between 1ms and 24h");
    expect(() => parseDuration('timeout', '25h')).toThrow('between 1ms and 24h');
    expect(() => parseDuration('interval', '50ms', { minMs: 100, maxMs: 600_000 })).toThrow('between 100ms and 10m');
    expect(parseDuration('interval', '100ms', { minMs: 100 })).toBe(100);
  });
});
