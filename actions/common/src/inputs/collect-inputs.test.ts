import { describe, expect, it } from 'vitest';
import { collectInputs } from './collect-inputs.js';
import { InputError, InvalidInputsError } from './input-error.js';

describe('collectInputs', () => {
  it('returns every value under its key', () => {
    expect(collectInputs({ a: () => 1, b: () => 'two', c: () => undefined })).toEqual({ a: 1, b: 'two', c: undefined });
  });

  it('reads every input even after one fails, and names them all', () => {
    let readLast = false;
    const run = () =>
      collectInputs({
        timeout: () => {
          throw new InputError('timeout', 'is bad');
        },
        keep: () => {
          throw new InputError('keep', 'is worse');
        },
        fine: () => {
          readLast = true;
          return 1;
        },
      });
    expect(run).toThrow(InvalidInputsError);
    expect(readLast).toBe(true);
    expect(run).toThrow("2 inputs are invalid; nothing was done:\n- Input 'timeout' is bad\n- Input 'keep' is worse");
  });

  it('says nothing was done when a single input is invalid', () => {
    const run = () =>
      collectInputs({
        keep: () => {
          throw new InputError('keep', 'is 0; it must be between 1 and 100');
        },
      });
    expect(run).toThrow("Input 'keep' is 0; it must be between 1 and 100. Nothing was done.");
  });

  it('lets other errors through: they are bugs, not bad inputs', () => {
    expect(() =>
      collectInputs({
        a: () => {
          throw new TypeError('boom');
        },
      }),
    ).toThrow(TypeError);
  });
});
