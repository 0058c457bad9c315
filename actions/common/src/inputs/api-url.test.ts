import { createClient } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { parseApiUrl } from './api-url.js';

describe('parseApiUrl', () => {
  it.each([
    ['https://console.neon.tech/api/v2', 'https://console.neon.tech/api/v2'],
    ['https://console.neon.tech/api/v2/', 'https://console.neon.tech/api/v2'],
    ['http://127.0.0.1:4010/api/v2', 'http://127.0.0.1:4010/api/v2'],
    ['http://localhost:4010/api/v2', 'http://localhost:4010/api/v2'],
    ['http://[::1]:4010/api/v2', 'http://[::1]:4010/api/v2'],
    ['https://ghe.example.com', 'https://ghe.example.com'],
  ])('accepts %s', (text, url) => {
    expect(parseApiUrl('api-url', text)).toBe(url);
  });

  it('refuses plain http off loopback', () => {
    expect(() => parseApiUrl('api-url', 'http://console.neon.tech/api/v2')).toThrow(
      "Input 'api-url' uses http on console.neon.tech; use https",
    );
    expect(() => parseApiUrl('api-url', 'http://127.0.0.1.evil.example/api/v2')).toThrow('uses http on');
  });

  it('refuses what is not an https URL', () => {
    expect(() => parseApiUrl('api-url', 'neon.tech/api/v2')).toThrow("Input 'api-url' is 'neon.tech/api/v2', not a URL");
    expect(() => parseApiUrl('api-url', 'console.neon.tech/api/v2')).toThrow("Input 'api-url' is a 24-character value, not a URL");
    expect(() => parseApiUrl('api-url', 'ftp://example.com/')).toThrow("uses the scheme 'ftp'; use an https URL");
    expect(() => parseApiUrl('api-url', 'https://example.com/api/v2?x=1')).toThrow('has a query or a fragment');
  });

  it('never echoes a key pasted as the URL, its scheme or its host', () => {
    const key = 'a3f94c0d5e6b7a8190fedcba98765432';
    expect(() => parseApiUrl('api-url', key)).toThrow("Input 'api-url' is a 32-character value that looks like a key or token, not a URL");
    expect(() => parseApiUrl('api-url', `${key}:x`)).toThrow('uses the scheme a 32-character value that looks like a key or token;');
    expect(() => parseApiUrl('api-url', `http://${key}/api/v2`)).toThrow('uses http on a host that looks like a key or token;');
  });

  it('refuses credentials in the URL without echoing them', () => {
    let message = '';
    try {
      parseApiUrl('api-url', 'https://user:hunter2@example.com/api/v2');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('holds credentials');
    expect(message).not.toContain('hunter2');
  });
});

/** True when `run` returns, false when it throws. */
function accepts(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch {
    return false;
  }
}

describe('parseApiUrl and the client', () => {
  it.each([
    ['http://127.0.0.1:4010/api/v2', true],
    ['http://127.255.255.254/api/v2', true],
    ['http://LOCALHOST:4010/api/v2', true],
    ['http://[::1]:4010/api/v2', true],
    ['https://console.neon.tech/api/v2', true],
    ['http://[::2]:4010/api/v2', false],
    ['http://128.0.0.1/api/v2', false],
    ['http://localhost.evil.example/api/v2', false],
  ])('agree on %s (accepted: %s)', (url, accepted) => {
    expect(accepts(() => parseApiUrl('api-url', url))).toBe(accepted);
    expect(accepts(() => createClient({ apiKey: 'k', baseUrl: url }))).toBe(accepted);
  });
});
