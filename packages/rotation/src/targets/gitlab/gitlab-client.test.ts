// Which apiUrl and token the GitLab client takes (how long GitLab asks to wait: @keyturn/api's rate-limit-rules.test.ts).
import { OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { checkGitLabAccess } from './gitlab-client.js';

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
    expect(problem({ token: 'glpat-abc', apiUrl: 'http://gitlab.example.com/api/v4' })).toMatch(
      /^gitlab\.apiUrl: .*must use https: for gitlab\.example\.com/,
    );
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
