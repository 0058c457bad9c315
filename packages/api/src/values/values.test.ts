import { describe, expect, it } from 'vitest';
import { parseBoolean, parseChoice, parseDuration, parseInteger } from './values.js';

describe('parseBoolean', () => {
  it.each(['true', 'TRUE', 'True', 'yes', 'Yes', '1', 'on'])('reads %s as true', (text) => {
    expect(parseBoolean('dry-run', text)).toBe(true);
  });

  it.each(['false', 'FALSE', 'no', 'NO', '0', 'off'])('reads %s as false', (text) => {
    expect(parseBoolean('dry-run', text)).toBe(false);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseBoolean('dry-run', 'true, but only on mondays')).toThrow("Input 'dry-run' is a 25-character value, not a boolean");
  });

  it.each(['', 'y', 'truthy', '2', 'enabled'])('refuses %j, naming the input', (text) => {
    expect(() => parseBoolean('dry-run', text)).toThrow(`Input 'dry-run' is '${text}', not a boolean`);
  });
});

describe('parseInteger', () => {
  it('reads decimal digits', () => {
    expect(parseInteger('keep', '1', { min: 1 })).toBe(1);
    expect(parseInteger('keep', '007', { min: 1 })).toBe(7);
  });

  it.each(['', '-1', '+1', '1.5', '1e2', '0x10', 'two', '99999999999999999'])('refuses %j', (text) => {
    expect(() => parseInteger('keep', text)).toThrow(`Input 'keep' is '${text}', not a whole number`);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseInteger('keep', 'one-two-three-four-five')).toThrow("Input 'keep' is a 23-character value, not a whole number");
  });

  it('enforces the bounds', () => {
    expect(() => parseInteger('keep', '0', { min: 1, max: 100 })).toThrow("Input 'keep' is 0; it must be between 1 and 100");
    expect(() => parseInteger('keep', '101', { min: 1, max: 100 })).toThrow('between 1 and 100');
  });
});

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

describe('parseChoice', () => {
  it('takes one of the choices, and quotes a refused value unless it looks like a key', () => {
    expect(parseChoice('key-kind', 'project', ['personal', 'project'])).toBe('project');
    const refused = `Input 'key-kind' must be one of personal, project, not "team"`;
    expect(() => parseChoice('key-kind', 'team', ['personal', 'project'])).toThrow(refused);
    const key = 'napi_0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn';
    expect(() => parseChoice('key-kind', key, ['personal'])).toThrow(/not a \d+-character value that looks like a key or token$/);
  });
});
