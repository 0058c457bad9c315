import { describe, expect, it } from 'vitest';
import { parseKeyIds } from './key-ids.js';

describe('parseKeyIds', () => {
  it('reads ids by line and comma, once each', () => {
    expect(parseKeyIds('revoke-key-ids', '12, 13\n14\n\n12')).toEqual([12, 13, 14]);
  });

  it('reads an empty input as no ids', () => {
    expect(parseKeyIds('revoke-key-ids', '')).toEqual([]);
  });

  it.each(['0', '-3', '1.5', 'abc', '12 13', 'key-12'])('refuses %j, naming the input', (text) => {
    expect(() => parseKeyIds('revoke-key-ids', text)).toThrow(`Input 'revoke-key-ids' holds '${text}', not a key id`);
  });

  it('refuses a long item without quoting it', () => {
    expect(() => parseKeyIds('revoke-key-ids', '12\nghp_0123456789abcdef')).toThrow(
      "Input 'revoke-key-ids' holds a 20-character value that looks like a key or token, not a key id",
    );
  });

  it('refuses more than 100 ids', () => {
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(() => parseKeyIds('revoke-key-ids', ids)).toThrow('lists 101 key ids; at most 100');
  });
});
