import { describe, expect, it } from 'vitest';
import { abortAfter } from './runtime.js';

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
