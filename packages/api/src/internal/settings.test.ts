import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { OptionError } from '../errors.js';
import { DEFAULT_TIMEOUT_MS } from '../options.js';
import { systemRuntime } from '../toolkit/runtime.js';
import { VERSION } from '../version.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import { resolveClientOptions } from './settings.js';

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
      runtime: systemRuntime,
    });
    expect(settings.fetch).toBe(globalThis.fetch);
  });

  it.each([
    [undefined, 'options', /options are required, with at least apiKey/],
    [{}, 'apiKey', /apiKey is required: pass the platform API key/],
    [{ apiKey: '' }, 'apiKey', /apiKey is required/],
    [{ apiKey: 42 }, 'apiKey', /apiKey must be a string/],
    [{ apiKey: 'k\n' }, 'apiKey', /printable ASCII without spaces or line breaks; check the stored secret for a trailing newline/],
    [{ apiKey: `ghp_${'a1'.repeat(18)}` }, 'apiKey', /apiKey is shaped like a GitHub token, not a platform API key/],
    [{ apiKey: 'k', baseUrl: 'http://console.neon.tech/api/v2' }, 'baseUrl', /must use https: for console\.neon\.tech/],
    [{ apiKey: 'k', baseUrl: 'not a url' }, 'baseUrl', /baseUrl is not a valid absolute URL/],
    [{ apiKey: 'k', baseURL: 'https://x.example' }, 'baseURL', /unknown option "baseURL" \(allowed: apiKey, baseUrl,/],
    [{ apiKey: 'k', timeoutMs: -1 }, 'timeoutMs', /timeoutMs must be a number of milliseconds > 0/],
    [{ apiKey: 'k', timeoutMs: 0 }, 'timeoutMs', /timeoutMs must be a number of milliseconds > 0/],
    [{ apiKey: 'k', timeoutMs: 3e9 }, 'timeoutMs', /timeoutMs .* <= 2147483647 \(got 3000000000\)/],
    [{ apiKey: 'k', timeoutMs: '30s' }, 'timeoutMs', /timeoutMs .* \(got string\)/],
    [{ apiKey: 'k', retries: -1 }, 'retries', /retries must be an integer >= 0/],
    [{ apiKey: 'k', retries: 'x' }, 'retries', /retries must be a number or an object of RetryOptions/],
    [{ apiKey: 'k', retries: { baseDelayMs: -5 } }, 'retries.baseDelayMs', /retries.baseDelayMs must be a number of milliseconds >= 0/],
    [{ apiKey: 'k', retries: { maxRetry: 2 } }, 'retries.maxRetry', /retries: unknown option "maxRetry"/],
    [{ apiKey: 'k', userAgent: 'a\nb' }, 'userAgent', /userAgent must be a non-empty single line/],
    [{ apiKey: 'k', signal: {} }, 'signal', /signal must be an AbortSignal/],
    [{ apiKey: 'k', onRequest: 'log' }, 'onRequest', /onRequest must be a function/],
    [{ apiKey: 'k', fetch: 'fetch' }, 'fetch', /fetch must be a function/],
    [{ apiKey: 'k', runtime: { now: Date.now } }, 'runtime', /runtime must be an object with now, random, sleep, abortAfter/],
    ['k', 'options', /options must be an object/],
  ])('refuses %j as an OptionError naming %s', (options, option, message) => {
    const error = (() => {
      try {
        resolveClientOptions(options);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toMatchObject({ option });
    expect(() => resolveClientOptions(options)).toThrow(message);
    expect(() => resolveClientOptions(options)).toThrow(/^createClient: /);
  });

  it('accepts plain http on loopback only', () => {
    expect(resolveClientOptions({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010/api/v2/' }).base.href).toBe('http://127.0.0.1:4010/api/v2');
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

  it('withOptions derives a client with the given options over the first ones, checked again', () => {
    const client = createClient({ apiKey: 'k', baseUrl: 'http://localhost:9/api/v2' });
    expect(client.withOptions({ signal: AbortSignal.abort() }).baseUrl).toBe('http://localhost:9/api/v2');
    expect(client.withOptions({ baseUrl: 'http://127.0.0.1:8/api/v2' }).baseUrl).toBe('http://127.0.0.1:8/api/v2');
    expect(() => client.withOptions({ timeoutMs: 0 })).toThrow(/^withOptions: timeoutMs must be/);
    expect(() => client.withOptions({ runtime: {} as never })).toThrow(OptionError);
  });
});
