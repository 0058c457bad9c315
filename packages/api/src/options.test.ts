import { describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { DEFAULT_RETRY_POLICY } from './internal/retry.js';
import { DEFAULT_TIMEOUT_MS, resolveClientOptions } from './options.js';
import { VERSION } from './version.js';

describe('resolveClientOptions', () => {
  it('fills in the defaults', () => {
    const settings = resolveClientOptions({ apiKey: 'k' });
    expect(settings).toMatchObject({
      apiKey: 'k',
      base: { href: 'https://console.neon.tech/api/v2' },
      timeoutMs: DEFAULT_TIMEOUT_MS,
      retry: DEFAULT_RETRY_POLICY,
      userAgent: `keyturn/${VERSION}`,
      signal: undefined,
      onRequest: undefined,
    });
    expect(settings.fetch).toBe(globalThis.fetch);
  });

  it.each([
    [undefined, /options are required, with at least apiKey/],
    [{}, /apiKey is required: pass the platform API key/],
    [{ apiKey: '' }, /apiKey is required/],
    [{ apiKey: 42 }, /apiKey must be a string/],
    [{ apiKey: 'k\n' }, /printable ASCII without spaces or line breaks; check the stored secret for a trailing newline/],
    [{ apiKey: 'k', baseUrl: 'http://console.neon.tech/api/v2' }, /must use https: for console\.neon\.tech/],
    [{ apiKey: 'k', baseUrl: 'not a url' }, /baseUrl is not a valid absolute URL/],
    [{ apiKey: 'k', baseURL: 'https://x.example' }, /unknown option "baseURL" \(allowed: apiKey, baseUrl,/],
    [{ apiKey: 'k', timeoutMs: -1 }, /timeoutMs must be a number of milliseconds > 0/],
    [{ apiKey: 'k', timeoutMs: 0 }, /timeoutMs must be a number of milliseconds > 0/],
    [{ apiKey: 'k', timeoutMs: 3e9 }, /timeoutMs .* <= 2147483647 \(got 3000000000\)/],
    [{ apiKey: 'k', timeoutMs: '30s' }, /timeoutMs .* \(got string\)/],
    [{ apiKey: 'k', retries: -1 }, /retries must be an integer >= 0/],
    [{ apiKey: 'k', retries: { baseDelayMs: -5 } }, /retries.baseDelayMs must be a number of milliseconds >= 0/],
    [{ apiKey: 'k', userAgent: 'a\nb' }, /userAgent must be a non-empty single line/],
    [{ apiKey: 'k', signal: {} }, /signal must be an AbortSignal/],
    [{ apiKey: 'k', onRequest: 'log' }, /onRequest must be a function/],
    [{ apiKey: 'k', fetch: 'fetch' }, /fetch must be a function/],
    ['k', /options must be an object/],
  ])('refuses %j', (options, message) => {
    expect(() => resolveClientOptions(options)).toThrow(message);
    expect(() => resolveClientOptions(options)).toThrow(/^createClient: /);
  });

  it('accepts plain http on loopback only', () => {
    expect(resolveClientOptions({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010/api/v2/' }).base.href).toBe(
      'http://127.0.0.1:4010/api/v2',
    );
    expect(() => resolveClientOptions({ apiKey: 'k', baseUrl: 'http://10.0.0.5/api/v2' })).toThrow(/loopback hosts/);
  });
});

describe('createClient', () => {
  it('exposes the base URL, and withApiKey keeps it while checking the new key', () => {
    const client = createClient({ apiKey: 'k', baseUrl: 'http://localhost:9/api/v2' });
    expect(client.baseUrl).toBe('http://localhost:9/api/v2');
    expect(client.withApiKey('other').baseUrl).toBe('http://localhost:9/api/v2');
    expect(() => client.withApiKey('')).toThrow(/^withApiKey: apiKey is required/);
    expect(() => client.withApiKey('a b')).toThrow(/^withApiKey: apiKey must be printable ASCII/);
  });
});
