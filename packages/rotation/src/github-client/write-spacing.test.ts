import { describe, expect, it } from 'vitest';
import { systemRuntime } from '@keyturn/api/toolkit';
import { WriteSpacing } from './write-spacing.js';

describe('WriteSpacing', () => {
  it('gives turns in the order they were asked for', async () => {
    const spacing = new WriteSpacing(1, systemRuntime);
    const started: string[] = [];
    await Promise.all(['a', 'b', 'c'].map((name) => spacing.turn().then(() => started.push(name))));
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it("waits for a write's turn on the runtime's clock, and stops waiting when the signal aborts, the next turn still given", async () => {
    let now = 0;
    const sleeps: number[] = [];
    const controller = new AbortController();
    const runtime = {
      now: () => now,
      sleep: async (ms: number, signal?: AbortSignal) => {
        sleeps.push(ms);
        if (signal?.aborted) throw new Error('aborted');
        now += ms;
      },
    };
    const spacing = new WriteSpacing(1000, runtime, controller.signal);
    await spacing.turn();
    now += 250;
    await spacing.turn();
    expect(sleeps).toEqual([750]);
    controller.abort();
    await expect(spacing.turn()).rejects.toThrow('aborted');
    now += 1000;
    await expect(spacing.turn()).resolves.toBeUndefined();
  });
});
