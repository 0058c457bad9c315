import { describe, expect, it } from 'vitest';
import { deriveFamily, FAMILY_MAX_LENGTH, isFamilyMember, KEY_NAME_MAX_LENGTH, makeKeyName, validateFamily } from './family.js';

const NOW = new Date('2026-03-04T05:06:07.890Z');

describe('deriveFamily', () => {
  it('is a readable slug of the first target and the secret name, ending with a hash of their identity', () => {
    expect(deriveFamily('repo:Acme/Web', 'NEON_API_KEY')).toMatch(/^keyturn-repo-acme-web-neon-api-key-[0-9a-f]{6}$/);
    expect(deriveFamily('repo:Acme/Web.site', 'NEON_API_KEY')).toMatch(/^keyturn-repo-acme-web-site-neon-api-[0-9a-f]{6}$/);
  });

  it.each([
    ['repo:octo/my-repo', 'repo:octo/my_repo'],
    ['repo:octo/my-repo', 'repo:octo/my.repo'],
    ['repo:octo/my_repo', 'repo:octo/my.repo'],
    ['env:a/b:c-d', 'env:a/b-c:d'],
    ['repo:octo/web', 'dependabot:octo/web'],
  ])('tells apart look-alike targets: %s and %s', (a, b) => {
    expect(deriveFamily(a, 'NEON_API_KEY')).not.toBe(deriveFamily(b, 'NEON_API_KEY'));
  });

  it('tells apart secret names that sanitise alike', () => {
    expect(deriveFamily('repo:a/b', 'KEY_1')).not.toBe(deriveFamily('repo:a/b1', 'KEY'));
  });

  it.each([
    ['repo:Acme/Web', 'repo:acme/web', 'NEON_API_KEY', 'neon_api_key'],
    ['env:Acme/Web:Production', 'env:acme/web:production', 'X', 'x'],
    ['org:acme', 'org:ACME:private', 'NEON_API_KEY', 'NEON_API_KEY'],
    ['org:acme:all', 'org:acme:selected:web,api', 'NEON_API_KEY', 'NEON_API_KEY'],
  ])('is the same for one secret however it is spelled: %s and %s', (a, b, secretA, secretB) => {
    expect(deriveFamily(a, secretA)).toBe(deriveFamily(b, secretB));
  });

  it('takes the identity of a SecretTarget, else its description', () => {
    const custom = { describe: () => 'vault:kv/Neon', identity: () => 'vault:kv/neon' };
    expect(deriveFamily(custom, 'K')).toBe(deriveFamily({ describe: () => 'vault:kv/neon' }, 'K'));
    expect(deriveFamily({ describe: () => 'vault:kv/Neon' }, 'K')).not.toBe(deriveFamily(custom, 'K'));
  });

  it('cuts the slug of long families, keeping them distinct and within the limit', () => {
    const a = deriveFamily('env:a-very-long-organisation-name/a-very-long-repository:production', 'NEON_API_KEY');
    const b = deriveFamily('env:a-very-long-organisation-name/a-very-long-repository:staging', 'NEON_API_KEY');
    expect(a.length).toBeLessThanOrEqual(FAMILY_MAX_LENGTH);
    expect(a).toMatch(/^keyturn-env-a-very-long-.*[a-z0-9]-[0-9a-f]{6}$/);
    expect(a).not.toBe(b);
    expect(() => validateFamily(a)).not.toThrow();
    expect(makeKeyName(a, NOW).length).toBeLessThanOrEqual(KEY_NAME_MAX_LENGTH);
  });
});

describe('validateFamily', () => {
  it('rejects prefixes that cannot start a key name', () => {
    expect(() => validateFamily('')).toThrow(/may hold only/);
    expect(() => validateFamily('-x')).toThrow(/may hold only/);
    expect(() => validateFamily('a b')).toThrow(/may hold only/);
    expect(() => validateFamily('x'.repeat(FAMILY_MAX_LENGTH + 1))).toThrow(/at most 42/);
    expect(() => validateFamily('x'.repeat(FAMILY_MAX_LENGTH))).not.toThrow();
    expect(() => validateFamily('-x')).toThrow(expect.objectContaining({ name: 'OptionError', option: 'family' }));
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
