import { describe, expect, it } from 'vitest';
import { abortableSleep, abortAfter, SleepAborted } from './runtime.js';

describe('abortAfter', () => {
  it('is aborted from the start when no time is left', () => {
    expect(abortAfter(0).signal.aborted).toBe(true);
    expect(abortAfter(-5).signal.aborted).toBe(true);
  });

  it('aborts its signal once the time has passed', async () => {
    const timer = abortAfter(5);
    expect(timer.signal.aborted).toBe(false);
    await new Promise((resolve) => timer.signal.addEventListener('abort', resolve, { once: true }));
    expect(timer.signal.aborted).toBe(true);
  });

  it('never fires once disposed', async () => {
    const timer = abortAfter(5);
    timer.dispose();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(timer.signal.aborted).toBe(false);
  });
});

describe('abortableSleep', () => {
  it('sleeps again for the rest when its timer fires before the clock has moved by the whole time', async () => {
    // a scripted clock: the sleep starts at 0; the timer's first wake reads 7 (early), the second 10
    const readings = [0, 7, 10];
    const seen: number[] = [];
    const clock = () => {
      const value = readings.shift() ?? 10;
      seen.push(value);
      return value;
    };
    await abortableSleep(10, undefined, clock);
    expect(seen).toEqual([0, 7, 10]);
  });

  it('rejects with SleepAborted when its signal aborts, before or during the sleep', async () => {
    await expect(abortableSleep(10, AbortSignal.abort())).rejects.toBeInstanceOf(SleepAborted);
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).rejects.toBeInstanceOf(SleepAborted);
  });
});
