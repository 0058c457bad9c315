import { describe, expect, it } from 'vitest';
import {
  deriveFamily,
  FAMILY_MAX_LENGTH,
  isFamilyMember,
  KEY_NAME_MAX_LENGTH,
  makeKeyName,
  validateFamily,
} from './family.js';

const NOW = new Date('2026-03-04T05:06:07.890Z');

describe('deriveFamily', () => {
  it('joins the first target and the secret name, lowercased and sanitised', () => {
    expect(deriveFamily('repo:Acme/Web.site', 'NEON_API_KEY')).toBe('keyturn-repo-acme-web-site-neon-api-key');
  });

  it('shortens long families with a hash of the whole, keeping them distinct', () => {
    const a = deriveFamily('env:a-very-long-organisation-name/a-very-long-repository:production', 'NEON_API_KEY');
    const b = deriveFamily('env:a-very-long-organisation-name/a-very-long-repository:staging', 'NEON_API_KEY');
    expect(a.length).toBeLessThanOrEqual(FAMILY_MAX_LENGTH);
    expect(a).toMatch(/^keyturn-env-a-very-long-.*-[0-9a-f]{6}$/);
    expect(a).not.toBe(b);
    expect(() => validateFamily(a)).not.toThrow();
  });
});

describe('validateFamily', () => {
  it('rejects prefixes that cannot start a key name', () => {
    expect(() => validateFamily('')).toThrow(/may hold only/);
    expect(() => validateFamily('-x')).toThrow(/may hold only/);
    expect(() => validateFamily('a b')).toThrow(/may hold only/);
    expect(() => validateFamily('x'.repeat(FAMILY_MAX_LENGTH + 1))).toThrow(/at most 42/);
    expect(() => validateFamily('x'.repeat(FAMILY_MAX_LENGTH))).not.toThrow();
  });
});

describe('makeKeyName', () => {
  it('is <family>-<UTC timestamp>-<suffix>, at most 64 characters', () => {
    const name = makeKeyName('x'.repeat(FAMILY_MAX_LENGTH), NOW);
    expect(name).toMatch(/^x{42}-20260304T050607Z-[a-z0-9]{4}$/);
    expect(name.length).toBe(KEY_NAME_MAX_LENGTH);
  });

  it('differs between two runs in the same second', () => {
    const names = new Set(Array.from({ length: 20 }, () => makeKeyName('fam', NOW)));
    expect(names.size).toBeGreaterThan(1);
  });
});

describe('isFamilyMember', () => {
  it('recognises exactly the members of a family', () => {
    expect(isFamilyMember(makeKeyName('a-b', NOW), 'a-b')).toBe(true);
    expect(isFamilyMember('a-b-20260101T000000Z', 'a-b')).toBe(true);
    expect(isFamilyMember('a-b-c-20260101T000000Z', 'a-b')).toBe(false);
    expect(isFamilyMember('a-b-c-20260101T000000Z-abcd', 'a-b')).toBe(false);
    expect(isFamilyMember('a-b-20260101T000000Z-abcd', 'a')).toBe(false);
    expect(isFamilyMember('xa-b-20260101T000000Z', 'a-b')).toBe(false);
    expect(isFamilyMember('a-b-20260101T000000Z-abcd-more', 'a-b')).toBe(false);
    expect(isFamilyMember('a-b-2026-01-01', 'a-b')).toBe(false);
    expect(isFamilyMember('console key', 'a-b')).toBe(false);
  });
});
