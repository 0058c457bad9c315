import { describe, expect, it } from 'vitest';
import { pathWithin, splitRequestTarget } from './request-target.js';

describe('splitRequestTarget', () => {
  it('splits at the first ?, keeping both halves as sent', () => {
    expect(splitRequestTarget('/api/v2/x?a=1&b=?')).toEqual({ path: '/api/v2/x', search: '?a=1&b=?' });
    expect(splitRequestTarget('/api/v2/x')).toEqual({ path: '/api/v2/x', search: '' });
  });

  it('never reads a leading // as a host', () => {
    expect(splitRequestTarget('//evil.example/api_keys?x')).toEqual({ path: '//evil.example/api_keys', search: '?x' });
  });
});

describe('pathWithin', () => {
  it('gives the path relative to the mount, or undefined outside it', () => {
    expect(pathWithin('/api/v2/api_keys', '/api/v2')).toBe('/api_keys');
    expect(pathWithin('/api/v2', '/api/v2')).toBe('/');
    expect(pathWithin('/api/v2//api_keys', '/api/v2')).toBe('//api_keys');
    expect(pathWithin('/api/v20/api_keys', '/api/v2')).toBeUndefined();
    expect(pathWithin('/api_keys', '/api/v2')).toBeUndefined();
    expect(pathWithin('//x/y', '')).toBe('//x/y');
  });
});
