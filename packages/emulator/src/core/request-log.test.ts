import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_LOG_LIMIT, REDACTED, RequestLog, redactQuery } from './request-log.js';

const entry = (path: string, query = '') => ({ time: '2024-06-01T12:00:00.000Z', method: 'GET', path, query, status: 200, durationMs: 1 });

describe('RequestLog', () => {
  it('keeps the newest `limit` entries, oldest first, with sequence numbers that keep counting', () => {
    const log = new RequestLog(3);
    for (const n of [1, 2, 3, 4, 5]) log.record(entry(`/r${n}`));
    expect(log.entries().map((e) => [e.seq, e.path])).toEqual([
      [3, '/r3'],
      [4, '/r4'],
      [5, '/r5'],
    ]);
    log.record(entry('/r6'));
    expect(log.entries().map((e) => e.path)).toEqual(['/r4', '/r5', '/r6']);
  });

  it('filters by method and by a path with everything below it', () => {
    const log = new RequestLog();
    log.record(entry('/api_keys'));
    log.record(entry('/api_keys/1'));
    log.record(entry('/api_keys_old'));
    log.record({ ...entry('/api_keys'), method: 'POST' });
    expect(log.entries({ path: '/api_keys' }).map((e) => e.path)).toEqual(['/api_keys', '/api_keys/1', '/api_keys']);
    expect(log.entries({ method: 'post' }).map((e) => e.seq)).toEqual([4]);
  });

  it('starts over empty after clear, even once it had wrapped', () => {
    const log = new RequestLog(2);
    for (const n of [1, 2, 3]) log.record(entry(`/r${n}`));
    log.clear();
    expect(log.entries()).toEqual([]);
    log.record(entry('/after'));
    expect(log.entries().map((e) => [e.seq, e.path])).toEqual([[4, '/after']]);
  });

  it('has a default limit and refuses one that is not a positive integer', () => {
    expect(new RequestLog().limit).toBe(DEFAULT_REQUEST_LOG_LIMIT);
    for (const limit of [0, -1, 1.5, Number.NaN]) expect(() => new RequestLog(limit)).toThrow(/limit/);
  });

  it('never stores the value of a credential-like query parameter', () => {
    const log = new RequestLog();
    const logged = log.record(entry('/projects', '?api_key=s3cr3t&limit=5'));
    expect(logged.query).toBe(`?api_key=${REDACTED}&limit=5`);
    expect(JSON.stringify(log.entries())).not.toContain('s3cr3t');
  });
});

describe('redactQuery', () => {
  it.each([
    ['?limit=10&cursor=2024-06-01T12%3A00%3A00.000001Z', '?limit=10&cursor=2024-06-01T12%3A00%3A00.000001Z'],
    [
      '?access_token=a&client_secret=b&Authorization=c&sig=d&X-Amz-Signature=e&key=f',
      `?access_token=${REDACTED}&client_secret=${REDACTED}&Authorization=${REDACTED}&sig=${REDACTED}&X-Amz-Signature=${REDACTED}&key=${REDACTED}`,
    ],
    ['?%6Bey=hidden&%zz=kept', `?%6Bey=${REDACTED}&%zz=kept`],
    ['?token&token=&page=2', '?token&token=&page=2'],
    ['?a=1&&b=2', '?a=1&&b=2'],
    ['?token=a=b', `?token=${REDACTED}`],
    ['', ''],
  ])('%j -> %j', (search, expected) => {
    expect(redactQuery(search)).toBe(expected);
  });
});
