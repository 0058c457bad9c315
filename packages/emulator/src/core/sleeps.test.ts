import { describe, expect, it } from 'vitest';
import { systemTime } from './emulator-time.js';
import { Sleeps } from './sleeps.js';

describe('Sleeps', () => {
  it('resolves true once the time has passed, and forgets the timer', async () => {
    const sleeps = new Sleeps(systemTime);
    const slept = sleeps.sleep(1);
    expect(sleeps.size).toBe(1);
    expect(await slept).toBe(true);
    expect(sleeps.size).toBe(0);
  });

  it('resolves every pending sleep false at once on cancelAll, leaving no timer behind', async () => {
    const sleeps = new Sleeps(systemTime);
    const pending = [sleeps.sleep(600_000), sleeps.sleep(600_000)];
    sleeps.cancelAll();
    expect(await Promise.all(pending)).toEqual([false, false]);
    expect(sleeps.size).toBe(0);
  });
});
