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
  it.each(['2026-03-04T05:05:07Z', '2026-03-03T00:00:00Z'])(
    'proves a secret last updated at least a minute earlier (%s) untouched',
    async (when) => {
      expect(await untouchedSince(updatedAt(when), 'NEON_API_KEY', SERVED)).toEqual({
        untouched: true,
        reason: `its secret was last updated at ${when}, over a minute before this run first reached it at 2026-03-04T05:06:07Z`,
      });
    },
  );

  it.each([
    ["under a minute earlier (two hosts' clocks may differ that much)", '2026-03-04T05:05:08Z'],
    ['a second earlier', '2026-03-04T05:06:06Z'],
    ['in the same second (a write of the run may have landed then)', '2026-03-04T05:06:07Z'],
    ['later', '2026-03-04T05:06:08Z'],
  ])('proves nothing for a secret updated %s', async (_case, when) => {
    expect(await untouchedSince(updatedAt(when), 'NEON_API_KEY', SERVED)).toEqual({
      untouched: false,
      reason: `its secret was updated at ${when}, not a minute before this run first reached it at 2026-03-04T05:06:07Z`,
    });
  });

  it('proves nothing for a secret not found: a lagging replica may not show a write yet', async () => {
    expect(
      await untouchedSince(
        target(async () => undefined),
        'NEON_API_KEY',
        SERVED,
      ),
    ).toEqual({
      untouched: false,
      reason: 'it answered that it has no secret NEON_API_KEY, which proves nothing',
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
