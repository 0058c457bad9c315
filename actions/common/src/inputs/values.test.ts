import { createClient } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { parseProjectId } from './ids.js';
import { parseApiUrl, parseBoolean, parseCredential, parseDuration, parseInteger } from './values.js';

describe('parseBoolean', () => {
  it.each(['true', 'TRUE', 'True', 'yes', 'Yes', '1', 'on'])('reads %s as true', (text) => {
    expect(parseBoolean('dry-run', text)).toBe(true);
  });

  it.each(['false', 'FALSE', 'no', 'NO', '0', 'off'])('reads %s as false', (text) => {
    expect(parseBoolean('dry-run', text)).toBe(false);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseBoolean('dry-run', 'true, but only on mondays')).toThrow("Input 'dry-run' is a 25-character value, not a boolean");
  });

  it.each(['', 'y', 'truthy', '2', 'enabled'])('refuses %j, naming the input', (text) => {
    expect(() => parseBoolean('dry-run', text)).toThrow(`Input 'dry-run' is '${text}', not a boolean`);
  });
});

describe('parseInteger', () => {
  it('reads decimal digits', () => {
    expect(parseInteger('keep', '1', { min: 1 })).toBe(1);
    expect(parseInteger('keep', '007', { min: 1 })).toBe(7);
  });

  it.each(['', '-1', '+1', '1.5', '1e2', '0x10', 'two', '99999999999999999'])('refuses %j', (text) => {
    expect(() => parseInteger('keep', text)).toThrow(`Input 'keep' is '${text}', not a whole number`);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseInteger('keep', 'one-two-three-four-five')).toThrow("Input 'keep' is a 23-character value, not a whole number");
  });

  it('enforces the bounds', () => {
    expect(() => parseInteger('keep', '0', { min: 1, max: 100 })).toThrow("Input 'keep' is 0; it must be between 1 and 100");
    expect(() => parseInteger('keep', '101', { min: 1, max: 100 })).toThrow('between 1 and 100');
  });
});

describe('parseDuration', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['90S', 90_000],
    ['10m', 600_000],
    ['500ms', 500],
    ['1h', 3_600_000],
    ['1.5m', 90_000],
    ['0.25', 250],
    ['2 s', 2000],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseDuration('timeout', text)).toBe(ms);
  });

  it.each(['', 'abc', '-5', '5d', '1e3', '1m30s', 's', '.5', '5.'])('refuses %j, naming the input', (text) => {
    expect(() => parseDuration('interval', text)).toThrow(/^Input 'interval' is '.*', not a duration: write seconds/);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseDuration('timeout', '1'.repeat(30))).toThrow("Input 'timeout' is a 30-character value; it must be between");
    expect(() => parseDuration('timeout', 'a3f94c0d5e6b7a8190fedcba98765432')).toThrow(
      "Input 'timeout' is a 32-character value that looks like a key or token, not a duration",
    );
  });

  it('enforces the bounds, saying them', () => {
    expect(() => parseDuration('timeout', '0')).toThrow("Input 'timeout' is '0'; it must be between 1ms and 24h");
    expect(() => parseDuration('timeout', '25h')).toThrow('between 1ms and 24h');
    expect(() => parseDuration('interval', '50ms', { minMs: 100, maxMs: 600_000 })).toThrow('between 100ms and 10m');
    expect(parseDuration('interval', '100ms', { minMs: 100 })).toBe(100);
  });
});

describe('parseCredential', () => {
  it('accepts printable ASCII', () => {
    expect(parseCredential('api-key', 'abcDEF123-_.~+/=')).toBe('abcDEF123-_.~+/=');
  });

  it.each(['two words', 'clé', 'key\u00a0x'])('refuses %j without quoting it', (text) => {
    let message = '';
    try {
      parseCredential('github-token', text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("Input 'github-token' contains spaces or non-ASCII characters; check that the secret holds the key alone");
  });
});

describe('parseProjectId', () => {
  it.each(['purple-shape-411361', 'p1', 'a_b'])('accepts %s', (text) => {
    expect(parseProjectId('project-id', text)).toBe(text);
  });

  it.each(['-abc', 'a/b', 'a?b', 'a b', '../x', 'p%2F'])('refuses %j, quoting it', (text) => {
    expect(() => parseProjectId('project-id', text)).toThrow(`Input 'project-id' is '${text}', not a project id`);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseProjectId('project-id', 'x'.repeat(101))).toThrow("Input 'project-id' is a 101-character value, not a project id");
  });

  it('refuses a key pasted as the project id, although its characters would do', () => {
    expect(() => parseProjectId('project-id', 'a3f94c0d5e6b7a8190fedcba98765432')).toThrow(
      "Input 'project-id' is a 32-character value that looks like a key or token, not a project id",
    );
  });
});

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
