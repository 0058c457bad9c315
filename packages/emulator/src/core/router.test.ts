import { describe, expect, it } from 'vitest';
import { compilePattern, matchPattern, pathSegments } from './router.js';

const match = (pattern: string, path: string) => matchPattern(compilePattern(pattern), path);

describe('pathSegments', () => {
  it('splits an absolute path, the root being no segment at all', () => {
    expect(pathSegments('/projects/p-1/operations')).toEqual(['projects', 'p-1', 'operations']);
    expect(pathSegments('/')).toEqual([]);
  });

  it.each(['//api_keys', '/api_keys/', '/projects//operations', '/a/b//', '', 'api_keys', 'http://x/api_keys'])(
    'refuses %j: not absolute, or an empty segment',
    (path) => {
      expect(pathSegments(path)).toBeUndefined();
    },
  );
});

describe('matchPattern', () => {
  it('captures :params, decoded, and matches literal segments as sent', () => {
    expect(match('/projects/:project_id/operations/:operation_id', '/projects/p%201/operations/op-1')).toEqual({
      project_id: 'p 1',
      operation_id: 'op-1',
    });
    expect(match('/projects/:id', '/Projects/p')).toBeUndefined();
    expect(match('/projects/:id', '/projects/%E0%A4%A')).toEqual({ id: '%E0%A4%A' });
  });

  it('needs as many segments as the pattern, unless it ends with **', () => {
    expect(match('/api_keys', '/api_keys/1')).toBeUndefined();
    expect(match('/api_keys/:id', '/api_keys')).toBeUndefined();
    expect(match('/repos/**', '/repos/a/b/c')).toEqual({});
    expect(match('/repos/*/x', '/repos/any/x')).toEqual({});
    expect(match('/repos/*/x', '/repos/any/y')).toBeUndefined();
  });

  it('matches nothing with an empty segment or a trailing slash', () => {
    expect(match('/api_keys', '//api_keys')).toBeUndefined();
    expect(match('/api_keys', '/api_keys/')).toBeUndefined();
    expect(match('/projects/:id/operations', '/projects//operations')).toBeUndefined();
    expect(match('/repos/**', '/repos/a//b')).toBeUndefined();
  });

  it('reads a pattern leniently: slashes around it do not matter', () => {
    expect(match('api_keys/', '/api_keys')).toEqual({});
  });
});
