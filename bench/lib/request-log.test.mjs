import { describe, expect, it } from 'vitest';
import { entriesUnder, pathShape, pollingRounds, requestSpanMs } from './request-log.mjs';

const at = (ms, durationMs = 2, path = '/projects/p-1/operations') => ({
  time: new Date(Date.UTC(2026, 0, 1) + ms).toISOString(),
  durationMs,
  path,
  method: 'GET',
});

describe('pollingRounds', () => {
  it('splits requests where the client slept longer than the gap', () => {
    const entries = [at(0), at(3), at(5), at(260), at(520), at(523)];
    expect(pollingRounds(entries, 200).map((r) => r.length)).toEqual([3, 1, 2]);
  });

  it('measures the gap from the end of the previous request, not its start', () => {
    // A slow request that ends at 300 ms: the next one at 310 ms is the same burst.
    expect(pollingRounds([at(0, 300), at(310)], 200)).toHaveLength(1);
  });

  it('gives no rounds for no requests', () => {
    expect(pollingRounds([], 200)).toEqual([]);
  });
});

describe('requestSpanMs', () => {
  it('runs from the first start to the last end', () => {
    expect(requestSpanMs([at(10, 5), at(40, 20), at(30, 1)])).toBe(50);
    expect(requestSpanMs([])).toBe(0);
  });
});

describe('entriesUnder', () => {
  it('keeps the entries of one path prefix only', () => {
    const log = { entries: () => [at(0, 1, '/projects/p-1/operations'), at(0, 1, '/projects/p-10/operations'), at(0, 1, '/projects/p-1')] };
    expect(entriesUnder(log, '/projects/p-1')).toHaveLength(2);
  });
});

describe('pathShape', () => {
  it.each([
    ['/api_keys', '/api_keys'],
    ['/api_keys/12', '/api_keys/:key_id'],
    ['/projects/p-1/operations/0a1b', '/projects/:project_id/operations/:operation_id'],
    ['/repos/acme/app/actions/secrets/public-key', '/repos/:owner/:repo/actions/secrets/public-key'],
    ['/repos/acme/app/environments/prod/secrets/KEY', '/repos/:owner/:repo/environments/:environment/secrets/:name'],
    ['/orgs/acme/actions/secrets/KEY/repositories', '/orgs/:org/actions/secrets/:name/repositories'],
  ])('%s -> %s', (path, shape) => {
    expect(pathShape(path)).toBe(shape);
  });
});
