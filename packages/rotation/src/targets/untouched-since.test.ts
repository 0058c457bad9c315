import { describe, expect, it } from 'vitest';
import type { SecretMeta, SecretTarget } from './secret-target.js';
import { untouchedSince } from './untouched-since.js';

const SERVED = new Date('2026-03-04T05:06:07Z');

function target(meta: () => Promise<SecretMeta | undefined>): SecretTarget {
  return {
    describe: () => 'vault:kv/neon',
    fetchPublicKey: async () => ({ keyId: 'k', key: '' }),
    writeSecret: async () => {},
    readSecretMeta: meta,
  };
}
const updatedAt = (updatedAt: string | undefined) => target(async () => ({ name: 'NEON_API_KEY', updatedAt }));

describe('untouchedSince', () => {
  it('proves a secret last updated strictly before the key was served untouched', async () => {
    expect(await untouchedSince(updatedAt('2026-03-04T05:06:06Z'), 'NEON_API_KEY', SERVED)).toEqual({
      untouched: true,
      reason: 'its secret was last updated at 2026-03-04T05:06:06Z, before this run first reached it at 2026-03-04T05:06:07Z',
    });
  });

  it.each([
    ['in the same second (a write of the run may have landed then)', '2026-03-04T05:06:07Z'],
    ['later', '2026-03-04T05:06:08Z'],
  ])('proves nothing for a secret updated %s', async (_case, when) => {
    expect(await untouchedSince(updatedAt(when), 'NEON_API_KEY', SERVED)).toEqual({
      untouched: false,
      reason: `its secret was updated at ${when}, not before this run first reached it at 2026-03-04T05:06:07Z`,
    });
  });

  it('proves a secret that does not exist untouched: a write that landed would have made it', async () => {
    expect(await untouchedSince(target(async () => undefined), 'NEON_API_KEY', SERVED)).toEqual({
      untouched: true,
      reason: 'it has no secret NEON_API_KEY',
    });
  });

  it.each([
    ['no updatedAt', updatedAt(undefined), SERVED, /no readable updated_at/],
    ['an unreadable updatedAt', updatedAt('yesterday'), SERVED, /no readable updated_at/],
    ['no servedAt', updatedAt('2020-01-01T00:00:00Z'), undefined, /cannot say when its secret last changed/],
    ['a target without readSecretMeta', { ...updatedAt('2020-01-01T00:00:00Z'), readSecretMeta: undefined }, SERVED, /cannot say/],
    [
      'a metadata read that fails',
      target(() => Promise.reject(new Error('GitHub answered 502'))),
      SERVED,
      /^reading the secret's metadata failed: GitHub answered 502$/,
    ],
  ])('proves nothing with %s', async (_case, t, servedAt, reason) => {
    const check = await untouchedSince(t, 'NEON_API_KEY', servedAt);
    expect(check.untouched).toBe(false);
    expect(check.reason).toMatch(reason);
  });
});
