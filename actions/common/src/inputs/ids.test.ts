import { describe, expect, it } from 'vitest';
import { parseKeyIds, parseOperationIds } from './ids.js';

const A = '0f9a3b6e-1111-4c2d-9e8f-000000000001';
const B = '0f9a3b6e-1111-4c2d-9e8f-000000000002';
const operation = (id: string, action = 'create_branch') => ({ id, action, status: 'running', failures_count: 0 });

describe('parseOperationIds', () => {
  it('reads an empty input as "every pending operation"', () => {
    expect(parseOperationIds('operation-ids', '')).toBeUndefined();
  });

  it('reads ids by line and comma, once each, in order', () => {
    expect(parseOperationIds('operation-ids', `${B}\n${A}, ${B}`)).toEqual([B, A]);
  });

  it('reads a JSON array of ids', () => {
    expect(parseOperationIds('operation-ids', JSON.stringify([A, B]))).toEqual([A, B]);
  });

  it('reads a JSON array of operation objects', () => {
    expect(parseOperationIds('operation-ids', JSON.stringify([operation(A), operation(B, 'start_compute')]))).toEqual([A, B]);
  });

  it('reads a whole create-branch response', () => {
    const response = { branch: { id: 'br-1', name: 'preview' }, operations: [operation(A), operation(B, 'start_compute')] };
    expect(parseOperationIds('operation-ids', JSON.stringify(response, null, 2))).toEqual([A, B]);
  });

  it('reads an explicit empty list as no operations', () => {
    expect(parseOperationIds('operation-ids', '{"operations": []}')).toEqual([]);
    expect(parseOperationIds('operation-ids', '[]')).toEqual([]);
  });

  it.each([
    ['broken JSON', '[1, ', 'starts like JSON but does not parse'],
    ['an object without operations', '{"branch": {}}', 'is a JSON object without an "operations" array'],
    ['an object whose operations is not an array', '{"operations": {}}', 'is a JSON object without an "operations" array'],
    ['a number in the array', '[12]', 'has an item 0 that is neither an id string nor an object'],
    ['an object without id', `[{"id": "${A}"}, {"action": "x"}]`, 'has an item 1 that is neither'],
    ['an id with a slash', 'abc/def', "holds 'abc/def', not an operation id"],
    ['an id with a space', 'abc def', "holds 'abc def', not an operation id"],
    ['a JSON id with a query', '["a?b=1"]', "holds 'a?b=1', not an operation id"],
  ])('refuses %s, naming the input', (_what, text, problem) => {
    expect(() => parseOperationIds('operation-ids', text)).toThrow(`Input 'operation-ids' ${problem}`);
  });

  it('refuses a long value, or one shaped like a key, without quoting it', () => {
    expect(() => parseOperationIds('operation-ids', `${A}/x`)).toThrow("Input 'operation-ids' holds a 38-character value, not an operation id");
    const key = 'a3f94c0d5e6b7a8190fedcba98765432a3f94c0d5e6b7a8190fedcba98765432';
    expect(() => parseOperationIds('operation-ids', `${A}\n${key}`)).toThrow(
      "Input 'operation-ids' holds a 64-character value that looks like a key or token, not an operation id",
    );
    let message = '';
    try {
      parseOperationIds('operation-ids', `["${A}", ${key}]`);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('starts like JSON but does not parse');
    expect(message).not.toMatch(/[0-9a-f]{16}/);
  });

  it('refuses more than 1000 operations', () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `op-${i}`);
    expect(() => parseOperationIds('operation-ids', ids.join('\n'))).toThrow('lists 1001 operations; at most 1000');
  });
});

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
