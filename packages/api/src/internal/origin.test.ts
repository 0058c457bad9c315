import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host.js';
import { apiPath, buildRequestUrl, encodePathSegment, parseBaseUrl, redirectTarget } from './origin.js';

const ctx = 'createClient';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', '127.255.255.255', 'localhost', 'LOCALHOST', '::1', '[::1]'])('%s is loopback', (host) =>
    expect(isLoopbackHost(host)).toBe(true),
  );
  it.each(['128.0.0.1', '10.0.0.1', '127.0.0.1.evil.com', 'localhost.evil.com', '127.0.0.256', '::2', 'example.com', '0.0.0.0'])(
    '%s is not loopback',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});

describe('parseBaseUrl', () => {
  it('accepts https anywhere and strips the trailing slash', () => {
    expect(parseBaseUrl('https://console.neon.tech/api/v2/', ctx)).toEqual({
      origin: 'https://console.neon.tech',
      pathname: '/api/v2',
      href: 'https://console.neon.tech/api/v2',
    });
  });

  it.each(['http://127.0.0.1:4010/api/v2', 'http://localhost:1/api/v2', 'http://[::1]:8080/api/v2', 'http://127.9.9.9/x'])(
    'accepts plain http on loopback: %s',
    (url) => expect(parseBaseUrl(url, ctx).origin.startsWith('http://')).toBe(true),
  );

  it.each([
    ['http://console.neon.tech/api/v2', /https: for console\.neon\.tech.*loopback/],
    ['http://127.0.0.1.nip.io/api/v2', /https: for 127\.0\.0\.1\.nip\.io/],
    ['ftp://127.0.0.1/api/v2', /must use https:/],
    ['https://user:pw@console.neon.tech/api/v2', /must not contain credentials/],
    ['https://console.neon.tech/api/v2?x=1', /query or a fragment/],
    ['console.neon.tech/api/v2', /not a valid absolute URL/],
    ['', /non-empty string/],
  ])('refuses %s', (url, message) => {
    expect(() => parseBaseUrl(url, ctx)).toThrow(message);
  });

  it('never echoes a value that is not a URL (it may be a misplaced key)', () => {
    const key = 'napi_0123456789abcdef';
    expect(() => parseBaseUrl(key, ctx)).toThrow(/not a valid absolute URL/);
    try {
      parseBaseUrl(key, ctx);
    } catch (error) {
      expect(String(error)).not.toContain(key);
    }
  });
});

describe('apiPath and buildRequestUrl', () => {
  const base = parseBaseUrl('https://api.example.com/api/v2', ctx);

  it('encodes each segment, so ids cannot add segments, climb up or change host', () => {
    expect(apiPath`/projects/${'a/b'}/operations/${'a?b#c'}`).toBe('/projects/a%2Fb/operations/a%3Fb%23c');
    expect(apiPath`/api_keys/${12}`).toBe('/api_keys/12');
    for (const bad of ['.', '..', '']) expect(() => encodePathSegment(bad)).toThrow(/must not be empty, "\." or "\.\."/);
    const url = buildRequestUrl(base, apiPath`/projects/${'//evil.com'}/operations`);
    expect(url.origin).toBe('https://api.example.com');
    expect(url.pathname).toBe('/api/v2/projects/%2F%2Fevil.com/operations');
    expect(buildRequestUrl(base, apiPath`/projects/${'%2E%2E'}/x`).pathname).toBe('/api/v2/projects/%252E%252E/x');
  });

  it('adds defined query parameters only', () => {
    const url = buildRequestUrl(base, '/projects/p/operations', { limit: 5, cursor: '2024-01-01T00:00:00.123Z', x: undefined });
    expect(url.search).toBe('?limit=5&cursor=2024-01-01T00%3A00%3A00.123Z');
  });

  it('refuses a path that would leave the origin or the API root', () => {
    expect(() => buildRequestUrl(base, '//evil.com/x')).toThrow(/must be relative/);
    expect(() => buildRequestUrl(base, 'https://evil.com/x')).toThrow(/must be relative/);
    expect(() => buildRequestUrl(base, '/../../x')).toThrow(/outside https:\/\/api\.example\.com\/api\/v2/);
  });
});

describe('redirectTarget', () => {
  const from = new URL('https://api.example.com/api/v2/projects');
  it('names only the host of the Location', () => {
    expect(redirectTarget('https://evil.example.org/steal?token=abc', from)).toBe('evil.example.org');
    expect(redirectTarget('/api/v3/projects', from)).toBe('api.example.com');
    expect(redirectTarget(null, from)).toBe('an unspecified location');
    expect(redirectTarget('http://[bad', from)).toBe('an invalid location');
  });
});
