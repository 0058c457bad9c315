// The emulator's own rate limit (429 + Retry-After past 40 requests a second per route, here 2),
// on the same fake clock as the client: the client waits what it is told and gets through.
import { beforeEach, expect, it } from 'vitest';
import { type FakeTime, fakeTime, usePlatform } from './fixture.js';

let time: FakeTime;
beforeEach(() => {
  time = fakeTime();
});
const platform = usePlatform(() => ({ rateLimit: { perSecond: 2 }, clock: () => time.now() }));

it('rides out the platform rate limit by honouring Retry-After', async () => {
  const client = platform.client({}, time);
  for (let i = 0; i < 5; i++) await client.apiKeys.list();
  const statuses = platform.requests().map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  expect(time.sleeps.length).toBe(statuses.filter((s) => s === 429).length);
  expect(time.sleeps.every((ms) => ms > 0 && ms <= 1000)).toBe(true);
});
