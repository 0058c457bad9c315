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
    expect(() => parseApiUrl('api-url', 'console.neon.tech/api/v2')).toThrow("Input 'api-url' is 'console.neon.tech/api/v2', not a URL");
    expect(() => parseApiUrl('api-url', 'ftp://example.com/')).toThrow('uses ftp:; use an https URL');
    expect(() => parseApiUrl('api-url', 'https://example.com/api/v2?x=1')).toThrow('has a query or a fragment');
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
