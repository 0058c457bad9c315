import { describe, expect, it } from 'vitest';
import { notifyHook } from './notify-hook.js';

describe('notifyHook', () => {
  it('passes the event to the hook', () => {
    const seen: number[] = [];
    notifyHook((n: number) => seen.push(n), 7);
    expect(seen).toEqual([7]);
  });

  it('ignores a missing hook, a throwing hook and a rejecting one', async () => {
    expect(() => notifyHook(undefined, 1)).not.toThrow();
    expect(() =>
      notifyHook(() => {
        throw new Error('log full');
      }, 1),
    ).not.toThrow();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    notifyHook(() => Promise.reject(new Error('async log full')), 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
