import { describe, expect, it } from 'vitest';
import { WriteSpacing } from './write-spacing.js';

describe('WriteSpacing', () => {
  it('starts jobs in the order they were scheduled, with their arguments, in both call forms', async () => {
    const spacing = new WriteSpacing(1);
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
    const spacing = new WriteSpacing(0);
    const failing = spacing.schedule({}, async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    await expect(spacing.schedule({}, async () => 'next')).resolves.toBe('next');
  });
});
