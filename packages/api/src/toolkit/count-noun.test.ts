import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun.js';

describe('countNoun', () => {
  it('agrees the noun with the count', () => {
    expect(countNoun(0, 'key')).toBe('0 keys');
    expect(countNoun(1, 'key')).toBe('1 key');
    expect(countNoun(2, 'target')).toBe('2 targets');
    expect(countNoun(1, 'poll')).toBe('1 poll');
    expect(countNoun(3, 'entry', 'entries')).toBe('3 entries');
  });
});
