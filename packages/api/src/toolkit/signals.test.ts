import { describe, expect, it } from 'vitest';
import { abortableSleep, SleepAborted } from './runtime.js';
import { DeadlinePassed, linkSignals } from './signals.js';

describe('linkSignals', () => {
  it('aborts when any caller signal aborts, and says it was the caller', () => {
    const a = new AbortController();
    const b = new AbortController();
    const link = linkSignals([a.signal, undefined, b.signal], 60_000);
    expect(link.signal.aborted).toBe(false);
    b.abort();
    expect(link.signal.aborted).toBe(true);
    expect(link.callerAborted()).toBe(true);
    expect(link.timedOut()).toBe(false);
    link.dispose();
  });

  it('carries the reason of the signal that aborted, e.g. a deadline', () => {
    const deadline = new AbortController();
    const link = linkSignals([undefined, deadline.signal]);
    const reason = new DeadlinePassed('the timeout ran out.');
    deadline.abort(reason);
    expect(link.signal.reason).toBe(reason);
    expect(linkSignals([AbortSignal.abort(reason)]).signal.reason).toBe(reason);
  });

  it('starts aborted when a caller signal already is', () => {
    const link = linkSignals([AbortSignal.abort()]);
    expect(link.signal.aborted).toBe(true);
    expect(link.callerAborted()).toBe(true);
  });

  it('reports a timeout as a timeout, not an abort', async () => {
    const a = new AbortController();
    const link = linkSignals([a.signal], 1);
    await new Promise((resolve) => link.signal.addEventListener('abort', resolve));
    a.abort();
    expect(link.timedOut()).toBe(true);
    expect(link.callerAborted()).toBe(false);
  });

  it('stops listening once disposed', () => {
    const a = new AbortController();
    const link = linkSignals([a.signal], 60_000);
    link.dispose();
    a.abort();
    expect(link.signal.aborted).toBe(false);
  });
});

describe('abortableSleep', () => {
  it('rejects at once when the signal aborts', async () => {
    const a = new AbortController();
    const sleeping = abortableSleep(60_000, a.signal);
    a.abort();
    await expect(sleeping).rejects.toBeInstanceOf(SleepAborted);
  });

  it('rejects when the signal is already aborted', async () => {
    await expect(abortableSleep(0, AbortSignal.abort())).rejects.toBeInstanceOf(SleepAborted);
  });

  it('resolves after the delay otherwise', async () => {
    await expect(abortableSleep(1, new AbortController().signal)).resolves.toBeUndefined();
  });
});
