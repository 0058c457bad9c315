import { describe, expect, it } from 'vitest';
import { isFailureStatus, isFinalStatus, isSuccessStatus } from './status.js';

describe('operation status sets', () => {
  it.each([
    ['finished', true, false],
    ['skipped', true, false],
    ['failed', false, true],
    ['error', false, true],
    ['cancelled', false, true],
  ])('%s is final (success %s, failure %s)', (status, success, failure) => {
    expect(isSuccessStatus(status)).toBe(success);
    expect(isFailureStatus(status)).toBe(failure);
    expect(isFinalStatus(status)).toBe(true);
  });

  it.each(['scheduling', 'running', 'cancelling', 'paused', 'Finished', ''])('%j is still pending', (status) => {
    expect(isFinalStatus(status)).toBe(false);
    expect(isSuccessStatus(status)).toBe(false);
    expect(isFailureStatus(status)).toBe(false);
  });
});
