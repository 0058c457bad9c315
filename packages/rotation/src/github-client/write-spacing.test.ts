import { describe, expect, it } from 'vitest';
import { systemRuntime } from '@keyturn/api/toolkit';
import { WriteSpacing } from './write-spacing.js';

describe('WriteSpacing', () => {
  it('starts jobs in the order they were scheduled, with their arguments, in both call forms', async () => {
    const spacing = new WriteSpacing(1, systemRuntime);
    const started: string[] = [];
    const job = async (name: string) => {
      started.push(name);
      return name.toUpperCase();
    };
    const results = await Promise.all([
      spacing.key().schedule({ priority: 0 }, job, 'a'),
      spacing.key().schedule(job, 'b'),
      spacing.key().schedule({}, job, 'c'),
    ]);
    expect(started).toEqual(['a', 'b', 'c']);
    expect(results).toEqual(['A', 'B', 'C']);
  });

  it('keeps going after a job fails', async () => {
    const spacing = new WriteSpacing(0, systemRuntime);
    const failing = spacing.schedule({}, async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    await expect(spacing.schedule({}, async () => 'next')).resolves.toBe('next');
  });

  it('waits for a write\'s turn on the runtime\'s clock, and stops waiting when the signal aborts', async () => {
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
    await spacing.schedule(async () => 'first');
    now += 250;
    await spacing.schedule(async () => 'second');
    expect(sleeps).toEqual([750]);
    controller.abort();
    await expect(spacing.schedule(async () => 'third')).rejects.toThrow('aborted');
  });
});
