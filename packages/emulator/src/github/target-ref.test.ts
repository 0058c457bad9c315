import { describe, expect, it } from 'vitest';
import { formatTargetRef, parseTargetRef, splitFullName } from './target-ref.js';

describe('parseTargetRef / formatTargetRef', () => {
  it.each([
    ['repo:acme/app', { kind: 'repo', owner: 'acme', repo: 'app' }],
    ['env:acme/app:production', { kind: 'env', owner: 'acme', repo: 'app', environment: 'production' }],
    ['env:acme/app:needs:colon', { kind: 'env', owner: 'acme', repo: 'app', environment: 'needs:colon' }],
    ['org:acme', { kind: 'org', org: 'acme' }],
    ['dependabot:acme/my.repo', { kind: 'dependabot', owner: 'acme', repo: 'my.repo' }],
  ])('round-trips %s', (text, ref) => {
    expect(parseTargetRef(text)).toEqual(ref);
    expect(formatTargetRef(parseTargetRef(text))).toBe(text);
  });

  it.each(['acme/app', 'repo:acme', 'env:acme/app', 'env:acme/app:', 'org:', 'org:a/b', 'pages:acme/app', ':x'])('refuses %j', (text) =>
    expect(() => parseTargetRef(text)).toThrow(TypeError),
  );
});

describe('splitFullName', () => {
  it('splits owner/name and refuses anything else', () => {
    expect(splitFullName('octo-org/hello.world')).toEqual({ owner: 'octo-org', repo: 'hello.world' });
    expect(() => splitFullName('no-slash')).toThrow(TypeError);
    expect(() => splitFullName('a/b/c')).toThrow(TypeError);
  });
});
