import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDuration, formatRequestEvent, logGitHubRequest, StepGroups } from './log.js';

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850.4, '850 ms'],
    [4200, '4.2 s'],
    [59_940, '59.9 s'],
    [60_000, '1 min'],
    [185_000, '3 min 5 s'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
  ])('formats %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('StepGroups', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a group per step and closes it when the step changes or the run ends', () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk).trim());
      return true;
    });
    const groups = new StepGroups({ one: 'Step one', two: 'Step two' });
    groups.enter('one');
    groups.enter('one');
    groups.enter('two');
    groups.close();
    groups.close();
    expect(lines).toEqual(['::group::Step one', '::endgroup::', '::group::Step two', '::endgroup::']);
  });
});

describe('formatRequestEvent', () => {
  it('writes a success as method, path, status and duration', () => {
    expect(formatRequestEvent({ method: 'GET', path: '/api_keys', status: 200, attempt: 1, durationMs: 35, outcome: 'ok' })).toBe(
      'GET /api_keys -> 200 in 35 ms',
    );
  });

  it('writes a retry with the attempt and the wait', () => {
    expect(
      formatRequestEvent({ method: 'POST', path: '/api_keys', status: 503, attempt: 1, durationMs: 12, outcome: 'retry', retryInMs: 500 }),
    ).toBe('POST /api_keys -> 503 in 12 ms (attempt 1), retrying in 500 ms');
  });

  it('writes a failure without a status as its error', () => {
    expect(
      formatRequestEvent({
        method: 'GET',
        path: '/projects/p/operations',
        attempt: 3,
        durationMs: 30_000,
        outcome: 'error',
        error: 'timed out',
      }),
    ).toBe('GET /projects/p/operations -> timed out in 30.0 s (attempt 3)');
  });

  it('writes a failed answer as its status alone', () => {
    expect(
      formatRequestEvent({
        method: 'DELETE',
        path: '/api_keys/12',
        status: 404,
        attempt: 1,
        durationMs: 5,
        outcome: 'error',
        error: 'DELETE /api_keys/12 failed with HTTP 404',
      }),
    ).toBe('DELETE /api_keys/12 -> 404 in 5 ms');
  });

  it('writes a GitHub exchange with its prefix, and a lost one by its error', () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      logGitHubRequest({
        method: 'PUT',
        path: '/repos/o/r/actions/secrets/NEON_API_KEY',
        status: 201,
        attempt: 1,
        durationMs: 40,
        outcome: 'ok',
      });
      logGitHubRequest({
        method: 'GET',
        path: '/repos/o/r/actions/secrets/public-key',
        attempt: 1,
        durationMs: 7,
        outcome: 'error',
        error: 'ECONNRESET',
      });
    } finally {
      write.mockRestore();
    }
    expect(lines.join('')).toBe(
      'GitHub PUT /repos/o/r/actions/secrets/NEON_API_KEY -> 201 in 40 ms\nGitHub GET /repos/o/r/actions/secrets/public-key -> ECONNRESET in 7 ms\n',
    );
  });
});
