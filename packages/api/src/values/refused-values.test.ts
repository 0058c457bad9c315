import { describe, expect, it } from 'vitest';
import { looksLikeCredential } from '../toolkit/redact-credentials.js';
import { rejectedValue, withoutEchoes } from './refused-values.js';

const KEY = 'a3f94c0d5e6b7a8190fedcba98765432a3f94c0d5e6b7a8190fedcba98765432';

describe('looksLikeCredential', () => {
  it.each([KEY, 'ghp_0123abcd', 'x github_pat_11ABCDEFG0123', 'napi_abcd', 'AbCdEf0123456789', 'KEY=0123456789abcdefXYZ'])(
    'sees a key or token in %j',
    (text) => {
      expect(looksLikeCredential(text)).toBe(true);
    },
  );

  it.each([
    'NEON_API_KEY',
    'purple-shape-411361',
    '0f9a3b6e-1111-4c2d-9e8f-000000000001',
    'keyturn-repo-acme-web-neon-api-key',
    'abcdefghijklmnopqrstuvwxyz',
    '12345678901234567890',
    '10m',
    'repo:acme/web',
    'ghp_abc',
  ])('sees none in %j', (text) => {
    expect(looksLikeCredential(text)).toBe(false);
  });
});

describe('rejectedValue', () => {
  it('quotes a short value', () => {
    expect(rejectedValue('5d')).toBe("'5d'");
    expect(rejectedValue('x'.repeat(20))).toBe(`'${'x'.repeat(20)}'`);
  });

  it('gives the length alone of a long value', () => {
    expect(rejectedValue('x'.repeat(21))).toBe('a 21-character value');
    expect(rejectedValue('https://example.com/a-rather-long/path')).toBe('a 38-character value');
  });

  it('never quotes what looks like a key or token, however short', () => {
    expect(rejectedValue(KEY)).toBe('a 64-character value that looks like a key or token');
    expect(rejectedValue('ghp_0123abcd')).toBe('a 12-character value that looks like a key or token');
  });
});

describe('withoutEchoes', () => {
  it('hides the long or key-like parts of the text that a message repeats', () => {
    expect(withoutEchoes(`line 1 ("${KEY}"): not a target spec`, KEY)).toBe('line 1 ("[64 characters]"): not a target spec');
    expect(withoutEchoes(`secret name "${KEY}" must not start with a digit`, `  ${KEY}`)).toBe(
      'secret name "[64 characters]" must not start with a digit',
    );
    const prefix = 'a-very-long-family-name-that-goes-on!';
    expect(withoutEchoes(`key name prefix "${prefix}" may hold only`, prefix)).toBe('key name prefix "[36 characters]!" may hold only');
  });

  it('keeps short parts, and long words that do not come from the text', () => {
    const message = 'line 2 ("repository:acme/api"): not a target spec: expected env:OWNER/REPO:ENVIRONMENT';
    expect(withoutEchoes(message, 'repo:acme/web\nrepository:acme/api')).toBe(message);
    expect(withoutEchoes('see https://docs.github.com/en/actions/security-guides', 'x')).toBe(
      'see https://docs.github.com/en/actions/security-guides',
    );
  });
});
