import { describe, expect, it } from 'vitest';
import { redactSecrets, safeExcerpt } from './redact.js';

describe('redactSecrets', () => {
  it('removes every occurrence of each secret', () => {
    expect(redactSecrets('k=abc123 and again abc123', ['abc123'])).toBe('k=[redacted] and again [redacted]');
  });

  it('removes bearer tokens it was not told about', () => {
    expect(redactSecrets('header Authorization: Bearer zzz-999, done', [])).toBe(
      'header Authorization: Bearer [redacted], done',
    );
  });

  it('keeps the text around a token, and does not redact twice', () => {
    expect(redactSecrets('(Authorization: Bearer k1)', ['k1'])).toBe('(Authorization: Bearer [redacted])');
    expect(redactSecrets('"Bearer abc"', [])).toBe('"Bearer [redacted]"');
    expect(redactSecrets('send Authorization: Bearer <API key>', [])).toBe('send Authorization: Bearer <API key>');
  });

  it('ignores empty secrets', () => {
    expect(redactSecrets('plain', [''])).toBe('plain');
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
