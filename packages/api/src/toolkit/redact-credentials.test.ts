import { describe, expect, it } from 'vitest';
import { looksLikeCredential, redactCredentials, safeExcerpt } from './redact-credentials.js';

const TOKEN = 'ghp_0123456789abcdefABCDEF0123456789abcd';

describe('redactCredentials', () => {
  it('removes every occurrence of each known value', () => {
    expect(redactCredentials('k=abc123 and again abc123', ['abc123'])).toBe('k=[redacted] and again [redacted]');
  });

  it('removes bearer tokens it was not told about', () => {
    expect(redactCredentials('header Authorization: Bearer zzz-999, done')).toBe('header Authorization: Bearer [redacted], done');
  });

  it('keeps the text around a token, and does not redact twice', () => {
    expect(redactCredentials('(Authorization: Bearer k1)', ['k1'])).toBe('(Authorization: Bearer [redacted])');
    expect(redactCredentials('"Bearer abc"')).toBe('"Bearer [redacted]"');
    expect(redactCredentials('send Authorization: Bearer <API key>')).toBe('send Authorization: Bearer <API key>');
  });

  it.each([
    [`Bad credentials: ${TOKEN} is not valid`, 'Bad credentials: [redacted] is not valid'],
    [`proxy refused "Authorization: Bearer abc.def-ghi"`, 'proxy refused "Authorization: Bearer [redacted]"'],
    ['header was token s3cr3t_value, then more', 'header was token [redacted], then more'],
    ['TOKEN gho_xyz12345 and bearer   qq-rr-ss-tt', 'TOKEN [redacted] and bearer   [redacted]'],
    [`${TOKEN}${TOKEN}`, '[redacted][redacted]'],
  ])('scrubs %j', (text, expected) => {
    expect(redactCredentials(text, [TOKEN])).toBe(expected);
  });

  it('scrubs token prefixes and random key material it was not told about', () => {
    expect(redactCredentials('used github_pat_11ABCDEFG0abcdefghij_xyz here')).toBe('used [redacted] here');
    expect(redactCredentials('key napi_abcd1234efgh and ghs_abcd')).toBe('key [redacted] and [redacted]');
    expect(redactCredentials(`key ${'a1'.repeat(32)} refused`)).toBe('key [redacted] refused');
  });

  it('leaves prose, names and ids alone', () => {
    const prose = 'the token has expired; Bearer authentication required for NEON_API_KEY on purple-shape-411361';
    expect(redactCredentials(prose)).toBe(prose);
    const uuid = 'request 0b5c8c3e-4f2a-4b6e-9c1d-2a3b4c5d6e7f';
    expect(redactCredentials(uuid)).toBe(uuid);
    expect(redactCredentials('Resource not accessible by integration', ['', undefined])).toBe('Resource not accessible by integration');
  });
});

describe('looksLikeCredential', () => {
  it('is true exactly when redactCredentials would hide something', () => {
    expect(looksLikeCredential('5d')).toBe(false);
    expect(looksLikeCredential('NEON_API_KEY')).toBe(false);
    expect(looksLikeCredential(TOKEN)).toBe(true);
    expect(looksLikeCredential('napi_abcd')).toBe(true);
  });
});

describe('safeExcerpt', () => {
  it('flattens, redacts and shortens', () => {
    const text = `line one\nsecret-key-value\n${'x'.repeat(400)}`;
    const excerpt = safeExcerpt(text, ['secret-key-value'], 40);
    expect(excerpt).toHaveLength(40);
    expect(excerpt.startsWith('line one [redacted] xxx')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
