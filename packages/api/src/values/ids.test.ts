import { describe, expect, it } from 'vitest';
import { parseOperationIds, parseProjectId } from './ids.js';

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
    expect(() => parseOperationIds('operation-ids', `${A}/x`)).toThrow(
      "Input 'operation-ids' holds a 38-character value, not an operation id",
    );
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

describe('parseProjectId', () => {
  it.each(['purple-shape-411361', 'p1', 'a_b'])('accepts %s', (text) => {
    expect(parseProjectId('project-id', text)).toBe(text);
  });

  it.each(['-abc', 'a/b', 'a?b', 'a b', '../x', 'p%2F'])('refuses %j, quoting it', (text) => {
    expect(() => parseProjectId('project-id', text)).toThrow(`Input 'project-id' is '${text}', not a project id`);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseProjectId('project-id', 'x'.repeat(101))).toThrow("Input 'project-id' is a 101-character value, not a project id");
  });

  it('refuses a key pasted as the project id, although its characters would do', () => {
    expect(() => parseProjectId('project-id', 'a3f94c0d5e6b7a8190fedcba98765432')).toThrow(
      "Input 'project-id' is a 32-character value that looks like a key or token, not a project id",
    );
  });
});
