import { describe, expect, it } from 'vitest';
import { parseBoolean } from './boolean.js';

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
