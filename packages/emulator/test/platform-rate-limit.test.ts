// The optional rate limit: 429 with Retry-After in seconds, per route per second and overall per
// minute, on a clock the test moves by hand.

import { afterEach, describe, expect, it } from 'vitest';
import { expectPlatformError, manualClock, startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;
afterEach(() => platform.emulator.close());

describe('rate limit', () => {
  it('is off by default', async () => {
    platform = await startTestPlatform();
    for (let i = 0; i < 50; i++) expect((await platform.api('GET', '/projects')).status).toBe(200);
  });

  it('limits each route per second and answers 429 with Retry-After', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now, rateLimit: { perSecond: 2 } });
    expect((await platform.api('GET', '/projects')).status).toBe(200);
    expect((await platform.api('GET', '/projects')).status).toBe(200);
    const limited = await platform.api('GET', '/projects');
    expectPlatformError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await platform.api('GET', '/api_keys')).status).toBe(200);
    clock.advance(1000);
    expect((await platform.api('GET', '/projects')).status).toBe(200);
  });

  it('limits all routes together per minute; a refused request takes no effect', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now, rateLimit: { perMinute: 3 } });
    expect((await platform.api('GET', '/projects')).status).toBe(200);
    clock.advance(15_000);
    expect((await platform.api('GET', '/api_keys')).status).toBe(200);
    expect((await platform.api('POST', '/api_keys', { body: { key_name: 'within' } })).status).toBe(200);
    const limited = await platform.api('POST', '/api_keys', { body: { key_name: 'refused' } });
    expectPlatformError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(platform.emulator.listKeys().map((k) => k.name)).toEqual(['first-key', 'within']);
    clock.advance(45_000);
    expect((await platform.api('POST', '/api_keys', { body: { key_name: 'later' } })).status).toBe(200);
  });

  it('checks the key first: a 401 is not counted', async () => {
    const clock = manualClock();
    platform = await startTestPlatform({ clock: clock.now, rateLimit: { perSecond: 1 } });
    expect((await platform.api('GET', '/projects', { key: 'wrong' })).status).toBe(401);
    expect((await platform.api('GET', '/projects')).status).toBe(200);
  });
});
