import { describe, expect, it } from 'vitest';
import { firstPageLimit } from './poll-round.js';

describe('firstPageLimit', () => {
  it('first round: the pending count plus headroom', () => {
    expect(firstPageLimit(undefined, 1)).toBe(110);
    expect(firstPageLimit(undefined, 300)).toBe(385);
    expect(firstPageLimit(undefined, 0)).toBe(110);
  });

  it('later rounds: a quarter more than the deepest position seen, plus headroom', () => {
    expect(firstPageLimit(0, 1)).toBe(12);
    expect(firstPageLimit(50, 1)).toBe(74);
    expect(firstPageLimit(299, 300)).toBe(385);
  });

  it('never asks for more than the platform allows', () => {
    expect(firstPageLimit(5000, 1)).toBe(1000);
    expect(firstPageLimit(undefined, 4000)).toBe(1000);
  });
});
