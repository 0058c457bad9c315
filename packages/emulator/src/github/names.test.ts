import { describe, expect, it } from 'vitest';
import { canonicalSecretName, MAX_SECRET_BYTES, secretNameProblem, secretValueProblem } from './names.js';

describe('secretNameProblem', () => {
  it.each(['A', 'a', '_', 'NEON_API_KEY', 'neon_api_key', 'Key_2', '_1', 'GITHUB', 'MY_GITHUB_TOKEN', 'GITHUBX'])('accepts %j', (name) =>
    expect(secretNameProblem(name)).toBeUndefined(),
  );

  it.each([
    ['', /alphanumeric/],
    ['HAS SPACE', /alphanumeric/],
    ['HAS-DASH', /alphanumeric/],
    ['DOT.TED', /alphanumeric/],
    ['ÜMLAUT', /alphanumeric/],
    ['1ABC', /number/],
    ['9', /number/],
    ['GITHUB_TOKEN', /GITHUB_/],
    ['github_token', /GITHUB_/],
    ['GitHub_Key', /GITHUB_/],
    ['GITHUB_', /GITHUB_/],
  ])('refuses %j', (name, why) => expect(secretNameProblem(name)).toMatch(why));
});

describe('canonicalSecretName', () => {
  it('is the upper-case name', () => expect(canonicalSecretName('neon_Api_key')).toBe('NEON_API_KEY'));
});

describe('secretValueProblem', () => {
  it('allows 48 KB and not a byte more, counting UTF-8 bytes', () => {
    expect(secretValueProblem('x'.repeat(MAX_SECRET_BYTES))).toBeUndefined();
    expect(secretValueProblem('x'.repeat(MAX_SECRET_BYTES + 1))).toMatch(/48 KB/);
    expect(secretValueProblem('é'.repeat(MAX_SECRET_BYTES / 2 + 1))).toMatch(/48 KB/);
  });
});
