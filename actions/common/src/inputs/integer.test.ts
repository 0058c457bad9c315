import { describe, expect, it } from 'vitest';
import { parseInteger } from './integer.js';

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
