// The onRequest hook: one event per attempt outcome, and a hook that throws never changes what a
// request returns or throws (a created key must not look failed because a logger broke).
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../src/errors.js';
import type { RequestEvent } from '../src/toolkit/request-event.js';
import { fakeTime, recordEvents, usePlatform } from './fixture.js';

const platform = usePlatform();
const faults = () => platform.emulator.faults;

describe('onRequest', () => {
  it('reports one event per attempt: retries with their delay, then the outcome', async () => {
    faults().add({ method: 'GET', path: '/api_keys', kind: 'status', status: 503, times: 2 });
    const { events, onRequest } = recordEvents();
    await platform.client({ onRequest }, fakeTime({ random: 0.5 })).apiKeys.list();
    expect(events).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api_keys', status: 503, attempt: 1, outcome: 'retry', retryInMs: 250 }),
      expect.objectContaining({ status: 503, attempt: 2, outcome: 'retry', retryInMs: 500 }),
      expect.objectContaining({ status: 200, attempt: 3, outcome: 'ok' }),
    ]);
    expect(events[0]!.error).toMatch(/^GET \/api_keys failed with HTTP 503 service_unavailable/);
    expect(events.every((e) => typeof e.durationMs === 'number')).toBe(true);
  });

  it('reports a final failure as an error event', async () => {
    const { events, onRequest } = recordEvents();
    await platform
      .client({ onRequest })
      .operations.get(platform.projectId, 'missing')
      .catch(() => undefined);
    expect(events).toEqual([expect.objectContaining({ status: 404, attempt: 1, outcome: 'error' })]);
  });
});

describe('a throwing onRequest hook', () => {
  /** Records each event, then throws, as a broken logger would. */
  const throwingHook = () => {
    const seen: RequestEvent['outcome'][] = [];
    const onRequest = (event: RequestEvent) => {
      seen.push(event.outcome);
      throw new Error(`logger broke on ${event.outcome}`);
    };
    return { seen, onRequest };
  };

  it('does not turn a created key into a failure', async () => {
    const hook = throwingHook();
    const created = await platform.client({ onRequest: hook.onRequest }).apiKeys.create({ key_name: 'logged' });
    expect(created.name).toBe('logged');
    expect(platform.emulator.isKeyValid(created.key)).toBe(true);
    expect(hook.seen).toEqual(['ok']);
    expect(platform.requests({ method: 'POST' })).toHaveLength(1);
  });

  it('does not stop the retries', async () => {
    faults().add({ method: 'GET', path: '/api_keys', kind: 'status', status: 503, times: 2 });
    const hook = throwingHook();
    const keys = await platform.client({ onRequest: hook.onRequest }, fakeTime()).apiKeys.list().toArray();
    expect(keys).toHaveLength(1);
    expect(hook.seen).toEqual(['retry', 'retry', 'ok']);
  });

  it('does not replace the API error of a failed request', async () => {
    const hook = throwingHook();
    const error = await platform
      .client({ onRequest: hook.onRequest })
      .operations.get(platform.projectId, 'missing')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(hook.seen).toEqual(['error']);
  });
});
