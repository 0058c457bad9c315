// How long GitLab asks a rate-limited client to wait, and which apiUrl and token the client takes.
import { OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { checkGitLabAccess, rateLimitWaitSeconds } from './gitlab-client.js';

const NOW = Date.parse('Tue, 01 Jul 2025 12:00:00 GMT');

describe('rateLimitWaitSeconds', () => {
  it('reads Retry-After in seconds or as a date, else RateLimit-Reset against GitLab\'s own Date, else a minute', () => {
    expect(rateLimitWaitSeconds(new Headers({ 'retry-after': '7' }), NOW)).toBe(7);
    expect(rateLimitWaitSeconds(new Headers({ 'retry-after': 'Tue, 01 Jul 2025 12:00:30 GMT', date: 'Tue, 01 Jul 2025 12:00:00 GMT' }), 0)).toBe(30);
    // The reset by GitLab's clock: a runner clock a day off changes nothing.
    const reset = String(NOW / 1000 + 42);
    expect(rateLimitWaitSeconds(new Headers({ 'ratelimit-reset': reset, date: new Date(NOW).toUTCString() }), NOW + 86_400_000)).toBe(42);
    expect(rateLimitWaitSeconds(new Headers(), NOW)).toBe(60);
  });
});

describe('checkGitLabAccess', () => {
  const problem = (access: Parameters<typeof checkGitLabAccess>[0]) => {
    try {
      checkGitLabAccess(access);
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(OptionError);
      return `${(error as OptionError).option}: ${(error as Error).message}`;
    }
  };

  it('takes GitLab.com by default, a self-managed https root, and plain http on loopback only', () => {
    expect(problem({ token: 'glpat-abc' })).toBeUndefined();
    expect(problem({ token: 'glpat-abc', apiUrl: 'https://gitlab.example.com/api/v4' })).toBeUndefined();
    expect(problem({ token: 'glpat-abc', apiUrl: 'http://127.0.0.1:8080/api/v4' })).toBeUndefined();
    expect(problem({ token: 'glpat-abc', apiUrl: 'http://gitlab.example.com/api/v4' })).toMatch(/^gitlab\.apiUrl: .*must use https: for gitlab\.example\.com/);
    expect(problem({ token: 'glpat-abc', apiUrl: 'gitlab.example.com' })).toMatch(/^gitlab\.apiUrl: /);
  });

  it('refuses a missing token, one with spaces, and a platform key pasted in its place, without quoting it', () => {
    expect(problem({ token: '' })).toMatch(/^gitlab\.token: .*`api` scope/);
    expect(problem({ token: 'glpat abc' })).toMatch(/^gitlab\.token: .*spaces/);
    const key = 'a'.repeat(64);
    const said = problem({ token: key });
    expect(said).toMatch(/^gitlab\.token: .*shaped like a platform API key/);
    expect(said).not.toContain(key);
  });
});
