import { describe, expect, it } from 'vitest';
import { type GitHubTargetSpec, kindOf } from '../targets/kinds/registry.js';
import { toTargetError as toTargetErrorWith } from './errors.js';

const repo = { kind: 'repo', owner: 'acme', repo: 'web' } as const;
/** The error for a target of `spec`, with its kind's words. */
const toTargetError = (error: unknown, spec: GitHubTargetSpec, target: string, what: string, secrets?: string[]) =>
  toTargetErrorWith(error, kindOf(spec).permissions, target, what, secrets);
const answered = (status: number, data: unknown, headers: Record<string, string> = {}) => ({
  status,
  message: 'ignored',
  response: { status, data, headers },
});

describe('toTargetError', () => {
  it('names the permissions a 403 on a secret write needs', () => {
    const error = toTargetError(
      answered(403, { message: 'Resource not accessible by integration' }),
      repo,
      'repo:acme/web',
      'writing the secret X',
    );
    expect(error.message).toBe(
      'writing the secret X for repo:acme/web failed: GitHub answered 403 (Resource not accessible by integration)',
    );
    expect(error.advice).toMatch(/Secrets: write/);
    expect(error.advice).toMatch(/GitHub App with `secrets` write/);
    expect(error.advice).toMatch(/classic token with the `repo` scope/);
    expect(error.advice).toMatch(/GITHUB_TOKEN cannot write secrets/);
    expect(error.mayHaveTakenEffect).toBe(false);
  });

  it('asks for organization and Dependabot permissions where they apply', () => {
    expect(toTargetError(answered(403, {}), { kind: 'org', org: 'acme' }, 'org:acme', 'x').advice).toMatch(/admin:org/);
    expect(toTargetError(answered(403, {}), { kind: 'dependabot', owner: 'a', repo: 'b' }, 'dependabot:a/b', 'x').advice).toMatch(
      /Dependabot secrets: write/,
    );
  });

  it('asks for Environments for an environment secret, and quotes the permission GitHub says it needs', () => {
    const env = { kind: 'env', owner: 'a', repo: 'b', environment: 'production' } as const;
    const refused = answered(403, {}, { 'x-accepted-github-permissions': 'environments=write' });
    const advice = toTargetError(refused, env, 'env:a/b:production', 'x').advice;
    expect(advice).toMatch(/Environments: write/);
    expect(advice).toMatch(/GitHub says this request needs: environments=write\.$/);
    // A header that is not a permission list is not quoted.
    const odd = answered(403, {}, { 'x-accepted-github-permissions': 'ghp_0123456789abcdef0123456789abcdef0123' });
    expect(toTargetError(odd, repo, 'repo:acme/web', 'x').advice).not.toMatch(/GitHub says/);
  });

  it('tells a rate limit from a permission problem', () => {
    const secondary = answered(403, { message: 'You have exceeded a secondary rate limit' });
    expect(toTargetError(secondary, repo, 'repo:acme/web', 'x').advice).toMatch(/rate-limited/);
    const primary = answered(403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0' });
    expect(toTargetError(primary, repo, 'repo:acme/web', 'x').advice).toMatch(/rate-limited/);
  });

  it('says when no answer came, and that the request may have taken effect', () => {
    const error = toTargetError(
      Object.assign(new Error('fetch failed'), { status: 500, cause: new Error('other side closed') }),
      repo,
      'repo:acme/web',
      'writing the secret X',
    );
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/no answer from GitHub \(fetch failed: other side closed\)/);
    expect(error.mayHaveTakenEffect).toBe(true);
    expect(toTargetError(answered(502, 'Bad gateway'), repo, 'r', 'x').mayHaveTakenEffect).toBe(true);
  });

  it.each([
    [401, /credential is invalid or expired/],
    [404, /repo:acme\/web was not found, or the token cannot see it/],
    [422, /check the secret name/],
    [409, /refused the request with 409/],
  ])('advises on %i', (status, advice) => {
    expect(toTargetError(answered(status, {}), repo, 'repo:acme/web', 'x').advice).toMatch(advice);
  });

  it('scrubs the token, and Authorization-shaped values, from what GitHub or a proxy said', () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    // The token straddles the 200-character cut: no piece of it may stay.
    const said = `${'x'.repeat(185)} ${token} and Bearer other-credential`;
    const answeredError = toTargetError(answered(502, said), repo, 'repo:acme/web', 'x', [token]);
    expect(answeredError.message).toBe(`x for repo:acme/web failed: GitHub answered 502 (${'x'.repeat(185)} [redacted] and)`);
    const unanswered = toTargetError(
      Object.assign(new Error('fetch failed'), { cause: new Error(`proxy said: token ${token}`) }),
      repo,
      'repo:acme/web',
      'x',
      [token],
    );
    expect(unanswered.message).toBe('x for repo:acme/web failed: no answer from GitHub (fetch failed: proxy said: token [redacted])');
  });
});
